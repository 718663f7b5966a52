import fs from 'node:fs'
import { createRequire } from 'node:module'
import { matchRoutes } from '@remix-run/router'
import { describe, expect, it, vi } from 'vitest'
import { cachedMatchRoutes, MAX_PATHS_PER_TREE, type MatchRoutes, type RouteLike } from './route-match-cache'

/** A tree shaped like Remix's: root, a pathless layout with pages, resource routes, params and a splat. */
function tree(): RouteLike[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'routes/_index', index: true },
        {
          id: 'routes/_app',
          children: [
            { id: 'routes/_app.customers.view', path: 'customers/view' },
            { id: 'routes/_app.project.view.$orderId', path: 'project/view/:orderId' },
            { id: 'routes/_app.orders.view', path: 'orders/view', children: [{ id: 'routes/_app.orders.view.assign', path: 'assign' }] },
          ],
        },
        { id: 'routes/api.client.orders', path: 'api/client/orders' },
        { id: 'routes/api.client.orders_.invoices', path: 'api/client/orders/invoices' },
        { id: 'routes/api.file.download.$key', path: 'api/file/download/:key' },
        { id: 'routes/$', path: '*' },
      ],
    },
  ]
}

const original = matchRoutes as unknown as MatchRoutes
const PATHS = [
  '/',
  '/customers/view',
  '/customers/view/',
  '/project/view/abc123',
  '/orders/view',
  '/orders/view/assign',
  '/api/client/orders',
  '/api/client/orders/invoices',
  '/api/file/download/1_x.pdf',
  '/nowhere/at/all',
  '/project/view/a%20b',
  '/CUSTOMERS/view',
]

const plain = (matches: ReturnType<MatchRoutes>) => matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null

describe('cachedMatchRoutes', () => {
  it('answers exactly what matchRoutes answers, first time and from memory', () => {
    const cached = cachedMatchRoutes(original)
    const routes = tree()
    for (let round = 0; round < 2; round++) {
      for (const path of PATHS) expect(plain(cached(routes, path)), path).toEqual(plain(original(routes, path)))
    }
  })

  it('matches once per tree shape and path, also across fresh trees of the same shape (one per render)', () => {
    const spy = vi.fn(original)
    const cached = cachedMatchRoutes(spy)
    const first = tree()
    cached(first, '/customers/view')
    const second = tree()
    const matches = cached(second, '/customers/view?tab=1#top')!
    expect(spy).toHaveBeenCalledTimes(1)
    // The route objects are the given tree's own, never those of the tree that was matched first.
    expect(matches.map((m) => m.route)).toEqual([second[0], second[0]!.children![1], second[0]!.children![1]!.children![0]])
    expect(matches[0]!.route).toBe(second[0])
  })

  it('reads a location object and the basename as matchRoutes does', () => {
    const cached = cachedMatchRoutes(original)
    const routes = tree()
    expect(plain(cached(routes, { pathname: '/orders/view/assign' }))).toEqual(plain(original(routes, { pathname: '/orders/view/assign' })))
    expect(plain(cached(routes, '/app/customers/view', '/app'))).toEqual(plain(original(routes, '/app/customers/view', '/app')))
    expect(cached(routes, '/customers/view', '/app')).toEqual(original(routes, '/customers/view', '/app'))
  })

  it('hands out copies: a caller changing params does not change the next answer', () => {
    const cached = cachedMatchRoutes(original)
    const routes = tree()
    cached(routes, '/project/view/abc')![2]!.params.orderId = 'changed'
    expect(cached(routes, '/project/view/abc')![2]!.params.orderId).toBe('abc')
  })

  it('tells trees of another shape apart and leaves trees without ids to matchRoutes', () => {
    const spy = vi.fn(original)
    const cached = cachedMatchRoutes(spy)
    cached(tree(), '/customers/view')
    const other = tree()
    other[0]!.children![1]!.children![0]!.path = 'people/view'
    expect(cached(other, '/customers/view')?.at(-1)?.route.id).toBe('routes/$')
    const anonymous: RouteLike[] = [{ path: '/customers/view' }]
    cached(anonymous, '/customers/view')
    cached(anonymous, '/customers/view')
    expect(spy).toHaveBeenCalledTimes(4)
  })

  it('forgets when a tree has seen too many paths (ids in paths are unbounded)', () => {
    const spy = vi.fn(original)
    const cached = cachedMatchRoutes(spy)
    const routes = tree()
    for (let i = 0; i <= MAX_PATHS_PER_TREE; i++) cached(routes, `/project/view/${i}`)
    spy.mockClear()
    cached(routes, '/project/view/1')
    expect(spy).toHaveBeenCalledTimes(1)
  })
})

// patches/ (applied by postinstall): the router's data query matches through the export, and the
// render reuses its routes. On an upgrade of Remix these fail until the patches are redone.
describe('the patched Remix internals', () => {
  const require = createRequire(import.meta.url)

  it("the router's data query and route query match through the exported matchRoutes", async () => {
    const router = require('@remix-run/router') as {
      matchRoutes: MatchRoutes
      createStaticHandler: (routes: unknown[]) => { query: (r: Request) => Promise<unknown>; queryRoute: (r: Request) => Promise<unknown> }
    }
    const exported = router.matchRoutes
    const spy = vi.fn(exported)
    router.matchRoutes = spy
    try {
      const handler = router.createStaticHandler([{ id: 'root', path: '/', children: [{ id: 'page', path: 'page', loader: () => null }] }])
      await handler.query(new Request('http://localhost/page'))
      await handler.queryRoute(new Request('http://localhost/page'))
      expect(spy).toHaveBeenCalledTimes(2)
    } finally {
      router.matchRoutes = exported
    }
  })

  it('the static router converts the same routes once', () => {
    const { createStaticRouter } = require('react-router-dom/server') as { createStaticRouter: (routes: unknown[], context: unknown) => { routes: unknown[] } }
    const routes = [{ id: 'root', path: '/' }]
    const context = { basename: '/', location: { pathname: '/' }, matches: [], loaderData: {}, actionData: null, errors: null }
    expect(createStaticRouter(routes, context).routes).toBe(createStaticRouter(routes, context).routes)
  })

  it("Remix's server render builds its routes once per manifest", () => {
    const source = fs.readFileSync(require.resolve('@remix-run/react/dist/server.js'), 'utf8')
    expect(source).toContain('serverRoutesOf(manifest.routes, routeModules, context.future, context.isSpaMode)')
  })
})
