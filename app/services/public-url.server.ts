// Absolute links the app e-mails or returns (reset, welcome, log-in-as, checkout, cart). They come
// from configuration (PUBLIC_URL), never from the request's Host or X-Forwarded-* headers, which
// anyone can forge. A tenant's verified domain can later take PUBLIC_URL's place here.
import { env } from './env.server'

export function publicOrigin(): string {
  return env().PUBLIC_URL
}

/** `path` is an absolute path on our site ('/login', '/checkout?item=x'). */
export function publicUrl(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`publicUrl expects a path starting with one '/': ${path}`)
  return `${publicOrigin()}${path}`
}
