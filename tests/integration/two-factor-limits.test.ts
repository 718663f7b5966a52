// Guessing limits (ADR 0012): 2FA attempts counted atomically before comparing, a per-account budget
// of wrong codes that outlives challenges, failed-login limits an attacker cannot turn against the
// owner, and failed logins to a foreign organisation that name nobody in its audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as loginApi from '#app/routes/api.auth.login'
import * as twoFactorApi from '#app/routes/api.auth.verification-2fa'
import { LOGIN_LIMITS, TWO_FACTOR_LIMITS } from '#app/rules/login-limits'
import { timeStep } from '#app/rules/two-factor'
import { orgAccount, withTotp } from '#tests/factories/two-factor'
import { platformDb } from '#app/services/db.server'
import { createOrganisation, createUser, orgIdByName, TEST_PASSWORD } from '#tests/factories/index'
import { codeFrom, waitForMail } from '#tests/mailbox'
import { Client, startMailPipeline } from './helpers'

let stopMail: () => Promise<void>
beforeAll(async () => {
  stopMail = await startMailPipeline()
})
afterAll(async () => stopMail())

const login = (client: Client, email: string, clientId: string, password = TEST_PASSWORD) =>
  client.call(loginApi.action, { path: '/api/auth/login', body: { email, password, clientId } })
const verify = (client: Client, code: string) => client.call(twoFactorApi.action, { path: '/api/auth/verification-2fa', body: { verificationCode: code } })

describe('2FA attempts', () => {
  it('parallel wrong e-mail codes never get more than five comparisons', async () => {
    const { org, user } = await orgAccount({ enable_2FA: true })
    const client = new Client()
    const since = new Date()
    expect((await login(client, user.email, org.publicId)).status).toBe(302)
    const code = codeFrom(await waitForMail(user.email, /verification code/i, since))
    const wrong = code === '000000' ? '111111' : '000000'
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(client, wrong)))
    const incorrect = answers.filter((a) => a.status === 401 && a.json.error === 'Incorrect verification code')
    expect(incorrect.length).toBeLessThanOrEqual(4)
    expect(answers.every((a) => a.status === 401 || a.status === 403)).toBe(true)
    const row = await platformDb.selectFrom('auth_tokens').select('attempts').where('user_id', '=', user.id).where('purpose', '=', 'two_factor').executeTakeFirstOrThrow()
    expect(row.attempts).toBe(5)
    // Only five guesses reached the account's budget, and the right code is now too late.
    expect((await verify(client, code)).status).toBeGreaterThanOrEqual(401)
  })

  it('parallel wrong TOTP codes never get more than five comparisons either', async () => {
    const { org, user } = await orgAccount()
    await withTotp(user.id, org.id)
    const client = new Client()
    expect((await login(client, user.email, org.publicId)).status).toBe(302)
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => verify(client, String(100000 + i))))
    expect(answers.filter((a) => a.status === 401 && a.json.error === 'Incorrect verification code').length).toBeLessThanOrEqual(5)
    const row = await platformDb.selectFrom('auth_tokens').select('attempts').where('user_id', '=', user.id).where('purpose', '=', 'two_factor').executeTakeFirstOrThrow()
    expect(row.attempts).toBe(5)
  })

  it('wrong codes count per account across new logins: past the limit even the right code is refused', async () => {
    const { org, user } = await orgAccount()
    const codeAt = await withTotp(user.id, org.id)
    const perChallenge = 5
    const challenges = TWO_FACTOR_LIMITS.perAccount.failures / perChallenge
    for (let c = 0; c < challenges; c++) {
      const client = new Client()
      expect((await login(client, user.email, org.publicId)).status).toBe(302)
      for (let i = 0; i < perChallenge; i++) expect([401, 403]).toContain((await verify(client, '000000')).status)
    }
    // A new login does not reset the count.
    const owner = new Client()
    expect((await login(owner, user.email, org.publicId)).status).toBe(302)
    const locked = await verify(owner, codeAt(timeStep(Date.now())))
    expect(locked.status).toBe(429)
    expect(locked.json.error).toBe('Too many incorrect codes. Please try again later.')
  })
})

