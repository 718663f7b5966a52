// Work done once per incoming request. Remix hands each loader of a page its own copy of the Request,
// so a cache keyed by the Request object misses; server.ts stamps every request with a fresh id
// (REQUEST_ID_HEADER, never the client's), and the loaders of one GET share what was computed under it.

export const REQUEST_ID_HEADER = 'x-draftdesk-request-id'

/** Long enough for any page's loaders; entries then go, ids are never reused. */
const KEEP_MS = 10_000

const byId = new Map<string, { at: number; value: unknown }>()
const byRequest = new WeakMap<Request, Map<string, unknown>>()
let nextSweep = 0

function sweep(now: number) {
  if (now < nextSweep) return
  nextSweep = now + KEEP_MS
  for (const [key, entry] of byId) if (now - entry.at > KEEP_MS) byId.delete(key)
}

/**
 * `compute()` once per request and name. Only reads share by request id (GET and HEAD): an action
 * may change what it read (a login, an organisation switch), so other methods share per Request
 * object only (or not at all: `perRequestObject: false`), as do calls without the server's id (tests
 * calling a loader directly).
 */
export function oncePerRequest<T>(request: Request, name: string, compute: () => T, opts: { perRequestObject?: boolean } = {}): T {
  const id = request.method === 'GET' || request.method === 'HEAD' ? request.headers.get(REQUEST_ID_HEADER) : null
  if (!id) {
    if (opts.perRequestObject === false) return compute()
    let values = byRequest.get(request)
    if (!values) byRequest.set(request, (values = new Map()))
    if (!values.has(name)) values.set(name, compute())
    return values.get(name) as T
  }
  const now = Date.now()
  sweep(now)
  const key = `${id}\u0000${name}`
  const found = byId.get(key)
  if (found) return found.value as T
  const value = compute()
  byId.set(key, { at: now, value })
  return value
}
