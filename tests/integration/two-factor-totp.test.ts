// TOTP two-factor authentication (ADR 0012): enrollment on /profile/security, sign-in with an
// authenticator or recovery code, replay, disabling, and the platform enrollment requirement.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as loginApi from '#app/routes/api.auth.login'
import * as clientsApi from '#app/routes/api.clients.get'
import * as userApi from '#app/routes/api.auth.user'
import * as twoFactorApi from '#app/routes/api.auth.verification-2fa'
import * as dashboardPage from '#app/routes/_app.dashboard'
import * as securityPage from '#app/routes/_app.profile_.security'
import { CURRENT_PASSWORD_WRONG } from '#app/models/profile.schema'
import { TOTP_ENROLLMENT_REQUIRED } from '#app/models/two-factor.server'
import { timeStep } from '#app/rules/two-factor'
import { IMPERSONATION_CREDENTIALS_REFUSED } from '#app/models/auth-guards.server'
import { TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import * as passwordUpdate from '#app/routes/api.profile.profile_update_password'
import { decryptSecret } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { env } from '#app/services/env.server'
import { createOrganisation, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { sessionClient } from '#tests/factories/session'
import { codeFrom, mailsTo, waitForMail } from '#tests/mailbox'
import { Client, startMailPipeline } from './helpers'
import { orgAccount, totpCodeAt } from '#tests/factories/two-factor'

let stopMail: () => Promise<void>
beforeAll(async () => {
  stopMail = await startMailPipeline()
})
afterAll(async () => stopMail())

type Handler = (args: never) => Promise<unknown>
type PageAnswer = { status: number; data: any; location: string | null }

/** Calls a page loader or action in-process: Responses, thrown or returned `data()`, and the session cookie. */
async function page(client: Client, handler: Handler, path: string, form?: Record<string, string>): Promise<PageAnswer> {
  const headers = new Headers({ 'x-draftdesk-client-ip': client.ip })
  if (client.cookie) headers.set('Cookie', client.cookie)
  const body = form ? new URLSearchParams(form) : undefined
  const request = new Request(`http://localhost${path}`, { method: form ? 'POST' : 'GET', headers, body })
  let result: unknown
  try {
    result = await handler({ request, params: {}, context: {} } as never)
  } catch (thrown) {
    result = thrown
  }
  const keepCookie = (h: Headers) => {
    const setCookie = h.get('Set-Cookie')
    if (setCookie) client.cookie = setCookie.split(';')[0]!
  }
  if (result instanceof Response) {
    keepCookie(result.headers)
    const text = await result.text()
    return { status: result.status, data: text ? JSON.parse(text) : null, location: result.headers.get('Location') }
  }
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } }
  if (wrapped?.type === 'DataWithResponseInit') {
    keepCookie(new Headers(wrapped.init?.headers))
    return { status: wrapped.init?.status ?? 200, data: wrapped.data, location: null }
  }
  if (result instanceof Error) throw result
  return { status: 200, data: result, location: null }
}

async function login(client: Client, email: string, clientId: string | null, password = TEST_PASSWORD) {
  return client.call(loginApi.action, { path: '/api/auth/login', body: { email, password, clientId, role: clientId ? undefined : 'superadmin' } })
}

const verify = (client: Client, code: string) => client.call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body: { verificationCode: code } })

const codeAt = totpCodeAt

/** An authenticator code the server has not seen yet: the current step, else the next one. */
async function freshCode(userId: number, secret: string) {
  const row = await platformDb.selectFrom('totp_credentials').select('last_used_step').where('user_id', '=', userId).executeTakeFirst()
  const last = row?.last_used_step ?? -1
  const now = timeStep(Date.now())
  const step = [now, now + 1].find((s) => s > last)
  if (step === undefined) throw new Error('Both usable steps are spent; the test used too many codes')
  return codeAt(secret, step)
}

