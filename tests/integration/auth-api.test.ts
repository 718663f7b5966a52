// The sign-in calls of the spec, end to end against MariaDB, Redis, BullMQ and the SMTP sink.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as autoLoginApi from '#app/routes/api.auth.auto-login.$code'
import * as loginApi from '#app/routes/api.auth.login'
import * as logoutApi from '#app/routes/api.auth.logout'
import * as resetApi from '#app/routes/api.auth.reset-password'
import * as resetStep2Api from '#app/routes/api.auth.reset-password-step-2'
import * as userApi from '#app/routes/api.auth.user'
import * as twoFactorApi from '#app/routes/api.auth.verification-2fa'
import * as homepageApi from '#app/routes/api.client.homepage'
import * as permissionsApi from '#app/routes/api.permissions'
import * as orgsApi from '#app/routes/api.user.orgs'
import { createAutoLoginLink } from '#app/models/auto-login-links.server'
import { CODE_REQUIRED } from '#app/models/login.schema'
import { platformDb } from '#app/services/db.server'
import { createOrganisation, createUser, orgIdByName, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { codeFrom, linkFrom, waitForMail } from '#tests/mailbox'
import { Client, startMailPipeline } from './helpers'

const DEMO_PASSWORD = 'Demo-pass-2026'
let stopMail: () => Promise<void>
let demo: { id: number; publicId: string }
let rival: { id: number; publicId: string }

beforeAll(async () => {
  stopMail = await startMailPipeline()
  demo = await orgIdByName('Demo Writing Co')
  rival = await orgIdByName('Rival Resumes')
})
afterAll(async () => stopMail())

async function login(client: Client, email: string, clientId: string | null, password = DEMO_PASSWORD) {
  return client.call(loginApi.action, {
    path: '/api/auth/login',
    body: { email, password, clientId, role: clientId ? undefined : 'superadmin' },
  })
}

describe('GET /api/user/orgs', () => {
  it('lists the organisations of a person, first for the picker', async () => {
    const res = await new Client().call(orgsApi.loader, { path: '/api/user/orgs?email=owner@demo.test' })
    expect(res.status).toBe(200)
    expect(res.json.status).toBe(true)
    expect(res.json.userData).toEqual([{ client_id: demo.publicId, role: 'client', companyDetails: { companyName: 'Demo Writing Co', logo: null } }])
  })

  it('lists both organisations for a member of two', async () => {
    const res = await new Client().call(orgsApi.loader, { path: '/api/user/orgs?email=MULTI@demo.test' })
    expect(res.json.userData.map((o: any) => [o.companyDetails.companyName, o.role])).toEqual([
      ['Demo Writing Co', 'user'],
      ['Rival Resumes', 'client'],
    ])
  })

  it('offers the superadmin the platform without an organisation', async () => {
    const res = await new Client().call(orgsApi.loader, { path: '/api/user/orgs?email=superadmin@demo.test' })
    expect(res.json.userData[0]).toEqual({ client_id: null, role: 'superadmin', companyDetails: null })
  })

  it('answers 404 for an unknown e-mail and 400 for a malformed one', async () => {
    expect((await new Client().call(orgsApi.loader, { path: '/api/user/orgs?email=nobody@demo.test' })).status).toBe(404)
    const bad = await new Client().call(orgsApi.loader, { path: '/api/user/orgs?email=not-an-email' })
    expect(bad.status).toBe(400)
    expect(bad.json.errors.email).toBe('Please enter a valid email address')
  })

  it('hides archived and inactive memberships', async () => {
    const org = await createOrganisation()
    const user = await createUser({ memberships: [{ clientId: org.id, role: 'user', archived: true }] })
    expect((await new Client().call(orgsApi.loader, { path: `/api/user/orgs?email=${user.email}` })).status).toBe(404)
  })
})

describe('POST /api/auth/login', () => {
  it('signs the owner in with a new session and returns the spec user', async () => {
    const client = new Client()
    const res = await login(client, 'owner@demo.test', demo.publicId)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ status: true, statusCode: 200, redirectTo: '/dashboard' })
    expect(res.json.user).toMatchObject({ email: 'owner@demo.test', role: 'client', client_id: demo.publicId, permissions: [], currencyType: 'usd' })
    expect(res.json.user.companyDetails.companyName).toBe('Demo Writing Co')
    // No INTERCOM_IDENTITY_SECRET in tests: the field is present and null.
    expect(res.json.user).toHaveProperty('intercomHashId', null)
    expect(res.headers.get('Set-Cookie')).toMatch(/HttpOnly/i)
    expect(res.headers.get('Set-Cookie')).toMatch(/SameSite=Lax/i)
    const me = await client.call(userApi.loader, { path: '/api/auth/user' })
    expect(me.status).toBe(200)
    expect(me.json.user.email).toBe('owner@demo.test')
  })

  it('issues a new session id at login (no fixation)', async () => {
    const client = new Client()
    await login(client, 'owner@demo.test', demo.publicId)
    const first = client.cookie
    await login(client, 'owner@demo.test', demo.publicId)
    expect(client.cookie).not.toBe(first)
    const stale = new Client()
    stale.cookie = first
    expect((await stale.call(userApi.loader, { path: '/api/auth/user' })).status).toBe(401)
  })

  it('lands staff without VIEW_DASHBOARD on the first page of their sidebar, a reviewer on their assigned orders', async () => {
    const res = await login(new Client(), 'staff@demo.test', demo.publicId)
    expect(res.json.redirectTo).toBe('/dashboard')
    expect((await login(new Client(), 'reviewer@demo.test', demo.publicId)).json.redirectTo).toBe('/orders/assigned-orders')
  })

  it('refuses a wrong password with the spec message', async () => {
    const res = await login(new Client(), 'owner@demo.test', demo.publicId, 'wrong-password')
    expect(res.status).toBe(401)
    expect(res.json.error).toBe('Email or Password Incorrect')
  })

  it('refuses an organisation id or role longer than 64 characters with a 400', async () => {
    const long = 'x'.repeat(65)
    const res = await new Client().call(loginApi.action, { path: '/api/auth/login', body: { email: 'owner@demo.test', password: DEMO_PASSWORD, clientId: long } })
    expect(res.status).toBe(400)
    const role = await new Client().call(loginApi.action, { path: '/api/auth/login', body: { email: 'owner@demo.test', password: DEMO_PASSWORD, role: long } })
    expect(role.status).toBe(400)
  })

  it('asks for an organisation unless the role is superadmin', async () => {
    const res = await new Client().call(loginApi.action, { path: '/api/auth/login', body: { email: 'owner@demo.test', password: DEMO_PASSWORD } })
    expect(res.status).toBe(400)
    expect(res.json.error).toBe('Please Select One Organization!')
    const admin = await login(new Client(), 'superadmin@demo.test', null)
    expect(admin.status).toBe(200)
    expect(admin.json.user.role).toBe('superadmin')
  })

  it('never signs a person in to an organisation they do not belong to', async () => {
    const res = await login(new Client(), 'owner2@demo.test', demo.publicId)
    expect(res.status).toBe(401)
    const notAdmin = await login(new Client(), 'owner@demo.test', null)
    expect(notAdmin.status).toBe(401)
  })

  it('refuses a deactivated person and ends their sessions', async () => {
    const org = await createOrganisation()
    const user = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const client = new Client()
    expect((await login(client, user.email, org.publicId, TEST_PASSWORD)).status).toBe(200)
    await platformDb.updateTable('users').set({ active: false }).where('id', '=', user.id).execute()
    expect((await client.call(userApi.loader, { path: '/api/auth/user' })).status).toBe(401)
    expect((await login(new Client(), user.email, org.publicId, TEST_PASSWORD)).status).toBe(401)
  })

  it('locks an account after 100 failed logins in an hour', async () => {
    const org = await createOrganisation()
    const user = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    for (let i = 0; i < 100; i++) {
      // Spread over addresses so the per-IP limit does not trip first.
      const res = await login(new Client(`10.9.${Math.floor(i / 50)}.${i % 50}`), user.email, org.publicId, 'bad')
      expect(res.status).toBe(401)
    }
    const locked = await login(new Client(), user.email, org.publicId, TEST_PASSWORD)
    expect(locked.status).toBe(429)
  }, 60_000)
})

