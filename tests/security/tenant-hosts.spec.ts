// Host resolution (ADR 0044) through the real server: an unknown Host gets a plain 404 and no portal,
// X-Forwarded-Host is never believed, an organisation's subdomain or verified custom domain serves
// that organisation only (its sessions, its login picker, its branding), and the TLS proxy's ask
// endpoint says yes for verified custom domains alone.
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createOrganisation, createTenant, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { BASE_URL, sessionCookieFrom, signIn, tenantWithSubdomain } from './helpers'
import { PORT, rawRequest, websocketUpgrade } from './raw-http'

const suffix = () => Math.random().toString(36).slice(2, 8)

async function withCustomDomain(clientId: number, domain: string, verified: boolean) {
  await platformDb
    .insertInto('organisation_domains')
    .values({ client_id: clientId, custom_domain: domain, cname_status: verified ? 'verified' : 'pending', cname_verified_at: verified ? new Date() : null })
    .execute()
}

/** The login API on a given host, with that host's own Origin (a page served there). */
async function loginOn(host: string, email: string, clientId: string | null) {
  return rawRequest({
    method: 'POST',
    path: '/api/auth/login',
    headers: { Host: host, Origin: `http://${host}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD, clientId, role: clientId ? undefined : 'superadmin' }),
  })
}

test.describe('unknown hosts', () => {
  test('get a plain 404 on every path, whatever X-Forwarded-Host says', async () => {
    for (const path of ['/', '/login', '/dashboard', '/api/auth/user', '/api/user/orgs?email=owner@demo.test', '/assets/x.js', '/favicon.ico']) {
      for (const headers of <Record<string, string>[]>[
        { Host: 'evil.example' },
        { Host: `nosuch${suffix()}.localhost:${PORT}` },
        { Host: 'evil.example', 'X-Forwarded-Host': `localhost:${PORT}` },
      ]) {
        const res = await rawRequest({ path, headers })
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(404)
        expect(res.headers['content-type']).toMatch(/^text\/plain/)
        expect(res.body).toBe('Not Found')
      }
    }
  })

  test('a forged X-Forwarded-Host does not make the platform host a tenant’s, nor a tenant’s host another’s', async () => {
    const a = await tenantWithSubdomain()
    const forged = await rawRequest({ path: '/login', headers: { Host: `localhost:${PORT}`, 'X-Forwarded-Host': a.host } })
    expect(forged.status).toBe(200)
    expect(forged.body).toContain('Draftdesk')
    expect(forged.body).not.toContain(a.org.name)
  })

  test('the health check and the TLS ask answer on any host', async () => {
    expect((await rawRequest({ path: '/healthz', headers: { Host: '10.0.0.5:3000' } })).status).toBe(200)
    expect((await rawRequest({ path: '/api/domains/tls-ask?domain=unknown.example', headers: { Host: '10.0.0.5:3000' } })).status).toBe(404)
  })
})

test.describe('an organisation’s own host', () => {
  test('shows its branding on the sign-in page and offers only it in the login picker', async () => {
    const a = await tenantWithSubdomain()
    const b = await createOrganisation()
    const both = await createUser({
      memberships: [
        { clientId: a.org.id, role: 'client' },
        { clientId: b.id, role: 'client' },
      ],
    })
    const page = await rawRequest({ path: '/login', headers: { Host: a.host } })
    expect(page.status).toBe(200)
    expect(page.body).toContain(a.org.name)
    expect(page.body).toContain('Portal footer')

    const onTenant = JSON.parse((await rawRequest({ path: `/api/user/orgs?email=${encodeURIComponent(both.email)}`, headers: { Host: a.host } })).body)
    expect(onTenant.userData.map((c: { companyDetails: { companyName: string } }) => c.companyDetails.companyName)).toEqual([a.org.name])
    const onPlatform = JSON.parse((await rawRequest({ path: `/api/user/orgs?email=${encodeURIComponent(both.email)}` })).body)
    expect(onPlatform.userData).toHaveLength(2)
  })

  test('accepts only its own sessions: a session of another organisation or of the platform is signed out there', async ({ request }) => {
    const a = await tenantWithSubdomain()
    const b = await tenantWithSubdomain()
    const cookieA = await signIn(request, a.owner.email, a.org.name, TEST_PASSWORD)

    const userOn = async (host: string | undefined, cookie: string) =>
      (await rawRequest({ path: '/api/auth/user', headers: { Cookie: cookie, ...(host ? { Host: host } : {}) } })).status
    expect(await userOn(undefined, cookieA)).toBe(200)
    expect(await userOn(a.host, cookieA)).toBe(200)
    expect(await userOn(b.host, cookieA)).toBe(401)

    const admin = await createUser({ superadmin: true })
    const platform = await loginOn(`localhost:${PORT}`, admin.email, null)
    expect(platform.status).toBe(200)
    const adminCookie = sessionCookieFrom([platform.headers['set-cookie'] ?? []].flat())!
    expect(await userOn(a.host, adminCookie)).toBe(401)
    // B's data stays out of reach through A's host with A's session.
    expect((await rawRequest({ path: '/api/client/domain', headers: { Cookie: cookieA, Host: b.host } })).status).toBe(401)
  })

  test('signs in on its host: writes from its own origin pass the same-origin check', async () => {
    const a = await tenantWithSubdomain()
    const choice = await platformDb.selectFrom('organisations').select('public_id').where('id', '=', a.org.id).executeTakeFirstOrThrow()
    const res = await loginOn(a.host, a.owner.email, choice.public_id)
    expect(res.status, res.body).toBe(200)
    const cookie = sessionCookieFrom([res.headers['set-cookie'] ?? []].flat())!
    const domain = await rawRequest({ path: '/api/client/domain', headers: { Cookie: cookie, Host: a.host } })
    expect(JSON.parse(domain.body).data.subDomain).toBe(a.sub)
    // Another tenant's origin is still foreign.
    const b = await tenantWithSubdomain()
    const forged = await rawRequest({
      method: 'POST',
      path: '/api/client/subdomain',
      headers: { Cookie: cookie, Host: a.host, Origin: `http://${b.host}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ subDomain: `x${suffix()}` }),
    })
    expect(forged.status).toBe(403)
  })

  test('a verified custom domain serves its organisation; an unverified one is unknown', async () => {
    const a = await tenantWithSubdomain()
    const verified = `portal.${a.sub}.example`
    const pending = `pending.${a.sub}.example`
    await withCustomDomain(a.org.id, verified, true)
    const b = await createTenant()
    await withCustomDomain(b.org.id, pending, false)
    const page = await rawRequest({ path: '/login', headers: { Host: verified } })
    expect(page.status).toBe(200)
    expect(page.body).toContain(a.org.name)
    expect((await rawRequest({ path: '/login', headers: { Host: pending } })).status).toBe(404)
  })
})

