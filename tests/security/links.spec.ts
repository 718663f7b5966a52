// Host header poisoning: a forged Host or X-Forwarded-* on the calls that e-mail or return links
// (password reset, customer welcome, log-in-as, platform Login As Client, product checkout/cart)
// never changes the link. An organisation's links point at its own portal (verified custom domain,
// else subdomain), read from the database; one without either, and the platform, at PUBLIC_URL (here
// the default http://localhost:<port>).
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createTenant, createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { linkFrom, waitForMail } from '#tests/mailbox'
import { BASE_URL, createProductThroughApi, signIn, tenantWithSubdomain } from './helpers'
import { PORT, rawRequest } from './raw-http'

const PUBLIC_URL = BASE_URL

/**
 * Every way a client can lie about where it is talking to. A Host the server does not know gets a
 * plain 404 before any route runs (tenant-hosts.spec.ts); a loopback address it does serve is not
 * PUBLIC_URL, so it must not leak into links either.
 */
const FORGED_HOST = {
  Host: `127.0.0.1:${PORT}`,
  'X-Forwarded-Host': 'evil.example',
  'X-Forwarded-Proto': 'https',
  'X-Forwarded-Port': '443',
  'X-Forwarded-For': '203.0.113.9',
  Forwarded: 'host=evil.example;proto=https',
}

function expectOurLink(link: string, path: RegExp) {
  expect(link.startsWith(`${PUBLIC_URL}/`), link).toBe(true)
  expect(new URL(link).pathname).toMatch(path)
  expect(link).not.toContain('evil')
}

