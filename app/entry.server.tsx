// Server rendering: streams HTML (whole documents for bots), reports render time in Server-Timing,
// and logs unexpected errors with a request id instead of leaking them to the page.
import { PassThrough } from 'node:stream'
import { randomUUID } from 'node:crypto'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from '#app/utils/nonce'

const ABORT_DELAY = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
  const started = performance.now()
  // The Content-Security-Policy header (server.ts) allows only scripts carrying this nonce.
  const nonce = loadContext?.cspNonce ?? ''
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const app = (
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>
    )
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [waitForAll ? 'onAllReady' : 'onShellReady']() {
        shellRendered = true
        const body = new PassThrough()
        responseHeaders.set('Content-Type', 'text/html')
        responseHeaders.append('Server-Timing', `render;dur=${(performance.now() - started).toFixed(2)}`)
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
        pipe(body)
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) console.error(error)
      },
    })
    setTimeout(abort, ABORT_DELAY)
  })
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  // Remix's own 4xx answers (a method a route does not serve, an unknown URL) are the caller's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) return
  console.error(`[request ${randomUUID()}] ${request.method} ${new URL(request.url).pathname}`, error)
}