describe('logout and session revocation', () => {
  it('deletes the session on the server, so the old cookie is dead', async () => {
    const client = new Client()
    await login(client, 'owner@demo.test', demo.publicId)
    const cookie = client.cookie
    expect((await client.call(logoutApi.loader, { path: '/api/auth/logout' })).status).toBe(200)
    const replay = new Client()
    replay.cookie = cookie
    expect((await replay.call(userApi.loader, { path: '/api/auth/user' })).status).toBe(401)
  })
})

describe('two-factor login', () => {
  async function twoFactorUser() {
    const org = await createOrganisation({ settings: { enable_2FA: true } })
    const user = await createUser({ email: uniqueEmail('2fa'), memberships: [{ clientId: org.id, role: 'client' }] })
    return { org, user }
  }

  it('answers 302 with metadata, then signs in with the e-mailed code once', async () => {
    const { org, user } = await twoFactorUser()
    const client = new Client()
    const since = new Date()
    const res = await login(client, user.email, org.publicId, TEST_PASSWORD)
    expect(res.status).toBe(302)
    expect(res.json.metadata).toEqual({ redirectTo: 'auth/verification-2fa', method: 'POST' })
    // Without a Location, Remix turns the 302 into a 500 (tests/security/api-smoke.spec.ts goes through the real server).
    expect(res.headers.get('Location')).toBe('/verify-2fa-code')
    expect((await client.call(userApi.loader, { path: '/api/auth/user' })).status).toBe(401)
    const code = codeFrom(await waitForMail(user.email, /verification code/i, since))
    const ok = await client.call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body: { verificationCode: code } })
    expect(ok.status).toBe(200)
    expect(ok.json.user.email).toBe(user.email)
    const token = await platformDb.selectFrom('auth_tokens').select(['data']).where('user_id', '=', user.id).where('purpose', '=', 'two_factor').executeTakeFirstOrThrow()
    expect(JSON.stringify(token.data)).not.toContain(code)
  })

  it('rejects wrong codes and dies after five', async () => {
    const { org, user } = await twoFactorUser()
    const client = new Client()
    const since = new Date()
    await login(client, user.email, org.publicId, TEST_PASSWORD)
    const code = codeFrom(await waitForMail(user.email, /verification code/i, since))
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) {
      const res = await client.call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body: { verificationCode: wrong } })
      expect(res.status).toBe(401)
      expect(res.json.error).toBe('Incorrect verification code')
    }
    const fifth = await client.call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body: { verificationCode: wrong } })
    expect(fifth.status).toBe(403)
    const late = await client.call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body: { verificationCode: code } })
    expect(late.status).toBe(401)
  })

  it('expires codes after ten minutes', async () => {
    const { org, user } = await twoFactorUser()
    const client = new Client()
    const since = new Date()
    await login(client, user.email, org.publicId, TEST_PASSWORD)
    const code = codeFrom(await waitForMail(user.email, /verification code/i, since))
    await platformDb
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute()
    const res = await client.call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body: { verificationCode: code } })
    expect(res.status).toBe(401)
  })

  it('a missing, null or empty code is a 400 that spends no attempt; a number or a spaced code is taken as typed', async () => {
    const { org, user } = await twoFactorUser()
    const client = new Client()
    const since = new Date()
    await login(client, user.email, org.publicId, TEST_PASSWORD)
    const code = codeFrom(await waitForMail(user.email, /verification code/i, since))
    for (const body of [{}, { verificationCode: null }, { verificationCode: '' }, { verificationCode: '   ' }]) {
      const res = await client.call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body })
      expect(res.status).toBe(400)
      expect(res.json.error).toBe(CODE_REQUIRED)
    }
    const challenge = () => platformDb.selectFrom('auth_tokens').select('attempts').where('user_id', '=', user.id).where('purpose', '=', 'two_factor').executeTakeFirstOrThrow()
    expect(await challenge()).toEqual({ attempts: 0 })
    const wrongNumber = Number(code) === 123456 ? 654321 : 123456
    const asNumber = await client.call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body: { verificationCode: wrongNumber } })
    expect(asNumber.status).toBe(401)
    expect(await challenge()).toEqual({ attempts: 1 })
    // Typed as the e-mail shows it, or with a dash: the same normalisation as authenticator codes.
    const ok = await client.call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body: { verificationCode: ` ${code.slice(0, 3)}-${code.slice(3)} ` } })
    expect(ok.status).toBe(200)
  })

  it('a signed-in caller that starts a 2FA login is signed out until the code is entered', async () => {
    const { org, user } = await twoFactorUser()
    const plainOrg = await createOrganisation()
    const plain = await createUser({ memberships: [{ clientId: plainOrg.id, role: 'client' }] })
    const client = new Client()
    expect((await login(client, plain.email, plainOrg.publicId, TEST_PASSWORD)).status).toBe(200)
    const signedIn = client.cookie
    expect((await client.call(userApi.loader, { path: '/api/auth/user' })).json.user.email).toBe(plain.email)
    const since = new Date()
    expect((await login(client, user.email, org.publicId, TEST_PASSWORD)).status).toBe(302)
    expect(client.cookie).not.toBe(signedIn)
    expect((await client.call(userApi.loader, { path: '/api/auth/user' })).status).toBe(401)
    // The earlier session is over, not parked.
    const old = new Client(client.ip)
    old.cookie = signedIn
    expect((await old.call(userApi.loader, { path: '/api/auth/user' })).status).toBe(401)
    const code = codeFrom(await waitForMail(user.email, /verification code/i, since))
    expect((await client.call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body: { verificationCode: code } })).status).toBe(200)
    expect((await client.call(userApi.loader, { path: '/api/auth/user' })).json.user.email).toBe(user.email)
  })

  it('binds the code to its login attempt and resends a fresh one', async () => {
    const { org, user } = await twoFactorUser()
    const client = new Client()
    const since = new Date()
    await login(client, user.email, org.publicId, TEST_PASSWORD)
    const first = codeFrom(await waitForMail(user.email, /verification code/i, since))
    // Another browser without the pending login cannot use the code.
    const other = await new Client().call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body: { verificationCode: first } })
    expect(other.status).toBe(401)
    const resendSince = new Date()
    const resend = await client.call(twoFactorApi.loader, { path: '/api/auth/verification-2fa' })
    expect(resend.status).toBe(200)
    expect(resend.json.status).toBe(true)
    const mails = await waitForMail(user.email, /verification code/i, resendSince)
    const second = codeFrom(mails)
    if (second !== first) {
      const old = await client.call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body: { verificationCode: first } })
      expect(old.status).toBe(401)
    }
    const ok = await client.call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body: { verificationCode: second } })
    expect(ok.status).toBe(200)
  })
})