test('the password reset e-mail (API and page) links to PUBLIC_URL whatever the Host says', async () => {
  const user = await createUser()
  const since = new Date()
  const api = await rawRequest({
    method: 'POST',
    path: '/api/auth/reset-password',
    headers: { 'Content-Type': 'application/json', ...FORGED_HOST },
    body: JSON.stringify({ email: user.email }),
  })
  expect(api.status, api.body).toBe(200)
  const first = await waitForMail(user.email, /Reset your password/, since)
  expectOurLink(linkFrom(first, /\/forgot-password-2\//), /^\/forgot-password-2\/[\w-]+$/)

  const since2 = new Date()
  const page = await rawRequest({
    method: 'POST',
    path: '/forgot-password',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...FORGED_HOST },
    body: new URLSearchParams({ email: user.email }).toString(),
  })
  expect(page.status).toBeLessThan(400)
  const second = await waitForMail(user.email, /Reset your password/, since2)
  expect(second.id).not.toBe(first.id)
  expectOurLink(linkFrom(second, /\/forgot-password-2\//), /^\/forgot-password-2\/[\w-]+$/)
  expect(second.html ?? '').not.toContain('evil')
})

test('the customer welcome e-mail links to PUBLIC_URL', async ({ request }) => {
  const { owner } = await createTenant()
  const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
  const email = uniqueEmail('welcome')
  const since = new Date()
  const res = await rawRequest({
    method: 'POST',
    path: '/api/customers/create',
    headers: { Cookie: cookie, Origin: PUBLIC_URL, 'Content-Type': 'application/json', ...FORGED_HOST },
    body: JSON.stringify({ firstName: 'Wel', lastName: 'Come', email, password: 'Welcome-pass-2026', welcomeEmail: true }),
  })
  expect(res.status, res.body).toBe(200)
  const mail = await waitForMail(email, /Welcome/, since)
  // A link to choose a password (ADR 0059); the organisation has no subdomain, so PUBLIC_URL.
  expectOurLink(linkFrom(mail, /\/welcome\//), /^\/welcome\/[\w-]+$/)
})

/** A JSON post of a signed-in caller that lies about the host it talks to. */
function postWithForgedHost(cookie: string, path: string, body: unknown) {
  return rawRequest({ method: 'POST', path, headers: { Cookie: cookie, Origin: PUBLIC_URL, 'Content-Type': 'application/json', ...FORGED_HOST }, body: JSON.stringify(body) })
}

test('log-in-as links of an organisation point at PUBLIC_URL', async ({ request }) => {
  const { org, owner } = await createTenant()
  const writer = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['WRITER'] }] })
  const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
  const res = await postWithForgedHost(cookie, '/api/client/autologin/init', { _id: writer.publicId, type: 'writer' })
  expect(res.status, res.body).toBe(200)
  expectOurLink(JSON.parse(res.body).link, /\/auto-login\//)
})

test('the platform Login As Client link points at PUBLIC_URL', async ({ request }) => {
  const { org } = await createTenant()
  const admin = await createUser({ superadmin: true })
  const cookie = await signIn(request, admin.email, undefined, TEST_PASSWORD)
  const res = await postWithForgedHost(cookie, '/api/auto-login/init', { _id: org.publicId, type: 'client' })
  expect(res.status, res.body).toBe(200)
  expectOurLink(JSON.parse(res.body).link, /\/auto-login\//)
})

test('product checkout and add-to-cart links point at PUBLIC_URL', async ({ request }) => {
  const { owner } = await createTenant()
  const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
  const id = await createProductThroughApi({ Cookie: cookie, Origin: PUBLIC_URL, 'Content-Type': 'application/json' }, 'Links')
  const page = await rawRequest({ path: `/products/view?settings=${id}`, headers: { Cookie: cookie, ...FORGED_HOST } })
  expect(page.status).toBe(200)
  expect(page.body).toContain(`${PUBLIC_URL}/checkout?item=${id}`)
  expect(page.body).toContain(`${PUBLIC_URL}/cart?addItem=${id}`)
  expect(page.body).not.toContain('evil.example')
})

test('an organisation with a subdomain gets its e-mailed, checkout and cart links there, whatever the Host says', async ({ request }) => {
  const { owner, sub } = await tenantWithSubdomain('links')
  const portal = new URL(PUBLIC_URL)
  portal.hostname = `${sub}.${portal.hostname}`
  const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)

  const email = uniqueEmail('welcome')
  const since = new Date()
  const res = await postWithForgedHost(cookie, '/api/customers/create', { firstName: 'Wel', lastName: 'Come', email, password: 'Welcome-pass-2026', welcomeEmail: true })
  expect(res.status, res.body).toBe(200)
  const link = linkFrom(await waitForMail(email, /Welcome/, since), /\/welcome\//)
  expect(link).toMatch(new RegExp(`^${portal.origin}/welcome/[\\w-]+$`))

  const id = await createProductThroughApi({ Cookie: cookie, Origin: PUBLIC_URL, 'Content-Type': 'application/json' }, 'Subdomain links')
  const page = await rawRequest({ path: `/products/view?settings=${id}`, headers: { Cookie: cookie, ...FORGED_HOST } })
  expect(page.status).toBe(200)
  expect(page.body).toContain(`${portal.origin}/checkout?item=${id}`)
  expect(page.body).toContain(`${portal.origin}/cart?addItem=${id}`)
  expect(page.body).not.toContain('evil.example')
})

test('with a verified custom domain, credential links stay on the subdomain while checkout and cart links use the custom domain', async ({ request }) => {
  const { owner, sub, org } = await tenantWithSubdomain('creds')
  const portal = new URL(PUBLIC_URL)
  portal.hostname = `${sub}.${portal.hostname}`
  const custom = `portal.${sub}.example`
  await platformDb.insertInto('organisation_domains').values({ client_id: org.id, custom_domain: custom, cname_status: 'verified' }).execute()
  const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)

  // The owner's password reset: whoever controls the custom domain's DNS must never receive the token.
  const since = new Date()
  const reset = await rawRequest({
    method: 'POST',
    path: '/api/auth/reset-password',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: owner.email }),
  })
  expect(reset.status, reset.body).toBe(200)
  expect(linkFrom(await waitForMail(owner.email, /Reset your password/, since), /\/forgot-password-2\//)).toMatch(new RegExp(`^${portal.origin}/forgot-password-2/[\\w-]+$`))

  // A customer's welcome link (it chooses a password) likewise.
  const email = uniqueEmail('welcome')
  const created = await postWithForgedHost(cookie, '/api/customers/create', { firstName: 'Wel', lastName: 'Come', email, password: 'Welcome-pass-2026', welcomeEmail: true })
  expect(created.status, created.body).toBe(200)
  const welcome = await waitForMail(email, /Welcome/, since)
  expect(linkFrom(welcome, /\/welcome\//)).toMatch(new RegExp(`^${portal.origin}/welcome/[\\w-]+$`))
  expect(welcome.text).not.toContain(custom)

  // Links that carry no credential keep the organisation's own domain.
  const id = await createProductThroughApi({ Cookie: cookie, Origin: PUBLIC_URL, 'Content-Type': 'application/json' }, 'Custom domain links')
  const page = await rawRequest({ path: `/products/view?settings=${id}`, headers: { Cookie: cookie } })
  expect(page.body).toContain(`${portal.protocol}//${custom}${portal.port ? `:${portal.port}` : ''}/checkout?item=${id}`)
})