test('websockets follow the same host rules', async () => {
  const a = await tenantWithSubdomain()
  const b = await tenantWithSubdomain()
  const choice = await platformDb.selectFrom('organisations').select('public_id').where('id', '=', a.org.id).executeTakeFirstOrThrow()
  const cookie = sessionCookieFrom([(await loginOn(a.host, a.owner.email, choice.public_id)).headers['set-cookie'] ?? []].flat())!
  expect(await websocketUpgrade({ Host: 'evil.example', Origin: 'http://evil.example', Cookie: cookie })).toBe(404)
  expect(await websocketUpgrade({ Host: a.host, Origin: `http://${a.host}`, Cookie: cookie })).toBe('open')
  // B's host with B's origin: A's session does not count there.
  expect(await websocketUpgrade({ Host: b.host, Origin: `http://${b.host}`, Cookie: cookie })).toBe(401)
})

test.describe('the TLS ask endpoint', () => {
  test('says yes for a verified custom domain only', async () => {
    const a = await tenantWithSubdomain()
    const verified = `tls.${a.sub}.example`
    const pending = `tlspending.${a.sub}.example`
    await withCustomDomain(a.org.id, verified, true)
    const b = await createTenant()
    await withCustomDomain(b.org.id, pending, false)
    const ask = async (domain: string | null) =>
      rawRequest({ path: `/api/domains/tls-ask${domain === null ? '' : `?domain=${encodeURIComponent(domain)}`}`, headers: { Host: '127.0.0.1:2019' } })
    expect((await ask(verified)).status).toBe(200)
    expect((await ask(verified.toUpperCase())).status).toBe(200)
    expect((await ask(pending)).status).toBe(404)
    // Subdomains are covered by the wildcard certificate; our own host and junk are refused.
    expect((await ask(`${a.sub}.localhost`)).status).toBe(404)
    expect((await ask('localhost')).status).toBe(404)
    expect((await ask(`https://${verified}/`)).status).toBe(404)
    expect((await ask('x'.repeat(4000))).status).toBe(404)
    expect((await ask(null)).status).toBe(400)
    // An organisation switched off loses its certificate answer.
    await platformDb.updateTable('organisations').set({ active: false }).where('id', '=', a.org.id).execute()
    expect((await ask(verified)).status).toBe(404)
    expect(BASE_URL).toContain('localhost')
  })
})
