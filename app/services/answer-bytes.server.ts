// A page or JSON answer made whole in memory keeps its bytes on its Response, so that server/remix-handler.ts
// compresses and sends them as they are instead of reading them back through the body's web stream (ADR 0115).
// The key is Symbol.for: the Remix build and the server each load this module, and must name the same key.
const BYTES = Symbol.for('draftdesk.answer-bytes')

type WithBytes = Response & { [BYTES]?: Buffer }

/** A Response whose body is `bytes`, readable as usual and, by the server, without its stream. */
export function answerWithBytes(bytes: Buffer, init: ResponseInit): Response {
  // A Buffer is a Uint8Array, a body Response takes; TypeScript's DOM types miss that for Buffer<ArrayBufferLike>.
  const response = new Response(bytes as Uint8Array<ArrayBuffer>, init) as WithBytes
  // Not writable: nothing may make the bytes differ from the body that Remix or a reader sees.
  Object.defineProperty(response, BYTES, { value: bytes })
  return response
}

/** The bytes an answer was made from, if it was made by answerWithBytes. */
export function answerBytesOf(response: Response): Buffer | undefined {
  return (response as WithBytes)[BYTES]
}
