// Server rendering: renders the whole document as one string (ADR 40), reports render time in
// Server-Timing, and logs unexpected errors with a request id instead of leaking them to the page.
import { randomUUID } from 'node:crypto'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToBuffers } from 'react-dom/server'
import { answerWithBytes } from '#app/services/answer-bytes.server'
import { dependencyFailure } from '#app/services/dependency-failure.server'
import { NonceProvider } from '#app/ui/nonce'

/** What Remix's StreamTransfer caches per chunk of the loader data it writes into the page. */
type StreamChunk = Promise<void> & { result?: { done: boolean; value: string } }
type RenderMeta = { streamCache?: Record<number, StreamChunk> }

const DOCTYPE = Buffer.from('<!DOCTYPE html>')

const settled = (done: boolean, value: string): StreamChunk => Object.assign(Promise.resolve(), { result: { done, value } })

/** A stream with nothing left to read, for RemixServer's own reader of the loader data. */
const closedStream = () => new ReadableStream<Uint8Array>({ start: (controller) => controller.close() })

/**
 * Reads the loader data Remix streams into the page (single fetch) before the render and hands it to
 * StreamTransfer's cache, so that component never suspends: the data script then renders in the same
 * pass as the rest of the document. Nothing defers data, so the stream is one chunk and its end; later
 * chunks (deferred data) would simply join the first.
 */
async function prefillLoaderData(remixContext: EntryContext) {
  const context = remixContext as EntryContext & { serverHandoffStream?: ReadableStream<Uint8Array>; renderMeta?: RenderMeta }
  if (!context.serverHandoffStream || !context.renderMeta) return
  const reader = context.serverHandoffStream.getReader()
  const decoder = new TextDecoder()
  let data = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    data += decoder.decode(value, { stream: true })
  }
  data += decoder.decode()
  // RemixServer asks for a reader of its own, which finds everything in the cache: it gets an empty
  // closed stream. Not reader.releaseLock(): that rejects the reader's closed promise with a fresh
  // TypeError whose stack Node maps through the server build's source map (2 MB, parsed again each
  // time), a tenth of a list page's CPU.
  context.serverHandoffStream = closedStream()
  context.renderMeta.streamCache = { 0: settled(false, data), 1: settled(true, '') }
}

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const started = performance.now()
  // The Content-Security-Policy header (server.ts) allows only scripts carrying this nonce.
  const nonce = loadContext?.cspNonce ?? ''
  await prefillLoaderData(remixContext)
  // The whole document as one string (ADR 40): the streaming renderer encoded each of a list page's
  // thousands of small pieces into bytes on its own, a sixth of the page's CPU. A render error throws
  // here, as a shell error rejected before, and Remix renders the error boundary instead.
  const html = renderToBuffers(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  )
  responseHeaders.set('Content-Type', 'text/html')
  responseHeaders.append('Server-Timing', `render;dur=${(performance.now() - started).toFixed(2)}`)
  // The legacy renderer leaves out the doctype the streaming one wrote before <html>. A Buffer, not the
  // string: a string body is first checked character by character for lone surrogates.
  return answerWithBytes(Buffer.concat([DOCTYPE, ...html]), { headers: responseHeaders, status: responseStatusCode })
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  // Remix's own 4xx answers (a method a route does not serve, an unknown URL) are the caller's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) return
  // MariaDB or Redis away (ADR 0086): the server answers 503 with Retry-After instead of the 500; one line, not a stack.
  const dependency = dependencyFailure(error)
  if (dependency && context?.failure) {
    context.failure.dependency = dependency
    console.error(`[request] ${request.method} ${new URL(request.url).pathname}: ${dependency} unavailable (${error instanceof Error ? error.message : String(error)})`)
    return
  }
  console.error(`[request ${randomUUID()}] ${request.method} ${new URL(request.url).pathname}`, error)
}
