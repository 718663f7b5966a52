// Pages and JSON are whole in memory before they leave (entry.server.tsx renders one string, a JSON answer is
// one), so they are compressed in one call instead of through a zlib stream, the compression middleware's way:
// the stream's set-up and its round trip through libuv's threads cost more than compressing a small answer, and
// browsers were getting brotli at quality 4, twice gzip level 1's CPU on a list page (ADR 0113). Everything
// else (downloads, reports, event streams, assets) still streams through the middleware in server.ts.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Below this an answer goes as it is (the compression middleware's own threshold). */
const THRESHOLD_BYTES = 1024
/** Brotli's quality for answers made on every request: its fastest, still smaller than gzip level 1 for our pages. */
export const BROTLI_QUALITY = 1

/**
 * The answers rendered or serialised whole: pages, JSON, and single fetch's data (nothing defers data). A
 * download (Content-Disposition) or an answer already encoded streams as it is, whatever its type: a file is
 * never read into memory here.
 */
export function isWholeAnswer(headers: Headers): boolean {
  if (headers.has('Content-Disposition') || headers.has('Content-Encoding')) return false
  return /^(text\/html|text\/x-script|application\/([\w.+-]*\+)?json)\b/i.test(headers.get('Content-Type') ?? '')
}

export type AnswerEncoding = 'br' | 'gzip' | 'identity'

/**
 * Brotli when the client accepts it, else gzip, else the answer as it is (browsers weigh the two alike; the
 * compression middleware prefers brotli too).
 */
export function answerEncoding(req: { acceptsEncodings(encoding: string): string | false }, bytes: number): AnswerEncoding {
  if (bytes < THRESHOLD_BYTES) return 'identity'
  if (req.acceptsEncodings('br')) return 'br'
  return req.acceptsEncodings('gzip') ? 'gzip' : 'identity'
}

export function encodeAnswer(body: Buffer, encoding: AnswerEncoding, gzipLevel: number): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
  if (encoding === 'gzip') return gzipSync(body, { level: gzipLevel })
  return body
}
