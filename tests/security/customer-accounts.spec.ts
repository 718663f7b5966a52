// Customer accounts through the real HTTP server (ADR 0059): a customer session counts only on its own
// organisation's host and never opens a back-office page or call; sign-in links are single use, expire,
// and work on their own organisation's host only; redirectTo stays on the host; unknown hosts know no portal.
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { linkFrom, waitForMail } from '#tests/mailbox'
import { sessionCookieFrom, tenantWithSubdomain } from './helpers'
import { PORT, rawRequest, type RawResponse } from './raw-http'

type Portal = Awaited<ReturnType<typeof portal>>

/** An organisation with a subdomain, one customer of it and an order of that customer's, so there is data to leak. */
async function portal(prefix: string) {
  const tenant = await tenantWithSubdomain(prefix)
  const customer = await createUser({ firstName: 'Cleo', lastName: 'Customer', memberships: [{ clientId: tenant.org.id, role: 'customer' }] })
  return { ...tenant, customer, origin: `http://${tenant.host}` }
}

/** A request on a host, as a page served there would send it (its own Origin on writes). */
function onHost(p: Pick<Portal, 'host' | 'origin'>, opts: { method?: string; path: string; cookie?: string; json?: unknown; form?: Record<string, string> }): Promise<RawResponse> {
  const headers: Record<string, string> = { Host: p.host }
  if (opts.cookie) headers.Cookie = opts.cookie
  if (opts.method && opts.method !== 'GET') headers.Origin = p.origin
  let body: string | undefined
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(opts.json)
  } else if (opts.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(opts.form).toString()
  }
  return rawRequest({ method: opts.method ?? (body === undefined ? 'GET' : 'POST'), path: opts.path, headers, body })
}

async function customerSession(p: Portal): Promise<string> {
  const res = await onHost(p, { method: 'POST', path: '/api/portal/auth/login', json: { email: p.customer.email, password: TEST_PASSWORD } })
  expect(res.status, res.body).toBe(200)
  expect(JSON.parse(res.body).customer).toEqual({ _id: p.customer.publicId, firstName: 'Cleo', lastName: 'Customer', email: p.customer.email })
  return sessionCookieFrom([res.headers['set-cookie'] ?? []].flat())!
}

async function requestLink(p: Portal): Promise<string> {
  const since = new Date()
  const asked = await onHost(p, { method: 'POST', path: '/api/portal/auth/link', json: { email: p.customer.email } })
  expect(asked.status, asked.body).toBe(200)
  const link = linkFrom(await waitForMail(p.customer.email, /sign-in link/i, since), /\/login\/link\//)
  expect(new URL(link).host).toBe(p.host)
  return new URL(link).pathname
}

/** Spends a sign-in link with the page's POST; the session cookie when it signed in. */
async function spend(p: Pick<Portal, 'host' | 'origin'>, path: string): Promise<{ res: RawResponse; cookie: string | undefined }> {
  const res = await onHost(p, { method: 'POST', path, form: {} })
  return { res, cookie: sessionCookieFrom([res.headers['set-cookie'] ?? []].flat()) }
}

const signedIn = async (p: Pick<Portal, 'host' | 'origin'>, cookie: string) => (await onHost(p, { path: '/api/portal/me', cookie })).status

test.describe('a customer session', () => {
  test("reads as signed out on another organisation's host and on the platform host", async () => {
    const a = await portal('csa')
    const b = await portal('csb')
    const cookie = await customerSession(a)
    expect(await signedIn(a, cookie)).toBe(200)
    expect(await signedIn(b, cookie)).toBe(401)
    const account = await onHost(b, { path: '/account', cookie })
    expect(account.status).toBe(302)
    expect(account.headers.location).toMatch(/^\/login/)
    // The platform host has no portal at all.
    expect((await rawRequest({ path: '/api/portal/me', headers: { Cookie: cookie } })).status).toBe(404)
  })

  test('gets 401/403 and no data from staff JSON, on its own host or the platform host', async () => {
    const a = await portal('csj')
    const cookie = await customerSession(a)
    const onPlatform = (path: string) => rawRequest({ path, headers: { Cookie: cookie } })
    for (const path of [
      '/api/auth/user',
      '/api/client/orders',
      '/api/customers/get',
      '/api/client/domain',
      '/api/client/users',
      '/api/logs/view',
      '/api/client/orders/customTags',
    ]) {
      for (const res of [await onHost(a, { path, cookie }), await onPlatform(path)]) {
        expect([401, 403], `${path}: ${res.status}`).toContain(res.status)
        expect(res.body).not.toContain(a.customer.email)
        expect(res.body).not.toContain(a.owner.email)
      }
    }
    const write = await onHost(a, {
      method: 'POST',
      path: '/api/customers/create',
      cookie,
      json: { firstName: 'X', lastName: 'Y', email: uniqueEmail('x'), password: 'Whatever-2026' },
    })
    expect([401, 403]).toContain(write.status)
  })

  test('on back-office pages gets the sign-in page, never data', async () => {
    const a = await portal('csp')
    const cookie = await customerSession(a)
    for (const path of ['/dashboard', '/orders/view', '/customers/view', '/profile', '/website-settings/domain']) {
      const res = await onHost(a, { path, cookie })
      expect(res.status, path).toBe(302)
      expect(res.headers.location, path).toMatch(/^\/login(\?|$)/)
    }
    // Following the redirect lands on the sign-in page, which sends a signed-in customer to the portal instead.
    expect((await onHost(a, { path: '/login', cookie })).headers.location).toBe('/account')
  })
})

test.describe('sign-in links', () => {
  test('work once', async () => {
    const a = await portal('sl1')
    const path = await requestLink(a)
    // The GET asks; it spends nothing.
    expect((await onHost(a, { path })).status).toBe(200)
    const first = await spend(a, path)
    expect(first.res.status).toBe(302)
    expect(first.res.headers.location).toBe('/account')
    expect(await signedIn(a, first.cookie!)).toBe(200)
    const second = await spend(a, path)
    expect(second.res.status).toBe(401)
    expect(second.cookie).toBeUndefined()
  })

  test('fail after 15 minutes', async () => {
    const a = await portal('sl2')
    const path = await requestLink(a)
    // The clock of the server cannot be moved: the link's row is aged by 15 minutes instead.
    await platformDb
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1_000), created_at: new Date(Date.now() - 15 * 60_000 - 1_000) })
      .where('user_id', '=', a.customer.id)
      .where('purpose', '=', 'portal_sign_in')
      .execute()
    const late = await spend(a, path)
    expect(late.res.status).toBe(401)
    expect(late.cookie).toBeUndefined()
  })

  test("of organisation A fail on B's host (and stay A's)", async () => {
    const a = await portal('sla')
    const b = await portal('slb')
    const path = await requestLink(a)
    const onB = await spend(b, path)
    expect(onB.res.status).toBe(401)
    expect(onB.cookie).toBeUndefined()
    expect((await spend(a, path)).res.status).toBe(302)
  })

  test('answer the same for an unknown address', async () => {
    const a = await portal('slu')
    const known = await onHost(a, { method: 'POST', path: '/api/portal/auth/link', json: { email: a.customer.email } })
    const unknown = await onHost(a, { method: 'POST', path: '/api/portal/auth/link', json: { email: uniqueEmail('nobody') } })
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body])
  })
})