describe('password reset', () => {
  it('answers the same for unknown and known e-mails', async () => {
    const unknown = await new Client().call(resetApi.action, { path: '/api/auth/reset-password', body: { email: 'ghost@nowhere.test' } })
    const org = await createOrganisation()
    const user = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const known = await new Client().call(resetApi.action, { path: '/api/auth/reset-password', body: { email: user.email } })
    expect(unknown.status).toBe(200)
    expect(known.status).toBe(200)
    expect(unknown.json).toEqual(known.json)
  })

  it('resets with the e-mailed link once, revokes sessions and keeps the token hashed', async () => {
    const org = await createOrganisation()
    const user = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const signedIn = new Client()
    await login(signedIn, user.email, org.publicId, TEST_PASSWORD)
    const since = new Date()
    await new Client().call(resetApi.action, { path: '/api/auth/reset-password', body: { email: user.email } })
    const link = linkFrom(await waitForMail(user.email, /reset/i, since), /\/forgot-password-2\//)
    const code = link.split('/forgot-password-2/')[1]
    expect(code.length).toBeGreaterThanOrEqual(43) // 256 bits in base64url
    const stored = await platformDb.selectFrom('auth_tokens').select('token_hash').where('user_id', '=', user.id).where('purpose', '=', 'password_reset').execute()
    expect(stored.map((r) => r.token_hash)).not.toContain(code)

    const short = await new Client().call(resetStep2Api.action, { path: '/api/auth/reset-password-step-2', body: { code, password: 'short' } })
    expect(short.status).toBe(400)
    const done = await new Client().call(resetStep2Api.action, { path: '/api/auth/reset-password-step-2', body: { code, password: 'Brand-new-pass-1' } })
    expect(done.status).toBe(200)
    expect((await signedIn.call(userApi.loader, { path: '/api/auth/user' })).status).toBe(401)
    expect((await login(new Client(), user.email, org.publicId, TEST_PASSWORD)).status).toBe(401)
    expect((await login(new Client(), user.email, org.publicId, 'Brand-new-pass-1')).status).toBe(200)
    const again = await new Client().call(resetStep2Api.action, { path: '/api/auth/reset-password-step-2', body: { code, password: 'Another-pass-2' } })
    expect(again.status).toBe(400)
  })
})

describe('auto-login links', () => {
  it('a plain (non log-in-as) link signs in once, from any session, and replaces the current user', async () => {
    const org = await createOrganisation()
    const admin = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const target = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['WRITER'] }] })
    const link = await createAutoLoginLink({ id: target.id }, { userId: target.id, clientId: org.id })
    const code = link.split('/auto-login/')[1]
    const client = new Client()
    await login(client, admin.email, org.publicId, TEST_PASSWORD)
    const res = await client.call(autoLoginApi.loader, { path: `/api/auth/auto-login/${code}`, params: { code } })
    expect(res.status).toBe(200)
    expect(res.json.user.email).toBe(target.email)
    expect((await client.call(userApi.loader, { path: '/api/auth/user' })).json.user.email).toBe(target.email)
    const reuse = await new Client().call(autoLoginApi.loader, { path: `/api/auth/auto-login/${code}`, params: { code } })
    expect(reuse.status).toBe(401)
    const audit = await platformDb
      .selectFrom('audit_logs')
      .selectAll()
      .where('user_id', '=', target.id)
      .where('action', '=', 'auto_login')
      .where('status', '=', 'success')
      .executeTakeFirstOrThrow()
    expect(audit.actor_user_id).toBeNull()
  })

  it('a log-in-as link cannot be made without binding it to a session', async () => {
    const org = await createOrganisation()
    const admin = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const target = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['WRITER'] }] })
    await expect(createAutoLoginLink({ id: admin.id }, { userId: target.id, clientId: org.id })).rejects.toThrow(/bound/)
  })
})

