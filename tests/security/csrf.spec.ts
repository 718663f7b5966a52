// Cross-site request forgery through the real server: a write carrying the victim's cookie must
// prove it comes from our pages (Origin, else Sec-Fetch-Site or Referer), and so must the GETs that
// change state (logout, 2FA resend, product (de)activation, auto-login). Each refused attempt
// changes nothing; the same call from our own origin still works.
import { expect, test } from '@playwright/test'
import { createAutoLoginLink } from '#app/models/auto-login-links.server'
import { platformDb } from '#app/services/db.server'
import { createOrganisation, createTenant, createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { mailsTo } from '#tests/mailbox'
import { BASE_URL, createProductThroughApi, signIn } from './helpers'
import { rawRequest } from './raw-http'

const EVIL = 'https://evil.example'

/** The middleware's refusal (server/security.ts), so a pass proves the guard, not a route's own check. */
const REFUSED = { status: false, statusCode: 403, error: 'Cross-origin request refused' }

/** Remix routes a path whatever its case, escapes or trailing slash, so the guard must see through them. */
const LOGOUT_SPELLINGS = ['/api/auth/logout', '/logout', '/LOGOUT', '/Logout', '/logou%74', '/%6cogout', '/logout/', '/logout.data', '/API/AUTH/LOGOUT', '/x/../logout']

/** Header sets an attacker's page (or an old browser on it) could produce, each of which must be refused. */
const FORGED: Record<string, Record<string, string>> = {
  'a foreign Origin': { Origin: EVIL },
  'Origin: null (sandboxed frame)': { Origin: 'null' },
  'a sibling subdomain': { Origin: 'http://evil.localhost' },
  'no Origin and no proof': {},
  'Sec-Fetch-Site: cross-site': { 'Sec-Fetch-Site': 'cross-site' },
  'Sec-Fetch-Site: same-site': { 'Sec-Fetch-Site': 'same-site' },
  'a foreign Referer': { Referer: `${EVIL}/page` },
  'a forged X-Forwarded-Host matching the Origin': { Origin: EVIL, 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
  'a forged Host matching the Origin': { Origin: 'http://evil.example', Host: 'evil.example' },
}

async function customerExists(clientId: number, email: string) {
  return !!(await platformDb.selectFrom('users').select('id').where('client_id', '=', clientId).where('email', '=', email).executeTakeFirst())
}

async function signedIn(cookie: string) {
  return (await rawRequest({ path: '/api/auth/user', headers: { Cookie: cookie } })).status === 200
}

test.describe('cookie-authenticated writes', () => {
  for (const [name, headers] of Object.entries(FORGED)) {
    test(`are refused with ${name}, and nothing is created`, async ({ request }) => {
      const { org, owner } = await createTenant()
      const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
      const email = uniqueEmail('csrf')
      const body = JSON.stringify({ firstName: 'Forged', lastName: 'Customer', email, password: 'Forged-pass-2026', welcomeEmail: false })
      const res = await rawRequest({ method: 'POST', path: '/api/customers/create', headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers }, body })
      expect(res.status).toBe(403)
      expect(JSON.parse(res.body)).toMatchObject({ status: false, statusCode: 403, error: 'Cross-origin request refused' })
      expect(await customerExists(org.id, email)).toBe(false)
    })
  }

  test('a forged page form post gets a plain 403 page and creates nothing', async ({ request }) => {
    const { org, owner } = await createTenant()
    const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
    const email = uniqueEmail('csrf-page')
    const form = new URLSearchParams({ firstName: 'Forged', lastName: 'Page', email, password: 'Forged-pass-2026' }).toString()
    const res = await rawRequest({
      method: 'POST',
      path: '/customers/create',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: EVIL },
      body: form,
    })
    expect(res.status).toBe(403)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(await customerExists(org.id, email)).toBe(false)
  })

  const OURS: Record<string, Record<string, string>> = {
    'our Origin': { Origin: BASE_URL },
    'Sec-Fetch-Site: same-origin': { 'Sec-Fetch-Site': 'same-origin' },
    'our Referer (no Fetch Metadata)': { Referer: `${BASE_URL}/customers/create` },
    'the addressed origin outside production (127.0.0.1)': { Origin: `http://127.0.0.1:${new URL(BASE_URL).port}` },
  }
  for (const [name, headers] of Object.entries(OURS)) {
    test(`go through with ${name}`, async ({ request }) => {
      const { org, owner } = await createTenant()
      const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
      const email = uniqueEmail('csrf-ok')
      const body = JSON.stringify({ firstName: 'Real', lastName: 'Customer', email, password: 'Real-pass-2026!', welcomeEmail: false })
      const res = await rawRequest({ method: 'POST', path: '/api/customers/create', headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers }, body })
      expect(res.status, res.body).toBe(200)
      expect(await customerExists(org.id, email)).toBe(true)
    })
  }

  test('a login form posted from another site is refused (login CSRF), without a cookie too', async () => {
    const res = await rawRequest({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'Content-Type': 'application/json', Origin: EVIL },
      body: JSON.stringify({ email: 'owner@demo.test', password: 'Demo-pass-2026', role: 'superadmin' }),
    })
    expect(res.status).toBe(403)
    expect(res.headers['set-cookie']).toBeUndefined()
  })
})