test('redirectTo to a foreign host is ignored by the sign-in', async () => {
  const a = await portal('rdt')
  for (const redirectTo of ['https://evil.example/steal', '//evil.example/steal', '/\\evil.example', `http://${a.host.replace(/^[^.]+/, 'other')}/x`]) {
    const res = await onHost(a, {
      method: 'POST',
      path: `/login?redirectTo=${encodeURIComponent(redirectTo)}`,
      form: { email: a.customer.email, password: TEST_PASSWORD, redirectTo },
    })
    expect(res.status, redirectTo).toBe(302)
    expect(res.headers.location, redirectTo).toBe('/account')
  }
  const same = await onHost(a, { method: 'POST', path: '/login', form: { email: a.customer.email, password: TEST_PASSWORD, redirectTo: '/cart' } })
  expect(same.headers.location).toBe('/cart')
})

test('the portal calls are 404 on an unknown host and on the platform host', async () => {
  for (const path of ['/api/portal/me', '/api/portal/auth/login', '/api/portal/auth/link']) {
    for (const host of ['evil.example', `nosuch${Math.random().toString(36).slice(2, 8)}.localhost:${PORT}`]) {
      const get = path === '/api/portal/me'
      const res = await rawRequest({ method: get ? 'GET' : 'POST', path, headers: { Host: host, 'Content-Type': 'application/json' }, body: get ? undefined : '{}' })
      expect(res.status, `${path} on ${host}`).toBe(404)
    }
    const get = path === '/api/portal/me'
    const platform = await rawRequest({
      method: get ? 'GET' : 'POST',
      path,
      headers: { Host: `localhost:${PORT}`, Origin: `http://localhost:${PORT}`, 'Content-Type': 'application/json' },
      body: get ? undefined : '{}',
    })
    expect(platform.status, `${path} on the platform host`).toBe(404)
  }
})

test('bad input to the portal sign-in is a 400 with field errors, never a 500', async () => {
  const a = await portal('bad')
  for (const body of [
    '{',
    '[]',
    '{"email":1}',
    JSON.stringify({ email: 'x'.repeat(5000), password: 'y' }),
    JSON.stringify({ email: `${'a'.repeat(200)}@x.io`, password: 'x'.repeat(5000) }),
  ]) {
    const res = await rawRequest({ method: 'POST', path: '/api/portal/auth/login', headers: { Host: a.host, Origin: a.origin, 'Content-Type': 'application/json' }, body })
    expect(res.status, body.slice(0, 40)).toBe(400)
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: 400, status: false })
  }
})
