// The route a request path reaches, written one way. Remix resolves dot segments, decodes each
// segment and matches routes case-insensitively, so anything that decides by path (the same-origin
// guard, body limits) must compare the same form, or `/LOGOUT` and `/logou%74` slip past it.
import { BoundedMap } from './bounded-map'

/** Decodes one path segment as React Router does: a decoded `/` stays `%2f`; a malformed escape stays as written. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).replace(/\//g, '%2f')
  } catch {
    return segment
  }
}

/** Paths asked for again and again (a list page, its JSON): each is normalised once (ADR 0115). */
const normalized = new BoundedMap<string, string>(2048)
const LONGEST_PATH_KEPT = 256

/**
 * Lower-case, decoded, dot segments resolved, `//` collapsed, without a trailing `/` or the `.data`
 * suffix of Remix single-fetch requests. Never throws.
 */
export function normalizeRoutePath(pathname: string): string {
  const known = normalized.get(pathname)
  if (known !== undefined) return known
  const path = normalizedOnce(pathname)
  if (pathname.length <= LONGEST_PATH_KEPT) normalized.set(pathname, path)
  return path
}

function normalizedOnce(pathname: string): string {
  let path = pathname
  try {
    // The same URL parsing that builds the Request Remix sees: resolves `.`/`..` (`%2e` too), `\`.
    path = new URL(`http://path.invalid${pathname.startsWith('/') ? '' : '/'}${pathname}`).pathname
  } catch {
    // Keep the raw path; the steps below still apply.
  }
  const decoded = path.split('/').map(decodeSegment).join('/').toLowerCase()
  // After collapsing, at most one `/` can end the path.
  const collapsed = decoded.replace(/\/{2,}/g, '/').replace(/\/$/, '')
  return collapsed.replace(/\.data$/, '').replace(/\/$/, '') || '/'
}
