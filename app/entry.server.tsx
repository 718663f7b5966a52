// Server rendering: renders the whole document, reports render time in Server-Timing,
// and logs unexpected errors with a request id instead of leaking them to the page.
import { Writable } from 'node:stream'
import { randomUUID } from 'node:crypto'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
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
  const started = performance.now()
  // The Content-Security-Policy header (server.ts) allows only scripts carrying this nonce.
  const nonce = loadContext?.cspNonce ?? ''
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const app = (
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>
    )
    // No page defers data, so the whole document is ready at once: it leaves as one body instead of
    // hundreds of small chunks through a web stream (a sixth of a list page's CPU went to moving them).
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onShellReady() {
        shellRendered = true
      },
      onAllReady() {
        const chunks: Buffer[] = []
        const body = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk)
            done()
          },
          final(done) {
            responseHeaders.set('Content-Type', 'text/html')
            responseHeaders.append('Server-Timing', `render;dur=${(performance.now() - started).toFixed(2)}`)
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }))
            done()
          },
        })
        body.on('error', reject)
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