/** Signs in (password only: no 2FA yet) and turns TOTP on through the page; returns the secret and recovery codes. */
async function enroll(client: Client, user: { id: number; email: string }, orgPublicId: string | null) {
  expect((await login(client, user.email, orgPublicId)).status).toBe(200)
  const started = await page(client, securityPage.action as Handler, '/profile/security', { intent: 'start', password: TEST_PASSWORD })
  expect(started).toMatchObject({ status: 302, location: '/profile/security' })
  const shown = await page(client, securityPage.loader as Handler, '/profile/security')
  const secret: string = shown.data.pending.secret
  expect(shown.data.pending.uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/)
  expect(shown.data.pending.qr).toMatch(/^data:image\/svg\+xml;base64,/)
  const confirmed = await page(client, securityPage.action as Handler, '/profile/security', { intent: 'confirm', code: await freshCode(user.id, secret) })
  expect(confirmed.status).toBe(200)
  const recoveryCodes: string[] = confirmed.data.recoveryCodes
  return { secret, recoveryCodes }
}

describe('enrollment', () => {
  it('stores the secret encrypted and the recovery codes hashed, and shows them once', async () => {
    const { org, user } = await orgAccount()
    const client = new Client()
    const { secret, recoveryCodes } = await enroll(client, user, org.publicId)
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    const row = await platformDb.selectFrom('totp_credentials').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow()
    expect(row.enabled_at).not.toBeNull()
    expect(row.secret_encrypted).not.toContain(secret)
    expect(decryptSecret(row.secret_encrypted)).toBe(secret)
    const hashes = await platformDb.selectFrom('totp_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute()
    expect(hashes).toHaveLength(10)
    for (const code of recoveryCodes) expect(JSON.stringify(hashes)).not.toContain(code.replace('-', ''))
    // The page no longer shows a secret, only the count of codes left.
    const after = await page(client, securityPage.loader as Handler, '/profile/security')
    expect(after.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10, pending: null })
  })

  it('refuses a wrong first code and keeps TOTP off', async () => {
    const { org, user } = await orgAccount()
    const client = new Client()
    await login(client, user.email, org.publicId)
    await page(client, securityPage.action as Handler, '/profile/security', { intent: 'start', password: TEST_PASSWORD })
    const wrong = await page(client, securityPage.action as Handler, '/profile/security', { intent: 'confirm', code: '000000' })
    expect(wrong.status).toBe(422)
    expect(await platformDb.selectFrom('totp_credentials').select('enabled_at').where('user_id', '=', user.id).executeTakeFirstOrThrow()).toEqual({ enabled_at: null })
    const unknown = await page(client, securityPage.action as Handler, '/profile/security', { intent: 'nonsense' })
    expect(unknown.status).toBe(400)
  })

  it('starting needs the current password: a session alone cannot enrol its own app', async () => {
    const { org, user } = await orgAccount()
    const client = new Client()
    await login(client, user.email, org.publicId)
    const missing = await page(client, securityPage.action as Handler, '/profile/security', { intent: 'start' })
    expect(missing.status).toBe(422)
    expect(missing.data.fieldErrors).toEqual({ password: 'Password is required' })
    const wrong = await page(client, securityPage.action as Handler, '/profile/security', { intent: 'start', password: 'not-it' })
    expect(wrong.status).toBe(422)
    expect(wrong.data.fieldErrors).toEqual({ password: CURRENT_PASSWORD_WRONG })
    // Nothing secret comes back with the refusal, and no secret waits for a code.
    expect(JSON.stringify(wrong.data)).not.toContain('not-it')
    expect(await platformDb.selectFrom('totp_credentials').select('user_id').where('user_id', '=', user.id).execute()).toHaveLength(0)
    const audit = await platformDb.selectFrom('audit_logs').select(['action', 'status']).where('user_id', '=', user.id).where('action', '=', 'totp_enrollment_started').execute()
    expect(audit).toEqual([{ action: 'totp_enrollment_started', status: 'failure' }])
    expect(await page(client, securityPage.action as Handler, '/profile/security', { intent: 'start', password: TEST_PASSWORD })).toMatchObject({ status: 302 })
  })

  it('shares one per-account budget of wrong current passwords with the profile', async () => {
    const { org, user } = await orgAccount()
    const client = new Client()
    await login(client, user.email, org.publicId)
    for (let i = 0; i < 10; i++) {
      const wrong = await client.call(passwordUpdate.action, {
        path: '/api/profile/profile_update_password',
        body: { password: 'Brand-new-pass-1', currentPassword: `Wrong-pass-${i}` },
      })
      expect(wrong.status).toBe(400)
    }
    const limited = await page(client, securityPage.action as Handler, '/profile/security', { intent: 'start', password: TEST_PASSWORD })
    expect(limited.status).toBe(422)
    expect(limited.data.fieldErrors).toEqual({ password: TOO_MANY_ATTEMPTS })
    expect(await platformDb.selectFrom('totp_credentials').select('user_id').where('user_id', '=', user.id).execute()).toHaveLength(0)
  })

  it('a log-in-as session can neither start, disable nor renew, and never sees a secret', async () => {
    const { org, user } = await orgAccount()
    const owner = new Client()
    const { secret } = await enroll(owner, user, org.publicId)
    const actor = await createUser({ memberships: [{ clientId: (await createOrganisation()).id, role: 'client' }] })
    const impersonator = await sessionClient({ userId: user.id, clientId: org.id, impersonatorUserId: actor.id })
    const forms: Record<string, string>[] = [
      { intent: 'disable', password: TEST_PASSWORD, code: await freshCode(user.id, secret) },
      { intent: 'regenerate', code: await freshCode(user.id, secret) },
      { intent: 'start' },
      { intent: 'cancel' },
    ]
    for (const form of forms) {
      const refused = await page(impersonator, securityPage.action as Handler, '/profile/security', form)
      expect(refused.status).toBe(403)
      expect(refused.data.message).toBe(IMPERSONATION_CREDENTIALS_REFUSED)
    }
    const view = await page(impersonator, securityPage.loader as Handler, '/profile/security')
    expect(view.data).toMatchObject({ enabled: true, impersonating: IMPERSONATION_CREDENTIALS_REFUSED, pending: null })
    expect(await platformDb.selectFrom('totp_credentials').select('enabled_at').where('user_id', '=', user.id).executeTakeFirstOrThrow()).toHaveProperty(
      'enabled_at',
      expect.any(Date),
    )
  })
})

