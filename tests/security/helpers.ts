// Shared steps of the security specs: signing in through the real login API, so every spec
// exercises the same cookie path an attacker faces (no session rows written behind the server's back).
import { type APIRequest, type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createTenant, TEST_PASSWORD } from '#tests/factories/index'
import { PORT, rawRequest } from './raw-http'

export const DEMO_PASSWORD = 'Demo-pass-2026'
export const DEMO_ORG = 'Demo Writing Co'
export const RIVAL_ORG = 'Rival Resumes'

/** The origin Playwright's web server answers on (the same rule as playwright.config.ts). */
export const BASE_URL = `http://localhost:${process.env.PORT ?? 3100}`

/** Sent on every non-GET: cookie-authenticated writes without an Origin are refused (CSRF). */
export const ORIGIN_HEADERS = { Origin: BASE_URL } as const

type OrganisationChoice = { client_id: string | null; role: string; companyDetails: { companyName: string } | null }

/** The login picker's entry for this e-mail: the named organisation, else the first one offered (the platform first). */
export async function organisationChoice(request: APIRequestContext, email: string, orgName?: string): Promise<OrganisationChoice> {
  const res = await request.get(`/api/user/orgs?email=${encodeURIComponent(email)}`)
  expect(res.status(), `organisations of ${email}`).toBe(200)
  const choices = ((await res.json()) as { userData: OrganisationChoice[] }).userData
  const choice = orgName ? choices.find((c) => c.companyDetails?.companyName === orgName) : choices[0]
  if (!choice) throw new Error(`${email} has no account in ${orgName ?? 'any organisation'}`)
  return choice
}

/** The session cookie (`name=value`) a Set-Cookie list carries, whatever the cookie is named. */
export function sessionCookieFrom(setCookies: string[]): string | undefined {
  const pairs = setCookies.map((header) => header.split(';')[0]!.trim())
  return pairs.find((pair) => /session/i.test(pair.split('=')[0]!) && pair.split('=').slice(1).join('=') !== '')
}

/**
 * Signs in through GET /api/user/orgs and POST /api/auth/login and returns the session cookie as
 * `name=value`. The request context keeps the cookie too, so later calls on it are signed in.
 */
export async function signIn(request: APIRequestContext, email: string, orgName?: string, password = DEMO_PASSWORD): Promise<string> {
  const choice = await organisationChoice(request, email, orgName)
  const res = await request.post('/api/auth/login', {
    headers: ORIGIN_HEADERS,
    data: { email, password, clientId: choice.client_id, role: choice.role },
    maxRedirects: 0,
  })
  expect(res.status(), `sign-in of ${email}: ${await res.text()}`).toBe(200)
  const cookie = sessionCookieFrom(
    res
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value),
  )
  if (!cookie) throw new Error(`The login of ${email} set no session cookie`)
  return cookie
}

/**
 * Separate simulated browsers (request contexts with their own cookies) for one spec file: call it at
 * the top level; each test's browsers are disposed when it ends (a file's tests may run in several workers).
 */
export function browsers() {
  const opened: APIRequestContext[] = []
  test.afterEach(async () => {
    for (const request of opened.splice(0)) await request.dispose()
  })
  return async (playwright: { request: APIRequest }): Promise<APIRequestContext> => {
    const request = await playwright.request.newContext({ baseURL: BASE_URL })
    opened.push(request)
    return request
  }
}

/** Logs a browser in as staff member `targetId` through a log-in-as link made and opened in that same browser. */
export async function logInAs(request: APIRequestContext, targetId: string, type: 'writer' | 'reviewer' = 'writer') {
  const made = await request.post('/api/client/autologin/init', { headers: ORIGIN_HEADERS, data: { _id: targetId, type } })
  expect(made.status(), await made.text()).toBe(200)
  const code = new URL((await made.json()).link).pathname.split('/auto-login/')[1]
  const opened = await request.post(`/api/auth/auto-login/${code}`, { headers: ORIGIN_HEADERS })
  expect(opened.status()).toBe(200)
}