test.describe('state-changing GETs', () => {
  test('logout through the API or the page: refused cross-site (still signed in), done same-origin', async ({ request }) => {
    const { owner } = await createTenant()
    const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
    for (const path of LOGOUT_SPELLINGS) {
      for (const headers of [{}, { 'Sec-Fetch-Site': 'cross-site' }, { Referer: `${EVIL}/` }] as Record<string, string>[]) {
        const res = await rawRequest({ path, headers: { Cookie: cookie, ...headers } })
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403)
        expect(await signedIn(cookie)).toBe(true)
      }
    }
    // Respelled, the path still reaches the logout route: the refusals above are the guard's doing.
    const page = await rawRequest({ path: '/LOGOUT', headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' } })
    expect(page.status).toBe(302)
    expect(await signedIn(cookie)).toBe(false)
  })

  test('the 2FA resend is refused cross-site and sends nothing', async ({ request }) => {
    const org = await createOrganisation({ settings: { enable_2FA: true } })
    const user = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const login = await request.post('/api/auth/login', {
      headers: { Origin: BASE_URL },
      data: { email: user.email, password: TEST_PASSWORD, clientId: org.publicId },
      maxRedirects: 0,
    })
    expect(login.status()).toBe(302)
    const cookie = login
      .headersArray()
      .find((h) => h.name.toLowerCase() === 'set-cookie')!
      .value.split(';')[0]!
    await expect.poll(async () => (await mailsTo(user.email)).length).toBe(1)

    const forged = await rawRequest({ path: '/api/auth/verification-2fa', headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' } })
    expect(forged.status).toBe(403)
    const respelled = await rawRequest({ path: '/API/Auth/Verification-2FA', headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' } })
    expect(respelled.status).toBe(403)
    const bare = await rawRequest({ path: '/api/auth/verification-2fa', headers: { Cookie: cookie } })
    expect(bare.status).toBe(403)
    const ours = await rawRequest({ path: '/api/auth/verification-2fa', headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' } })
    expect(ours.status, ours.body).toBe(200)
    // Only the same-origin resend produced a second e-mail.
    await expect.poll(async () => (await mailsTo(user.email)).length).toBe(2)
    await new Promise((r) => setTimeout(r, 500))
    expect((await mailsTo(user.email)).length).toBe(2)
  })

  test('product (de)activation links are refused cross-site and leave the product as it was', async ({ request }) => {
    const { org, owner } = await createTenant()
    const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
    const ours = { Cookie: cookie, Origin: BASE_URL, 'Content-Type': 'application/json' }
    const id = await createProductThroughApi(ours, 'CSRF')
    const active = async () =>
      !!(await platformDb.selectFrom('products').select('active').where('client_id', '=', org.id).where('public_id', '=', id).executeTakeFirstOrThrow()).active

    expect(await active()).toBe(true)
    const spellings = [
      `/api/client/packages/deactive/${id}`,
      `/api/client/packages/DEACTIVE/${id}`,
      `/Api/Client/Packages/Deactive/${id}`,
      `/api/client/packages/deactiv%65/${id}/`,
    ]
    for (const path of spellings) {
      for (const headers of [{}, { 'Sec-Fetch-Site': 'cross-site' }, { Origin: EVIL }] as Record<string, string>[]) {
        const res = await rawRequest({ path, headers: { Cookie: cookie, ...headers } })
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403)
        expect(JSON.parse(res.body)).toMatchObject(REFUSED)
        expect(await active()).toBe(true)
      }
    }
    // A respelled path reaches the route (so the refusals above come from the middleware).
    expect((await rawRequest({ path: `/Api/Client/Packages/Deactive/${id}`, headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(200)
    expect(await active()).toBe(false)
    const reactivate = await rawRequest({ path: `/api/client/packages/ACTIVE/${id}`, headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' } })
    expect(reactivate.status).toBe(403)
    expect(JSON.parse(reactivate.body)).toMatchObject(REFUSED)
    expect(await active()).toBe(false)
  })

  test('an auto-login link fetched cross-site signs nobody in and stays unused', async () => {
    const { org, owner } = await createTenant()
    const link = await createAutoLoginLink({ id: owner.id, clientId: org.id }, { userId: owner.id, clientId: org.id })
    const path = `/api/auth/auto-login/${link.split('/auto-login/')[1]}`
    for (const spelling of [path, path.replace('/api/auth/auto-login/', '/API/Auth/Auto-Login/'), `${path}/`]) {
      const forged = await rawRequest({ path: spelling, headers: { 'Sec-Fetch-Site': 'cross-site' } })
      expect(forged.status, spelling).toBe(403)
      expect(forged.headers['set-cookie']).toBeUndefined()
    }
    const token = await platformDb.selectFrom('auth_tokens').select('used_at').where('purpose', '=', 'auto_login').where('user_id', '=', owner.id).executeTakeFirstOrThrow()
    expect(token.used_at).toBeNull()
  })
})
