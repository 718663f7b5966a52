// Matches `METHOD /v1/...` to a handler and gives it decoded params and path ids.
import type { Emulator } from './emulator'
import { invalidRequest } from './errors'
import type { ParamObject } from './form'
import { optInt, optString } from './params'
import type { Json } from './render'

/** `account`: the connected account of the request (`Stripe-Account`), null for the platform's own calls. */
export type HandlerContext = { em: Emulator; params: ParamObject; path: Record<string, string>; account: string | null }
export type Handler = (ctx: HandlerContext) => Json
/** `connect`: the route keeps each connected account's objects apart, so it may be called with `Stripe-Account`. */
export type Route = { method: 'GET' | 'POST' | 'DELETE'; pattern: string; handler: Handler; connect: boolean }

export function route(method: Route['method'], pattern: string, handler: Handler, options: { connect?: boolean } = {}): Route {
  return { method, pattern, handler, connect: options.connect ?? false }
}

export function matchRoute(routes: Route[], method: string, pathname: string): { route: Route; path: Record<string, string> } | { methodMismatch: true } | null {
  const segments = pathname.split('/').filter(Boolean)
  let methodMismatch = false
  for (const candidate of routes) {
    const parts = candidate.pattern.split('/').filter(Boolean)
    if (parts.length !== segments.length) continue
    const path: Record<string, string> = {}
    const matches = parts.every((part, i) => {
      if (part.startsWith(':')) {
        try {
          path[part.slice(1)] = decodeURIComponent(segments[i]!)
        } catch {
          return false
        }
        return true
      }
      return part === segments[i]
    })
    if (!matches) continue
    if (candidate.method !== method) {
      methodMismatch = true
      continue
    }
    return { route: candidate, path }
  }
  return methodMismatch ? { methodMismatch: true } : null
}

/** Stripe's cursor pagination over a newest-first list: limit (1-100), starting_after, ending_before. */
export function paginate<T extends { id: string }>(url: string, newestFirst: T[], params: ParamObject, render: (item: T) => Json): Json {
  const limit = optInt(params, 'limit') ?? 10
  if (limit < 1 || limit > 100) throw invalidRequest('This value must be between 1 and 100 (it currently is ' + limit + ').', 'limit')
  const startingAfter = optString(params, 'starting_after')
  const endingBefore = optString(params, 'ending_before')
  let items = newestFirst
  if (startingAfter) {
    const index = items.findIndex((i) => i.id === startingAfter)
    items = index < 0 ? [] : items.slice(index + 1)
  } else if (endingBefore) {
    const index = items.findIndex((i) => i.id === endingBefore)
    items = index < 0 ? [] : items.slice(Math.max(0, index - limit), index)
    return { object: 'list', data: items.map(render), has_more: index - limit > 0, url }
  }
  return { object: 'list', data: items.slice(0, limit).map(render), has_more: items.length > limit, url }
}

/** Newest first, as Stripe lists; Map insertion order is creation order. */
export function newestFirst<T>(values: Iterable<T>): T[] {
  return [...values].reverse()
}