/** A product (with the workflow it needs) created through the JSON API with these headers; its public id. */
export async function createProductThroughApi(headers: Record<string, string>, name: string): Promise<string> {
  const service = await rawRequest({
    method: 'POST',
    path: '/api/client/service/create',
    headers,
    body: JSON.stringify({ serviceName: `${name} workflow`, serviceType: 'resume', serviceModules: [{ id: 'previous_document', title: 'Upload Documents', reminders: [] }] }),
  })
  expect(service.status, service.body).toBe(200)
  const product = await rawRequest({
    method: 'POST',
    path: '/api/client/packages/create',
    headers,
    body: JSON.stringify({ packageName: `${name} product`, packagePrice: 10, packageServices: [JSON.parse(service.body).newService._id] }),
  })
  expect(product.status, product.body).toBe(200)
  return JSON.parse(product.body).package._id as string
}

/** A fresh organisation (createTenant) with a subdomain of its own, and that subdomain's Host. */
export async function tenantWithSubdomain(prefix = 'host', name?: string) {
  const tenant = await createTenant(name)
  const sub = `${prefix}${Math.random().toString(36).slice(2, 8)}`
  await platformDb.updateTable('organisations').set({ subdomain: sub }).where('id', '=', tenant.org.id).execute()
  return { ...tenant, sub, host: `${sub}.localhost:${PORT}` }
}

/**
 * Signs in through the login call on an organisation's own host, with that host's Origin: a customer through the
 * portal's login, staff through the admin login naming the organisation (`orgPublicId`). The session cookie.
 */
export async function signInOnHost(host: string, email: string, orgPublicId?: string): Promise<string> {
  const res = await rawRequest({
    method: 'POST',
    path: orgPublicId ? '/api/auth/login' : '/api/portal/auth/login',
    headers: { Host: host, Origin: `http://${host}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD, ...(orgPublicId ? { clientId: orgPublicId } : {}) }),
  })
  expect(res.status, res.body).toBe(200)
  return sessionCookieFrom([res.headers['set-cookie'] ?? []].flat())!
}

/**
 * A customer's log-in-as session on their organisation's host, opened the way an admin opens it: the
 * owner's session on the admin host makes the link and spends it there, then the hand-off code is spent on
 * the organisation's host. Returns that host's session cookie (`name=value`), marked as log-in-as.
 */
export async function customerLogInAsCookie(world: { host: string; owner: { email: string }; org: { name: string } }, customerPublicId: string): Promise<string> {
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL })
  try {
    const ownerCookie = await signIn(request, world.owner.email, world.org.name, TEST_PASSWORD)
    const made = await request.post('/api/client/autologin/init', { headers: ORIGIN_HEADERS, data: { _id: customerPublicId, type: 'customer' } })
    expect(made.status(), await made.text()).toBe(200)
    const linkPath = new URL((await made.json()).link).pathname
    const spent = await rawRequest({
      method: 'POST',
      path: linkPath,
      headers: { Host: `localhost:${PORT}`, Origin: BASE_URL, Cookie: ownerCookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    })
    expect(spent.status, spent.body.slice(0, 300)).toBe(200)
    const handoff = /\/login\/handoff\/([A-Za-z0-9_-]+)/.exec(spent.body)?.[0]
    if (!handoff) throw new Error('The log-in-as page carried no hand-off link')
    const opened = await rawRequest({
      method: 'POST',
      path: handoff,
      headers: { Host: world.host, Origin: `http://${world.host}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    })
    expect(opened.status, opened.body.slice(0, 300)).toBe(302)
    const cookie = sessionCookieFrom([opened.headers['set-cookie'] ?? []].flat())
    if (!cookie) throw new Error('The hand-off set no session cookie')
    return cookie
  } finally {
    await request.dispose()
  }
}