describe('sign-in with TOTP', () => {
  it('asks for the authenticator code (302, no e-mail), refuses a replay, accepts the next code', async () => {
    const { org, user } = await orgAccount()
    const { secret } = await enroll(new Client(), user, org.publicId)
    const client = new Client()
    const res = await login(client, user.email, org.publicId)
    expect(res.status).toBe(302)
    expect(res.json).toMatchObject({ message: 'Enter the code from your authenticator app.', metadata: { redirectTo: 'auth/verification-2fa', method: 'POST' } })
    expect(res.headers.get('Location')).toBe('/verify-2fa-code')
    // The code used to confirm the enrollment is spent.
    const used = await platformDb.selectFrom('totp_credentials').select('last_used_step').where('user_id', '=', user.id).executeTakeFirstOrThrow()
    const replay = await verify(client, codeAt(secret, used.last_used_step!))
    expect(replay.status).toBe(401)
    expect(replay.json.error).toBe('Incorrect verification code')
    const code = await freshCode(user.id, secret)
    const ok = await verify(client, code)
    expect(ok.status).toBe(200)
    expect(ok.json.user.email).toBe(user.email)
    expect((await client.call(userApi.loader, { path: '/api/auth/user' })).status).toBe(200)
    // The same code on a new login is a replay.
    const again = new Client()
    expect((await login(again, user.email, org.publicId)).status).toBe(302)
    expect((await verify(again, code)).status).toBe(401)
  })

  it('the same code sent twice at once signs in only one of them', async () => {
    const { org, user } = await orgAccount()
    const { secret } = await enroll(new Client(), user, org.publicId)
    const [a, b] = [new Client(), new Client()]
    await login(a, user.email, org.publicId)
    await login(b, user.email, org.publicId)
    // A second login voids the first challenge; each client needs a live one, so b logs in after a's challenge.
    await platformDb.updateTable('auth_tokens').set({ used_at: null }).where('user_id', '=', user.id).where('purpose', '=', 'two_factor').execute()
    const code = await freshCode(user.id, secret)
    const results = await Promise.all([verify(a, code), verify(b, code)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 401])
  })

  it('takes a recovery code once', async () => {
    const { org, user } = await orgAccount()
    const { recoveryCodes } = await enroll(new Client(), user, org.publicId)
    const client = new Client()
    await login(client, user.email, org.publicId)
    expect((await verify(client, recoveryCodes[0]!.toUpperCase())).status).toBe(200)
    const again = new Client()
    await login(again, user.email, org.publicId)
    expect((await verify(again, recoveryCodes[0]!)).status).toBe(401)
    expect((await verify(again, recoveryCodes[1]!.replace('-', ' '))).status).toBe(200)
    const left = await platformDb.selectFrom('totp_recovery_codes').select('id').where('user_id', '=', user.id).where('used_at', 'is', null).execute()
    expect(left).toHaveLength(8)
  })

  it('replaces the organisation e-mail code for accounts with TOTP; others still get the e-mail', async () => {
    const { org, user } = await orgAccount({ enable_2FA: true })
    const other = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['VIEW_DASHBOARD'] }] })
    // Enrolling needs a session: the organisation's e-mail code gets this account in first.
    const client = new Client()
    const since = new Date()
    expect((await login(client, user.email, org.publicId)).status).toBe(302)
    expect((await verify(client, codeFrom(await waitForMail(user.email, /verification code/i, since)))).status).toBe(200)
    await page(client, securityPage.action as Handler, '/profile/security', { intent: 'start', password: TEST_PASSWORD })
    const secret = (await page(client, securityPage.loader as Handler, '/profile/security')).data.pending.secret
    expect((await page(client, securityPage.action as Handler, '/profile/security', { intent: 'confirm', code: await freshCode(user.id, secret) })).status).toBe(200)

    const mailsBefore = (await mailsTo(user.email)).length
    const next = new Client()
    const res = await login(next, user.email, org.publicId)
    expect(res.status).toBe(302)
    expect(res.json.message).toBe('Enter the code from your authenticator app.')
    // Nothing to resend for an authenticator: 400, and no e-mail leaves.
    const resend = await next.call(twoFactorApi.loader, { path: '/api/auth/verification-2fa' })
    expect(resend.status).toBe(400)
    expect((await verify(next, await freshCode(user.id, secret))).status).toBe(200)
    await new Promise((r) => setTimeout(r, 300))
    expect((await mailsTo(user.email)).length).toBe(mailsBefore)

    const otherSince = new Date()
    const plain = new Client()
    const otherRes = await login(plain, other.email, org.publicId)
    expect(otherRes.json.message).toBe('A verification code has been sent to your e-mail.')
    expect((await verify(plain, codeFrom(await waitForMail(other.email, /verification code/i, otherSince)))).status).toBe(200)
  })
})

