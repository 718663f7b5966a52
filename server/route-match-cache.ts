// Remembers Remix's route matching (ADR 0027). @remix-run/router's matchRoutes flattens and ranks the
// whole route tree and compiles a RegExp for each route it tries, on every call; a page makes three
// such calls and a JSON call two, so with ~200 routes matching cost more than rendering a small page.
// The answer depends only on the tree's shape and the path, so each (shape, path) is matched once.
import { createRequire } from 'node:module'

export type RouteLike = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteLike[] }
export type RouteMatch = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: RouteLike }
export type MatchRoutes = (routes: RouteLike[], location: string | { pathname?: string }, basename?: string) => RouteMatch[] | null

/** Paths remembered per route tree; beyond it the memory starts over (paths with ids are unbounded). */
export const MAX_PATHS_PER_TREE = 5000

type Remembered = { id: string; params: Record<string, string | undefined>; pathname: string; pathnameBase: string }[] | null

/** Every property matching reads, so two trees with the same shape answer the same. */
function shapeOf(routes: RouteLike[]): string | null {
  let shape = ''
  for (const r of routes) {
    if (typeof r.id !== 'string') return null
    shape += `${r.id}\u0001${r.path ?? ''}\u0001${r.index ? 1 : 0}${r.caseSensitive ? 1 : 0}`
    if (r.children?.length) {
      const children = shapeOf(r.children)
      if (children === null) return null
      shape += `\u0002${children}\u0003`
    }
    shape += '\u0004'
  }
  return shape
}

/** The route objects of this tree along the remembered ids (trees of the same shape hold the same ids). */
function rebuild(routes: RouteLike[], remembered: NonNullable<Remembered>): RouteMatch[] | null {
  const matches: RouteMatch[] = []
  let level: RouteLike[] | undefined = routes
  for (const m of remembered) {
    const route: RouteLike | undefined = level?.find((r) => r.id === m.id)
    if (!route) return null
    matches.push({ params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase, route })
    level = route.children
  }
  return matches
}

export function cachedMatchRoutes(matchRoutes: MatchRoutes): MatchRoutes {
  // Remix's server routes are one array for the life of the process; the render builds a new tree
  // of the same shape per request, recognised by its shape.
  const shapes = new WeakMap<RouteLike[], string | null>()
  const byShape = new Map<string, Map<string, Remembered>>()
  return function matchRoutesOnce(routes, location, basename = '/') {
    let shape = shapes.get(routes)
    if (shape === undefined) shapes.set(routes, (shape = shapeOf(routes)))
    const pathname = typeof location === 'string' ? location : location?.pathname
    if (shape === null || typeof pathname !== 'string') return matchRoutes(routes, location, basename)
    // What matchRoutes reads of a location: its pathname (a string location may carry ?search#hash).
    const path = pathname.split(/[?#]/)[0]!
    let paths = byShape.get(shape)
    if (!paths) byShape.set(shape, (paths = new Map()))
    const key = `${basename}\u0000${path}`
    const remembered = paths.get(key)
    if (remembered === null) return null
    if (remembered) {
      const rebuilt = rebuild(routes, remembered)
      if (rebuilt) return rebuilt
    }
    const matches = matchRoutes(routes, location, basename)
    if (paths.size >= MAX_PATHS_PER_TREE) paths.clear()
    paths.set(key, matches ? matches.map((m) => ({ id: m.route.id!, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase })) : null)
    return matches
  }
}

let installed = false

/**
 * Puts the remembering matchRoutes in place of @remix-run/router's export, which Remix's server
 * runtime and React Router's render read at each call. (The router's own data query calls its
 * internal copy, so one match per request remains.)
 */
export function installRouteMatchCache() {
  if (installed) return
  installed = true
  const router = createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: MatchRoutes }
  router.matchRoutes = cachedMatchRoutes(router.matchRoutes)
}
