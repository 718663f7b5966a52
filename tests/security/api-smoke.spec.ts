// Every JSON route, through the real HTTP server, as nobody, a restricted staff member, the owner
// (with malformed bodies) and the platform superadmin: never a 5xx. The routes are read from
// app/routes at test time, so a new route is smoke-tested the day it lands.
import { readdirSync } from 'node:fs'
import { expect, test, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from '@playwright/test'
import { createOrganisation, createTenant, createUser } from '#tests/factories/index'
import { sessionCookie } from '#tests/factories/session'
import { codeFrom, waitForMail } from '#tests/mailbox'
import { sessionCookieFor } from '#tests/e2e/fixtures'
import { DEMO_ORG, DEMO_PASSWORD, ORIGIN_HEADERS, organisationChoice, sessionCookieFrom } from './helpers'
import { exports, randomId, ROUTES_DIR, routeSource, urlPathFor } from './route-urls'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
type Method = (typeof METHODS)[number]

type ApiRoute = { file: string; path: string; servesGet: boolean; servesWrites: boolean }

function discoverApiRoutes(): ApiRoute[] {
  return readdirSync(ROUTES_DIR)
    .filter((file) => /^api\..+\.[jt]sx?$/.test(file))
    .sort()
    .map((file) => {
      const source = routeSource(file)
      return { file, path: urlPathFor(file), servesGet: exports(source, 'loader'), servesWrites: exports(source, 'action') }
    })
}

const ROUTES = discoverApiRoutes()
// Every route in some group: groups are separate tests, so Playwright's workers call them side by side.
const ROUTES_PER_TEST = 12
const ROUTE_GROUPS = Array.from({ length: Math.ceil(ROUTES.length / ROUTES_PER_TEST) }, (_, i) => ROUTES.slice(i * ROUTES_PER_TEST, (i + 1) * ROUTES_PER_TEST))
const groupLabel = (index: number) => `${index * ROUTES_PER_TEST + 1}-${index * ROUTES_PER_TEST + ROUTE_GROUPS[index]!.length} of ${ROUTES.length}`

type Body = { label: string; data?: string; contentType?: string; headers?: Record<string, string> }
const JSON_TYPE = 'application/json'
const HUGE = 'x'.repeat(100_000)
const EMPTY_OBJECT: Body = { label: '{}', data: '{}', contentType: JSON_TYPE }
const MALFORMED_BODIES: Body[] = [
  { label: 'empty', data: '', contentType: JSON_TYPE },
  { label: 'invalid JSON', data: '{"name": ', contentType: JSON_TYPE },
  { label: 'JSON array', data: '[1,2,3]', contentType: JSON_TYPE },
  {
    label: 'huge strings',
    data: JSON.stringify({ name: HUGE, title: HUGE, email: `${HUGE}@example.test`, description: HUGE, firstName: HUGE }),
    contentType: JSON_TYPE,
    // A route that answers before reading a big body leaves it unread, and Node then drops the
    // keep-alive socket under the next request (ECONNRESET): this call gets its own connection.
    headers: { Connection: 'close' },
  },
  { label: 'form, empty', data: '', contentType: 'application/x-www-form-urlencoded' },
  {
    label: 'wrong types',
    data: JSON.stringify({ _id: { $ne: null }, id: [1], ids: 'all', name: 42, email: ['a@b.c'], status: {}, permissions: 'ALL', page: -1, limit: 1e12, clientId: {}, code: null }),
    contentType: JSON_TYPE,
  },
]
// The list routes read paging, sorting and search from the query string.
const HOSTILE_QUERY = `?page=-1&limit=1e12&pageSize=abc&sort=%00&order=sideways&search=${'%25'.repeat(2_000)}&status=%7B%7D&email=x&id[]=1`

type Row = { route: string; method: Method; body: string; status: number; problem: string; excerpt: string }

async function call(ctx: APIRequestContext, route: ApiRoute, method: Method, body?: Body, query = ''): Promise<APIResponse> {
  // Origin on GETs too: the state-changing GETs (logout, auto-login...) refuse callers without proof.
  if (method === 'GET') return ctx.get(route.path + query, { headers: ORIGIN_HEADERS, maxRedirects: 0 })
  return ctx.fetch(route.path, {
    method,
    headers: { ...ORIGIN_HEADERS, ...(body?.contentType ? { 'Content-Type': body.contentType } : {}), ...body?.headers },
    data: body?.data,
    maxRedirects: 0,
  })
}

async function row(route: ApiRoute, method: Method, body: Body | undefined, res: APIResponse, problem: string): Promise<Row> {
  const text = await res.text().catch(() => '')
  return { route: `${route.path} (${route.file})`, method, body: body?.label ?? '-', status: res.status(), problem, excerpt: text.slice(0, 90).replace(/\s+/g, ' ') }
}

function table(rows: Row[]): string {
  const lines = rows.map((r) => `${String(r.status).padEnd(4)} ${r.method.padEnd(6)} ${r.body.padEnd(13)} ${r.route}  ${r.problem}  ${r.excerpt}`)
  return [`${rows.length} failing call(s):`, 'code method body          route  problem  answer', ...lines].join('\n')
}

function serves(route: ApiRoute, method: Method) {
  return method === 'GET' ? route.servesGet : route.servesWrites
}

/** Who a case signs in as: each call makes a new session cookie (its value) for that person. */
type SessionMaker = () => Promise<string>

/** A member of the demo organisations, whose sessions are written as a login writes them. */
const demoMember =
  (email: string, orgName?: string): SessionMaker =>
  () =>
    sessionCookieFor(email, orgName)

/**
 * The owner of a new organisation: the owner's calls change what they may (with an empty body, the subscription is
 * cancelled and reactivated), and the demo organisation's plan belongs to the browser specs that look at it.
 */
async function freshOwner(): Promise<SessionMaker> {
  const { org, owner } = await createTenant()
  return async () => (await sessionCookie({ userId: owner.id, clientId: org.id })).split('=').slice(1).join('=')
}

/**
 * A fresh request context per route, so a route that ends the session (logout) or switches it cannot blind the
 * next ones. Its session is written as a login writes it (tests/factories/session.ts): a real login per route
 * was 651 argon2 hashes, most of this spec's server CPU; the login itself is tested below and in auth specs.
 */
async function signedIn(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, session: SessionMaker, who: string) {
  const cookie = { name: '__session', value: await session(), domain: new URL(baseURL).hostname, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' as const }
  const ctx = await playwright.request.newContext({ baseURL, storageState: { cookies: [cookie], origins: [] } })
  // Without this, a cookie the server stopped honouring would turn every call into a harmless 401.
  expect((await ctx.get('/api/auth/user')).status(), `session of ${who}`).toBe(200)
  return ctx
}

// Answers a signed-out caller may get: refusals, and the public routes' own answers.
const SIGNED_OUT_STATUSES = [400, 401, 403, 404, 405]
const PUBLIC_ANSWERS: Record<string, number[]> = {
  'GET /api/auth/logout': [200, ...SIGNED_OUT_STATUSES],
  'POST /api/auth/logout': [200, ...SIGNED_OUT_STATUSES],
}

test.describe('every JSON route, through the real server', () => {
  test.describe.configure({ timeout: 300_000 })

  for (const [index, routes] of ROUTE_GROUPS.entries())
    test(`signed out: a refusal with statusCode, never a 5xx (routes ${groupLabel(index)})`, async ({ playwright, baseURL }) => {
      const ctx = await playwright.request.newContext({ baseURL })
      const failures: Row[] = []
      for (const route of routes) {
        for (const method of METHODS) {
          const body = method === 'GET' ? undefined : EMPTY_OBJECT
          const res = await call(ctx, route, method, body)
          const allowed = PUBLIC_ANSWERS[`${method} ${route.path}`] ?? SIGNED_OUT_STATUSES
          if (!allowed.includes(res.status())) {
            failures.push(await row(route, method, body, res, `expected ${allowed.join('/')}`))
            continue
          }
          // Methods the module serves answer the API's JSON shape; Remix itself answers the others.
          if (!serves(route, method)) continue
          const json = (await res.json().catch(() => null)) as { statusCode?: unknown } | null
          if (!json || json.statusCode !== res.status()) failures.push(await row(route, method, body, res, 'no JSON statusCode'))
        }
      }
      await ctx.dispose()
      expect(failures, table(failures)).toEqual([])
    })

  const signedInCases = [
    { who: 'a restricted staff member', person: async () => demoMember('staff@demo.test', DEMO_ORG), bodies: [EMPTY_OBJECT], queries: [''] },
    { who: 'the owner of a new organisation, with malformed bodies', person: freshOwner, bodies: MALFORMED_BODIES, queries: ['', HOSTILE_QUERY] },
    { who: 'the platform superadmin', person: async () => demoMember('superadmin@demo.test'), bodies: [EMPTY_OBJECT], queries: [''] },
  ]
  for (const { who, person, bodies, queries } of signedInCases) {
    for (const [index, routes] of ROUTE_GROUPS.entries())
      test(`signed in as ${who}: never a 5xx (routes ${groupLabel(index)})`, async ({ playwright, baseURL }) => {
        const failures: Row[] = []
        const session = await person()
        for (const route of routes) {
          const ctx = await signedIn(playwright, baseURL!, session, who)
          for (const query of queries) {
            const res = await call(ctx, route, 'GET', undefined, query)
            if (res.status() >= 500) failures.push(await row(route, 'GET', query ? { label: 'hostile query' } : undefined, res, '5xx'))
          }
          for (const method of METHODS.filter((m) => m !== 'GET')) {
            for (const body of bodies) {
              const res = await call(ctx, route, method, body)
              if (res.status() >= 500) failures.push(await row(route, method, body, res, '5xx'))
              // A 405 refuses the method before any body is read: the other bodies would only repeat it.
              if (res.status() === 405) break
            }
          }
          await ctx.dispose()
        }
        expect(failures, table(failures)).toEqual([])
      })
  }
})

test.describe('public routes answer the documented statuses', () => {
  test('GET /api/user/orgs: 200 with the organisations, 404 for an unknown e-mail, 400 for a bad one', async ({ request }) => {
    const known = await request.get('/api/user/orgs?email=owner@demo.test')
    expect(known.status()).toBe(200)
    const body = await known.json()
    expect(body).toMatchObject({ statusCode: 200, status: true })
    expect(body.userData).toContainEqual(expect.objectContaining({ role: 'client', companyDetails: expect.objectContaining({ companyName: DEMO_ORG }) }))
    expect((await request.get(`/api/user/orgs?email=nobody-${randomId()}@example.test`)).status()).toBe(404)
    expect((await request.get('/api/user/orgs?email=not-an-email')).status()).toBe(400)
  })

  test('POST /api/auth/login: 200 with the user, 401 with the error, 400 without an organisation', async ({ playwright, baseURL }) => {
    const ctx = await playwright.request.newContext({ baseURL })
    const choice = await organisationChoice(ctx, 'owner@demo.test', DEMO_ORG)
    const wrong = await ctx.post('/api/auth/login', { headers: ORIGIN_HEADERS, data: { email: 'owner@demo.test', password: 'Wrong-pass-2026', clientId: choice.client_id } })
    expect(wrong.status()).toBe(401)
    expect(await wrong.json()).toMatchObject({ statusCode: 401, status: false, error: 'Email or Password Incorrect' })
    const noOrg = await ctx.post('/api/auth/login', { headers: ORIGIN_HEADERS, data: { email: 'owner@demo.test', password: DEMO_PASSWORD } })
    expect(noOrg.status()).toBe(400)
    const ok = await ctx.post('/api/auth/login', { headers: ORIGIN_HEADERS, data: { email: 'owner@demo.test', password: DEMO_PASSWORD, clientId: choice.client_id } })
    expect(ok.status()).toBe(200)
    expect(await ok.json()).toMatchObject({ statusCode: 200, status: true, user: expect.objectContaining({ email: 'owner@demo.test' }) })
    expect((await ctx.get('/api/auth/user')).status()).toBe(200)
    await ctx.dispose()
  })

  test('POST /api/auth/login in a 2FA organisation: 302 with metadata.redirectTo and a Location, then the code signs in', async ({ playwright, baseURL }) => {
    const org = await createOrganisation({ settings: { enable_2FA: true } })
    const user = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const ctx = await playwright.request.newContext({ baseURL })
    const since = new Date()
    const res = await ctx.post('/api/auth/login', { headers: ORIGIN_HEADERS, data: { email: user.email, password: user.password, clientId: org.publicId }, maxRedirects: 0 })
    expect(res.status(), await res.text()).toBe(302)
    expect(res.headers()['location']).toBe('/verify-2fa-code')
    const body = await res.json()
    expect(body).toMatchObject({ statusCode: 302, status: true, metadata: { redirectTo: 'auth/verification-2fa', method: 'POST' } })
    expect((await ctx.get('/api/auth/user')).status(), 'no session before the code').toBe(401)

    const code = codeFrom(await waitForMail(user.email, /verification code/i, since))
    const verified = await ctx.fetch(`/api/${body.metadata.redirectTo}`, { method: body.metadata.method, headers: ORIGIN_HEADERS, data: { verificationCode: code } })
    expect(verified.status()).toBe(200)
    expect(await verified.json()).toMatchObject({ status: true, user: expect.objectContaining({ email: user.email }) })
    const cookie = sessionCookieFrom(
      verified
        .headersArray()
        .filter((h) => h.name.toLowerCase() === 'set-cookie')
        .map((h) => h.value),
    )
    expect(cookie).toBeTruthy()
    expect((await ctx.get('/api/auth/user')).status()).toBe(200)
    await ctx.dispose()
  })

  test('POST /api/auth/reset-password: 200 whether or not the account exists, 400 for a bad e-mail', async ({ request }) => {
    const unknown = await request.post('/api/auth/reset-password', { headers: ORIGIN_HEADERS, data: { email: `nobody-${randomId()}@example.test` } })
    expect(unknown.status()).toBe(200)
    expect(await unknown.json()).toMatchObject({ statusCode: 200, status: true })
    expect((await request.post('/api/auth/reset-password', { headers: ORIGIN_HEADERS, data: { email: 'not-an-email' } })).status()).toBe(400)
  })

  test('POST /api/auth/reset-password-step-2: 400 for an unknown code', async ({ request }) => {
    const res = await request.post('/api/auth/reset-password-step-2', { headers: ORIGIN_HEADERS, data: { code: randomId(), password: 'Another-pass-2026!' } })
    expect(res.status()).toBe(400)
    expect(await res.json()).toMatchObject({ statusCode: 400, status: false })
  })
})

test('route files map to the URLs Remix serves', () => {
  expect(urlPathFor('api.client.packages.all_.active.ts')).toBe('/api/client/packages/all/active')
  expect(urlPathFor('api.contract-template._index.ts')).toBe('/api/contract-template')
  expect(urlPathFor('api.contract.sample_templates.ts')).toBe('/api/contract/sample_templates')
  expect(urlPathFor('api.file.download.$key.ts')).toMatch(/^\/api\/file\/download\/[0-9a-f]{24}$/)
  expect(urlPathFor('api.checkout.[getPackageInfo].ts')).toBe('/api/checkout/getPackageInfo')
  expect(urlPathFor('api.files.[robots.txt].ts')).toBe('/api/files/robots.txt')
})