describe('turning TOTP off and renewing recovery codes', () => {
  it('disable needs the current password and a code', async () => {
    const { org, user } = await orgAccount()
    const client = new Client()
    const { recoveryCodes } = await enroll(client, user, org.publicId)
    const badPassword = await page(client, securityPage.action as Handler, '/profile/security', { intent: 'disable', password: 'not-it', code: recoveryCodes[0]! })
    expect(badPassword.status).toBe(422)
    expect(badPassword.data.fieldErrors).toEqual({ password: CURRENT_PASSWORD_WRONG })
    const badCode = await page(client, securityPage.action as Handler, '/profile/security', { intent: 'disable', password: TEST_PASSWORD, code: '123456' })
    expect(badCode.data.fieldErrors).toEqual({ code: 'Incorrect verification code' })
    const missing = await page(client, securityPage.action as Handler, '/profile/security', { intent: 'disable', password: '', code: '' })
    expect(missing.status).toBe(422)
    expect(await platformDb.selectFrom('totp_credentials').select('user_id').where('user_id', '=', user.id).execute()).toHaveLength(1)
    const off = await page(client, securityPage.action as Handler, '/profile/security', { intent: 'disable', password: TEST_PASSWORD, code: recoveryCodes[0]! })
    expect(off).toMatchObject({ status: 302, location: '/profile/security' })
    expect(await platformDb.selectFrom('totp_credentials').select('user_id').where('user_id', '=', user.id).execute()).toHaveLength(0)
    expect(await platformDb.selectFrom('totp_recovery_codes').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
    expect((await login(new Client(), user.email, org.publicId)).status).toBe(200)
  })

  it('renewing recovery codes needs a code and voids the old ones', async () => {
    const { org, user } = await orgAccount()
    const client = new Client()
    const { secret, recoveryCodes } = await enroll(client, user, org.publicId)
    const refused = await page(client, securityPage.action as Handler, '/profile/security', { intent: 'regenerate', code: '000000' })
    expect(refused.status).toBe(422)
    const renewed = await page(client, securityPage.action as Handler, '/profile/security', { intent: 'regenerate', code: await freshCode(user.id, secret) })
    expect(renewed.status).toBe(200)
    expect(renewed.data.recoveryCodes).toHaveLength(10)
    const next = new Client()
    await login(next, user.email, org.publicId)
    expect((await verify(next, recoveryCodes[0]!)).status).toBe(401)
    expect((await verify(next, renewed.data.recoveryCodes[0])).status).toBe(200)
  })
})

describe('platform accounts must enroll where required (TOTP_REQUIRED_FOR_PLATFORM)', () => {
  const config = env()
  const before = config.TOTP_REQUIRED_FOR_PLATFORM
  afterEach(() => {
    config.TOTP_REQUIRED_FOR_PLATFORM = before
  })

  it('is off outside production by default, so the demo logins keep working', () => {
    expect(before).toBe(false)
  })

  it('a platform account without TOTP reaches only the set-up page until it enrolls', async () => {
    config.TOTP_REQUIRED_FOR_PLATFORM = true
    const admin = await createUser({ superadmin: true })
    const client = new Client()
    const res = await login(client, admin.email, null)
    expect(res.status).toBe(200)
    expect(res.json.redirectTo).toBe('/profile/security')
    const api = await client.call(clientsApi.loader, { path: '/api/clients/get' })
    expect(api.status).toBe(403)
    expect(api.json.error).toBe(TOTP_ENROLLMENT_REQUIRED)
    expect(await page(client, dashboardPage.loader as Handler, '/dashboard')).toMatchObject({ status: 302, location: '/profile/security' })
    expect(await page(client, dashboardPage.loader as Handler, '/dashboard.data')).toMatchObject({ status: 302, location: '/profile/security' })
    const setup = await page(client, securityPage.loader as Handler, '/profile/security')
    expect(setup.data).toMatchObject({ required: true, enabled: false })

    await page(client, securityPage.action as Handler, '/profile/security', { intent: 'start', password: TEST_PASSWORD })
    const secret = (await page(client, securityPage.loader as Handler, '/profile/security')).data.pending.secret
    expect((await page(client, securityPage.action as Handler, '/profile/security', { intent: 'confirm', code: await freshCode(admin.id, secret) })).status).toBe(200)
    expect((await client.call(clientsApi.loader, { path: '/api/clients/get' })).status).toBe(200)
    expect((await page(client, dashboardPage.loader as Handler, '/dashboard')).status).toBe(200)
  })

  it('organisation accounts are not held back', async () => {
    config.TOTP_REQUIRED_FOR_PLATFORM = true
    const { org, user } = await orgAccount()
    const client = new Client()
    expect((await login(client, user.email, org.publicId)).json.redirectTo).toBe('/dashboard')
    expect((await page(client, dashboardPage.loader as Handler, '/dashboard')).status).toBe(200)
  })
})
