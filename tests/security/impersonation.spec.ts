// Log in as, attacked through the real HTTP server (ADR 13): a link opened in another browser signs nobody in;
// a weaker staff member cannot log in as a stronger one; nobody logs in as the owner; platform staff cannot
// "Login As Client"; the way back never yields a session the opener did not have. Each asserts nothing changed.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createTenant, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { browsers, ORIGIN_HEADERS, signIn } from './helpers'

const browser = browsers()

async function whoAmI(request: APIRequestContext): Promise<string | null> {
  const res = await request.get('/api/auth/user')
  return res.status() === 200 ? ((await res.json()).user.email as string) : null
}

const codeOf = (link: string) => new URL(link).pathname.split('/auto-login/')[1]!

/** An organisation with its owner, a contributor, and staff who may log in as contributors. */
async function organisation() {
  const { org, owner } = await createTenant()
  const member = (permissions: string[]) => createUser({ memberships: [{ clientId: org.id, role: 'user', permissions }] })
  return {
    org,
    owner,
    writer: await member(['WRITER']),
    strongWriter: await member(['WRITER', 'READ_ORDERS', 'READ_USERS', 'UPDATE_USERS', 'LOGIN_AS_WRITER']),
    weakBoss: await member(['READ_USERS', 'UPDATE_USERS', 'LOGIN_AS_WRITER', 'WRITER']),
  }
}

async function loginAsLink(request: APIRequestContext, targetId: string, type = 'writer') {
  const res = await request.post('/api/client/autologin/init', { headers: ORIGIN_HEADERS, data: { _id: targetId, type } })
  return { status: res.status(), body: await res.json() }
}

test('a log-in-as link opened from another browser signs nobody in, whether it asks, posts or calls the API', async ({ playwright }) => {
  const { org, owner, writer } = await organisation()
  const admin = await browser(playwright)
  await signIn(admin, owner.email, org.name, TEST_PASSWORD)
  const made = await loginAsLink(admin, writer.publicId)
  expect(made.status).toBe(200)
  const link = made.body.link as string
  const code = codeOf(link)

  // A stranger, and a signed-in victim who was sent the link (login CSRF).
  const stranger = await browser(playwright)
  const victim = await browser(playwright)
  const { owner: victimOwner, org: victimOrg } = await createTenant()
  await signIn(victim, victimOwner.email, victimOrg.name, TEST_PASSWORD)
  for (const other of [stranger, victim]) {
    const page = await other.get(new URL(link).pathname)
    expect(page.status()).toBe(401)
    const post = await other.post(new URL(link).pathname, { headers: ORIGIN_HEADERS, form: {}, maxRedirects: 0 })
    expect(post.status()).toBe(401)
    const api = await other.post(`/api/auth/auto-login/${code}`, { headers: ORIGIN_HEADERS })
    expect(api.status()).toBe(401)
    expect((await api.json()).status).toBe(false)
    const apiGet = await other.get(`/api/auth/auto-login/${code}`, { headers: ORIGIN_HEADERS })
    expect(apiGet.status()).toBe(401)
  }
  expect(await whoAmI(stranger)).toBeNull()
  expect(await whoAmI(victim)).toBe(victimOwner.email)
  const sessions = await platformDb.selectFrom('sessions').select('id').where('user_id', '=', writer.id).execute()
  expect(sessions).toHaveLength(0)
  const failures = await platformDb
    .selectFrom('audit_logs')
    .select('id')
    .where('action', '=', 'auto_login')
    .where('status', '=', 'failure')
    .where('user_id', '=', writer.id)
    .execute()
  // Each attempt that tries to spend the link is audited once (page POST, API POST, API GET, for each of
  // the two); looking at the confirmation page is not, nor is the loader Remix re-runs after the POST.
  expect(failures).toHaveLength(6)

  // A cross-site post is refused before it reaches the link at all.
  const forged = await stranger.post(new URL(link).pathname, { headers: { Origin: 'https://evil.example' }, form: {}, maxRedirects: 0 })
  expect(forged.status()).toBe(403)

  // The GET of the creator only asks; the POST signs in.
  expect((await admin.get(new URL(link).pathname)).status()).toBe(200)
  expect(await whoAmI(admin)).toBe(owner.email)
  const signedIn = await admin.post(new URL(link).pathname, { headers: ORIGIN_HEADERS, form: {}, maxRedirects: 0 })
  expect(signedIn.status()).toBe(302)
  expect(await whoAmI(admin)).toBe(writer.email)
})

