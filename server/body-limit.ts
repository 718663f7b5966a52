// Request bodies are capped while they stream: a declared Content-Length over the limit is refused
// before a byte is read, and a chunked body is counted as it arrives and cut off at the limit.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { DOWNLOADABLE_MAX_BYTES } from '#app/models/downloadables.schema'
import { AVATAR_MAX_BYTES } from '#app/models/profile.schema'
import { IMAGE_KEYS, IMAGE_MAX_BYTES } from '#app/models/website-settings.schema'
import { normalizeRoutePath } from '#app/rules/request-path'
import { MAX_UPLOAD_BYTES } from '#app/services/storage.server'

/** Forms and JSON. */
const DEFAULT_BODY_LIMIT = 1024 * 1024

/** Multipart framing and the form's other fields on top of the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024

/** Routes that take a file (multipart only), with the largest file each accepts; matched on the normalised path. */
const UPLOAD_ROUTES: [RegExp, number][] = [
  [/^\/api\/file\/upload$/, MAX_UPLOAD_BYTES],
  [/^\/api\/profile\/update_profile_img$/, AVATAR_MAX_BYTES],
  [/^\/profile$/, AVATAR_MAX_BYTES],
  [/^\/products\/file\/(create|edit\/[^/]+)$/, DOWNLOADABLE_MAX_BYTES],
  [/^\/project\/view\/[^/]+$/, MAX_UPLOAD_BYTES],
  // The contributor chat's post form without JavaScript (the team chat posts to the project page above).
  [/^\/chat$/, MAX_UPLOAD_BYTES],
  // The assign dialog: the file for the contributor.
  [/^\/orders\/view\/assign$/, MAX_UPLOAD_BYTES],
  // The reject dialog: every file for the writer together.
  [/^\/orders\/revisions\/reject\/[^/]+$/, MAX_UPLOAD_BYTES],
  // A customer's revision request with its files, on the draft page and through the call (ADR 0062).
  [/^\/my-orders\/[^/]+\/drafts\/[^/]+$/, MAX_UPLOAD_BYTES],
  [/^\/api\/portal\/drafts\/[^/]+\/revision$/, MAX_UPLOAD_BYTES],
  // The customer's brief (ADR 0061): previous documents by the call, and the task page's form (documents, file answers).
  [/^\/api\/portal\/orders\/[^/]+\/(documents|answers\/files)$/, MAX_UPLOAD_BYTES],
  [/^\/my-orders\/[^/]+\/tasks\/[^/]+\/[^/]+$/, MAX_UPLOAD_BYTES],
  // The contributor's order page (drafts, final documents, rejection files, chat files) and its draft calls (ADR 0067).
  [/^\/work\/orders\/[^/]+$/, MAX_UPLOAD_BYTES],
  [/^\/api\/writer\/orders\/[^/]+\/drafts(\/[^/]+\/reject)?$/, MAX_UPLOAD_BYTES],
  // Customize Client Portal: the logo, welcome and login images saved together.
  [/^\/website-settings\/ui$/, IMAGE_KEYS.length * IMAGE_MAX_BYTES],
]

/** Stripe's events are JSON of a few kB (an invoice with many lines a few dozen): 512 kB is ample (ADR 0031). */
export const STRIPE_WEBHOOK_BODY_LIMIT = 512 * 1024
const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe'

export function bodyLimitFor(pathname: string, contentType: string | undefined): number {
  // Only lowers a cap, so a spelling that escapes this plain comparison just gets the default one,
  // and the other requests pay no path normalisation.
  if (pathname.toLowerCase() === STRIPE_WEBHOOK_PATH) return STRIPE_WEBHOOK_BODY_LIMIT
  if (!/^multipart\/form-data\b/i.test(contentType ?? '')) return DEFAULT_BODY_LIMIT
  // The path as Remix routes it (case, escapes, `.data` of single-fetch posts): see request-path.ts.
  const path = normalizeRoutePath(pathname)
  const upload = UPLOAD_ROUTES.find(([pattern]) => pattern.test(path))
  return upload ? upload[1] + MULTIPART_OVERHEAD : DEFAULT_BODY_LIMIT
}

class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body over ${limit} bytes`)
  }
}

export function declaredLength(req: IncomingMessage): number | null {
  const value = req.headers['content-length']
  if (value === undefined) return null
  const n = Number(value)
  return Number.isSafeInteger(n) && n >= 0 ? n : null
}

/**
 * The request body as a web stream that counts bytes as they arrive. Past `limit` it stops reading
 * (the socket is paused, nothing more is buffered), calls `onTooLarge` and errors the stream, so
 * whatever was reading the body gives up. Backpressure: the socket pauses while the reader lags.
 * `stop()` detaches it once an answer is out, so nothing more is queued for a reader that is gone.
 */
export function limitedBody(req: IncomingMessage, limit: number, onTooLarge: () => void): { stream: ReadableStream<Uint8Array>; stop: () => void } {
  let seen = 0
  let done = false
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (done) return
          seen += chunk.length
          if (seen > limit) {
            done = true
            req.pause()
            onTooLarge()
            controller.error(new BodyTooLargeError(limit))
            return
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 1) <= 0) req.pause()
        })
        req.on('end', () => {
          if (done) return
          done = true
          controller.close()
        })
        req.on('error', (error) => {
          if (done) return
          done = true
          controller.error(error)
        })
      },
      pull() {
        if (!done) req.resume()
      },
      cancel() {
        done = true
        req.pause()
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  )
  return { stream, stop: () => (done = true) }
}

/**
 * How long, and for how many bytes, the rest of a refused body is read and dropped before closing (nginx's
 * lingering close): until the client pauses for LINGER_IDLE_MS, at most LINGER_MAX_MS and LINGER_BYTES in all.
 * Socket buffers alone hold several MB in flight, so a smaller cap resets clients mid-answer; a fixed 2 s
 * reset a busy client that was still sending when it would have read the answer a moment later.
 */
const LINGER_IDLE_MS = 2_000
const LINGER_MAX_MS = 10_000
const LINGER_BYTES = 64 * 1024 * 1024

/**
 * After answering a request whose body is still arriving: read and drop what the client keeps
 * sending for a moment, so it reads our answer instead of a connection reset, then close. Nothing
 * is kept, and the time and bytes are bounded. A client that finishes in time keeps its connection.
 */
export function lingerThenClose(req: IncomingMessage, res: ServerResponse) {
  if (req.complete) return
  res.once('finish', () => {
    if (req.complete) return
    let dropped = 0
    const close = () => {
      clearTimeout(idle)
      clearTimeout(cap)
      req.socket.destroy()
    }
    let idle = setTimeout(close, LINGER_IDLE_MS)
    const cap = setTimeout(close, LINGER_MAX_MS)
    idle.unref()
    cap.unref()
    req.on('data', (chunk: Buffer) => {
      dropped += chunk.length
      if (dropped > LINGER_BYTES) return close()
      clearTimeout(idle)
      idle = setTimeout(close, LINGER_IDLE_MS)
      idle.unref()
    })
    req.once('end', () => {
      clearTimeout(idle)
      clearTimeout(cap)
    })
    req.resume()
  })
}