describe('GET /api/permissions and GET /api/client/homepage', () => {
  it('answers 401 when signed out', async () => {
    expect((await new Client().call(permissionsApi.loader, { path: '/api/permissions' })).status).toBe(401)
    expect((await new Client().call(homepageApi.loader, { path: '/api/client/homepage' })).status).toBe(401)
  })

  it('returns the grouped catalogue with requiredBy', async () => {
    const client = new Client()
    await login(client, 'staff@demo.test', demo.publicId)
    const res = await client.call(permissionsApi.loader, { path: '/api/permissions' })
    expect(Object.keys(res.json.permissions)[0]).toBe('GLOBAL')
    const readOrders = res.json.permissions.ORDERS.find((p: any) => p.action === 'READ_ORDERS')
    expect(readOrders.requiredBy).toContain('UPDATE_ORDERS')
  })

  it('scopes homepage stats to the session organisation and guards them', async () => {
    const owner = new Client()
    await login(owner, 'owner@demo.test', demo.publicId)
    const rivalOwner = new Client()
    await login(rivalOwner, 'owner2@demo.test', rival.publicId)
    const demoStats = (await owner.call(homepageApi.loader, { path: '/api/client/homepage' })).json.data
    const rivalStats = (await rivalOwner.call(homepageApi.loader, { path: '/api/client/homepage' })).json.data
    const { getHomepageStats } = await import('#app/models/homepage.server')
    const { tenantForJob } = await import('#app/services/db.server')
    expect(demoStats).toEqual(await getHomepageStats(tenantForJob(demo.id)))
    expect(rivalStats).toEqual(await getHomepageStats(tenantForJob(rival.id)))
    expect(demoStats.totalWriters).toBeGreaterThanOrEqual(1)
    expect(demoStats).not.toEqual(rivalStats)
    const writer = new Client()
    await login(writer, 'writer@demo.test', demo.publicId)
    const denied = await writer.call(homepageApi.loader, { path: '/api/client/homepage' })
    expect(denied.status).toBe(403)
    expect(denied.json.error).toBe("You don't have the required permissions! Please contact your admin to give you permissions then refresh the page")
  })
})
