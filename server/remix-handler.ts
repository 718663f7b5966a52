// Hands Express requests to Remix (in place of @remix-run/express's handler) so that the body Remix
// reads is the size-limited stream, the CSP nonce reaches the render, and answers get our caching rule.
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction, RequestHandler } from 'express'
import type { IncomingHttpHeaders } from 'node:http'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { bodyLimitFor, declaredLength, limitedBody, lingerThenClose } from './body-limit'
import { refuse } from './refuse'
import { installRouteMatchCache } from './route-match-cache'
import { answerUnavailable } from './unavailable'
import { answerEncoding, encodeAnswer, isWholeAnswer } from './whole-answer'
import type { Dependency } from '#app/services/dependency-failure.server'
import { answerBytesOf } from '#app/services/answer-bytes.server'
import { hasSessionCookie } from '#app/services/origin.server'

type Options = {
  build: ServerBuild
  /** The gzip level of pages and JSON (COMPRESSION_LEVEL, ADR 0104). */
  gzipLevel: number
  /** The compression middleware for what streams (downloads, reports, event streams, HEAD answers). */
  compressStreams: RequestHandler
}

const TOO_LARGE = 'The request is too large.'

function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers()
  for (const [key, values] of Object.entries(incoming)) {
    if (values === undefined) continue
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value)
  }
  return headers
}

/**
 * Streams the body in batches: React renders a page as many 2 kB chunks that arrive together, so
 * they are corked and leave as one write (and one compression flush) per turn of the event loop
 * rather than one system call and one gzip flush each; a stream that pauses still flushes at once.
 */
async function send(req: ExpressRequest, res: ExpressResponse, response: Response, { gzipLevel, compressStreams }: Omit<Options, 'build'>) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers.entries()) res.append(key, value)
  if (mustNotBeStored(response, hasSessionCookie(req.headers.cookie))) res.setHeader('Cache-Control', 'no-store')
  if (!response.body) return void res.end()
  if (req.method !== 'HEAD' && isWholeAnswer(response.headers)) {
    // Compressed here in one call, without the middleware. A page or apiJson answer brings its bytes: its
    // body's stream is left unread (ADR 0115).
    const body = answerBytesOf(response) ?? Buffer.from(await response.arrayBuffer())
    const encoding = answerEncoding(req, body.length)
    const encoded = encodeAnswer(body, encoding, gzipLevel)
    res.vary('Accept-Encoding')
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
    res.setHeader('Content-Length', encoded.length)
    return void res.end(encoded)
  }
  // The middleware wraps this response's writes before the first one; a whole answer never pays for that.
  await new Promise<void>((resolve) => compressStreams(req, res, () => resolve()))
  const flushable = res as ExpressResponse & { flush?: () => void }
  const reader = response.body.getReader()
  let pending: NodeJS.Immediate | null = null
  const flush = () => {
    pending = null
    while (res.writableCorked > 0) res.uncork()
    flushable.flush?.()
  }
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (!pending) {
        res.cork()
        pending = setImmediate(flush)
      }
      res.write(value)
    }
    if (pending) clearImmediate(pending)
    flush()
    res.end()
  } catch (error) {
    if (pending) clearImmediate(pending)
    res.destroy(error as Error)
    throw error
  }
}

/** JSON answers and anything shown to a signed-in browser must never be stored by a cache. */
function mustNotBeStored(response: Response, signedIn: boolean): boolean {
  const type = response.headers.get('Content-Type') ?? ''
  const json = /^application\/([\w.+-]*\+)?json\b/i.test(type)
  const page = /^text\/(html|x-script)\b/i.test(type)
  return json || (signedIn && page)
}

export function remixHandler({ build, ...sending }: Options) {
  installRouteMatchCache()
  const handle = createRequestHandler(build, 'production')
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const limit = bodyLimitFor(req.path, req.headers['content-type'])
    if ((declaredLength(req) ?? 0) > limit) return refuse(req, res, 413, TOO_LARGE)
    // The Host header, never X-Forwarded-Host: nothing may build links from this anyway (see publicUrl).
    let url: URL
    try {
      url = new URL(`${req.protocol}://${req.headers.host ?? 'localhost'}${req.originalUrl}`)
    } catch {
      return refuse(req, res, 400, 'Bad request.')
    }

    let tooLarge = false
    let controller: AbortController | null = new AbortController()
    res.on('finish', () => (controller = null))
    res.on('close', () => controller?.abort())

    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const headers = toHeaders(req.headers)
    // Never believed (ADR 0044), and Remix compares a form post's Origin with it before the Host: a
    // forged one turned every page action into a 500. The same-origin guard has judged the Origin already,
    // against every origin that is ours (the public URL too, whatever Host the request came by), so Remix's
    // narrower Origin-equals-Host check is not repeated: it answered 500 to a post it should accept or refuse.
    headers.delete('x-forwarded-host')
    headers.delete('origin')
    const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
    const body = hasBody
      ? limitedBody(req, limit, () => {
          tooLarge = true
          // An aborted request is not logged as an app error (entry.server.tsx handleError).
          controller?.abort()
        })
      : null
    if (body) {
      init.body = body.stream
      init.duplex = 'half'
    }

    try {
      const request = new Request(url.href, init)
      let response: Response | null = null
      // handleError (app/entry.server.tsx) notes here when the request failed because MariaDB or Redis is away.
      const failure: { dependency: Dependency | null } = { dependency: null }
      try {
        response = await handle(request, { cspNonce: res.locals.cspNonce as string, failure })
      } catch (error) {
        if (!tooLarge) throw error
      }
      body?.stop()
      if (tooLarge || !response) {
        await response?.body?.cancel().catch(() => {})
        return refuse(req, res, 413, TOO_LARGE)
      }
      // A 503 with Retry-After, not the 500 page (ADR 0086): nothing is wrong with the request, only with the moment.
      if (failure.dependency && response.status >= 500) {
        await response.body?.cancel().catch(() => {})
        return answerUnavailable(req, res)
      }
      // A body the route did not read to the end is dropped, not kept.
      if (hasBody) lingerThenClose(req, res)
      await send(req, res, response, sending)
    } catch (error) {
      next(error)
    }
  }
}