describe('failed-login limits cannot lock the owner out', () => {
  it('an attacker guessing from one address is blocked there; the owner signs in from theirs', async () => {
    const { org, user } = await orgAccount()
    const attacker = new Client('10.66.0.1')
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp.failures; i++) expect((await login(attacker, user.email, org.publicId, 'wrong')).status).toBe(401)
    expect((await login(attacker, user.email, org.publicId, 'wrong')).status).toBe(429)
    // Even the right password no longer works from the attacker's address...
    expect((await login(attacker, user.email, org.publicId)).status).toBe(429)
    // ...but the owner, elsewhere, signs in.
    expect((await login(new Client('10.77.0.1'), user.email, org.publicId)).status).toBe(200)
  })

  it("attackers on many addresses exhaust the account limit: new addresses wait, the owner's known address does not", async () => {
    const { org, user } = await orgAccount()
    const ownerIp = '10.78.0.1'
    expect((await login(new Client(ownerIp), user.email, org.publicId)).status).toBe(200)
    const perIp = LOGIN_LIMITS.perAccountAndIp.failures
    const addresses = LOGIN_LIMITS.perAccount.failures / perIp
    for (let a = 0; a < addresses; a++) {
      const attacker = new Client(`10.67.${a}.1`)
      await Promise.all(Array.from({ length: perIp }, () => login(attacker, user.email, org.publicId, 'wrong')))
    }
    expect((await login(new Client('10.68.0.1'), user.email, org.publicId)).status).toBe(429)
    expect((await login(new Client(ownerIp), user.email, org.publicId)).status).toBe(200)
  }, 60_000)

  it('parallel guesses from one address never get more than the limit checked', async () => {
    const { org, user } = await orgAccount()
    const attacker = new Client('10.69.0.1')
    const answers = await Promise.all(Array.from({ length: 25 }, () => login(attacker, user.email, org.publicId, 'wrong')))
    expect(answers.filter((a) => a.status === 401)).toHaveLength(LOGIN_LIMITS.perAccountAndIp.failures)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(25 - LOGIN_LIMITS.perAccountAndIp.failures)
  })

  it("limits are per realm: guesses against one organisation's account leave the same e-mail elsewhere alone", async () => {
    const [a, b] = [await createOrganisation(), await createOrganisation()]
    const user = await createUser({
      memberships: [
        { clientId: a.id, role: 'client' },
        { clientId: b.id, role: 'client' },
      ],
    })
    const attacker = new Client('10.70.0.1')
    for (let i = 0; i <= LOGIN_LIMITS.perAccountAndIp.failures; i++) await login(attacker, user.email, a.publicId, 'wrong')
    expect((await login(attacker, user.email, a.publicId)).status).toBe(429)
    expect((await login(attacker, user.email, b.publicId)).status).toBe(200)
  })
})

describe('failed logins to a foreign organisation', () => {
  it("record no person's name in that organisation's audit log", async () => {
    const rival = await orgIdByName('Rival Resumes')
    const since = new Date(Date.now() - 1000)
    // owner@demo.test has no account at Rival Resumes.
    const res = await login(new Client(), 'owner@demo.test', rival.publicId, 'Demo-pass-2026')
    expect(res.status).toBe(401)
    const rows = await platformDb
      .selectFrom('audit_logs')
      .select(['user_id', 'user_name', 'user_role', 'message'])
      .where('client_id', '=', rival.id)
      .where('module', '=', 'auth')
      .where('created_at', '>=', since)
      .execute()
    expect(rows).toEqual([{ user_id: null, user_name: null, user_role: null, message: 'Failed login for an unknown account' }])
  })
})