test('a weaker staff member cannot log in as a stronger one; nobody logs in as the owner', async ({ playwright }) => {
  const { org, owner, strongWriter, weakBoss, writer } = await organisation()
  const boss = await browser(playwright)
  await signIn(boss, weakBoss.email, org.name, TEST_PASSWORD)
  const stronger = await loginAsLink(boss, strongWriter.publicId)
  expect(stronger.status).toBe(403)
  const ownerLink = await loginAsLink(boss, owner.publicId)
  expect(ownerLink.status).toBe(403)
  expect(await platformDb.selectFrom('auth_tokens').select('id').where('purpose', '=', 'auto_login').where('user_id', 'in', [strongWriter.id, owner.id]).execute()).toHaveLength(0)
  // Within reach it works.
  expect((await loginAsLink(boss, writer.publicId)).status).toBe(200)

  // Even the full-access owner cannot log in as the owner row (their own or a co-owner's).
  const coOwner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  const ownerBrowser = await browser(playwright)
  await signIn(ownerBrowser, owner.email, org.name, TEST_PASSWORD)
  expect((await loginAsLink(ownerBrowser, coOwner.publicId)).status).toBe(403)
})

test('platform staff cannot Login As Client; the superadmin can, bound to their session', async ({ playwright }) => {
  const { org, owner } = await createTenant()
  const support = await browser(playwright)
  await signIn(support, 'support@demo.test')
  const refused = await support.post('/api/auto-login/init', { headers: ORIGIN_HEADERS, data: { _id: org.publicId, type: 'client' } })
  expect(refused.status()).toBe(403)
  const page = await support.post('/clients/view', { headers: ORIGIN_HEADERS, form: { intent: 'login-as', _id: org.publicId }, maxRedirects: 0 })
  expect(page.status()).toBe(403)
  expect(await platformDb.selectFrom('auth_tokens').select('id').where('purpose', '=', 'auto_login').where('user_id', '=', owner.id).execute()).toHaveLength(0)

  const admin = await browser(playwright)
  const superadmin = await createUser({ superadmin: true })
  await signIn(admin, superadmin.email, undefined, TEST_PASSWORD)
  const made = await admin.post('/api/auto-login/init', { headers: ORIGIN_HEADERS, data: { _id: org.publicId, type: 'client' } })
  expect(made.status()).toBe(200)
  const code = codeOf((await made.json()).link)
  expect((await support.post(`/api/auth/auto-login/${code}`, { headers: ORIGIN_HEADERS })).status()).toBe(401)
  expect(await whoAmI(support)).toBe('support@demo.test')
  expect((await admin.post(`/api/auth/auto-login/${code}`, { headers: ORIGIN_HEADERS })).status()).toBe(200)
  expect(await whoAmI(admin)).toBe(owner.email)
})

test('/impersonation/return yields only the session the opener had, and nothing once it ended', async ({ playwright }) => {
  const { org, owner, writer } = await organisation()
  // Without a log-in-as session the return changes nothing.
  const plain = await browser(playwright)
  await signIn(plain, writer.email, org.name, TEST_PASSWORD)
  await plain.post('/impersonation/return', { headers: ORIGIN_HEADERS, maxRedirects: 0 })
  expect(await whoAmI(plain)).toBe(writer.email)

  const admin = await browser(playwright)
  await signIn(admin, owner.email, org.name, TEST_PASSWORD)
  const code = codeOf((await loginAsLink(admin, writer.publicId)).body.link)
  expect((await admin.post(`/api/auth/auto-login/${code}`, { headers: ORIGIN_HEADERS })).status()).toBe(200)
  // The owner signs out everywhere meanwhile (here: their sessions end): the way back must not revive one.
  await platformDb.deleteFrom('sessions').where('user_id', '=', owner.id).execute()
  const back = await admin.post('/impersonation/return', { headers: ORIGIN_HEADERS, maxRedirects: 0 })
  expect(back.headers()['location']).toBe('/login')
  expect(await whoAmI(admin)).toBeNull()
  expect(await platformDb.selectFrom('sessions').select('id').where('user_id', 'in', [owner.id, writer.id]).execute()).toHaveLength(1)
})
