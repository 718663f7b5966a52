// Attacks on the second factor and on failed-login limits (ADR 0012), through the real HTTP server:
// parallel code guessing, a replayed TOTP code, a stolen session enrolling its own app, a log-in-as
// session turning 2FA off, and an attacker on other addresses trying to lock the owner out. Each
// asserts the attack fails and nothing changed.
import http from 'node:http'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { LOGIN_LIMITS } from '#app/rules/login-limits'
import { timeStep } from '#app/rules/two-factor'
import { orgAccount, withTotp } from '#tests/factories/two-factor'
import { platformDb } from '#app/services/db.server'
import { createTenant, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { BASE_URL, ORIGIN_HEADERS, signIn } from './helpers'

const PORT = Number(process.env.PORT ?? 3100)

/** POST /api/auth/login without following the 302; the context keeps the session cookie. */
function passwordStep(request: APIRequestContext, email: string, clientId: string, password = TEST_PASSWORD) {
  return request.post('/api/auth/login', { headers: ORIGIN_HEADERS, data: { email, password, clientId }, maxRedirects: 0 })
}

function codeStep(request: APIRequestContext, code: string) {
  return request.post('/api/auth/verification-2fa', { headers: ORIGIN_HEADERS, data: { verificationCode: code } })
}

/**
 * A login from another loopback address (127.0.0.x): the server sees a different client IP, as it
 * would for an attacker elsewhere. Playwright's request API cannot choose the source address.
 */
function loginFrom(address: string, body: Record<string, unknown>): Promise<number> {
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        localAddress: address,
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), Origin: BASE_URL },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

test('parallel wrong codes never get more than the allowed attempts', async ({ request }) => {
  const { org, user } = await orgAccount({ enable_2FA: true })
  expect((await passwordStep(request, user.email, org.publicId)).status()).toBe(302)
  const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => codeStep(request, String(100000 + i))))
  const bodies = await Promise.all(answers.map(async (a) => ({ status: a.status(), error: ((await a.json()) as { error?: string }).error })))
  expect(bodies.filter((b) => b.error === 'Incorrect verification code' && b.status === 401).length).toBeLessThanOrEqual(4)
  expect(bodies.every((b) => b.status < 500)).toBe(true)
  const challenge = await platformDb.selectFrom('auth_tokens').select('attempts').where('user_id', '=', user.id).where('purpose', '=', 'two_factor').executeTakeFirstOrThrow()
  expect(challenge.attempts).toBe(5)
  // Nobody got in.
  expect((await request.get('/api/auth/user')).status()).toBe(401)
})

test('a replayed TOTP code is refused', async ({ playwright }) => {
  const { org, user } = await orgAccount()
  const codeAt = await withTotp(user.id, org.id)
  const code = codeAt(timeStep(Date.now()))
  const owner = await playwright.request.newContext({ baseURL: BASE_URL })
  const eavesdropper = await playwright.request.newContext({ baseURL: BASE_URL })
  try {
    expect((await passwordStep(owner, user.email, org.publicId)).status()).toBe(302)
    expect((await codeStep(owner, code)).status()).toBe(200)
    // Someone who saw the password and the code tries both a moment later.
    expect((await passwordStep(eavesdropper, user.email, org.publicId)).status()).toBe(302)
    const replay = await codeStep(eavesdropper, code)
    expect(replay.status()).toBe(401)
    expect(((await replay.json()) as { error: string }).error).toBe('Incorrect verification code')
    expect((await eavesdropper.get('/api/auth/user')).status()).toBe(401)
    // The resend of an e-mail code makes no sense for an authenticator.
    expect((await eavesdropper.get('/api/auth/verification-2fa', { headers: ORIGIN_HEADERS })).status()).toBe(400)
  } finally {
    await owner.dispose()
    await eavesdropper.dispose()
  }
})

test('a stolen session alone cannot enrol its own authenticator app', async ({ request }) => {
  const { org, user } = await orgAccount()
  await signIn(request, user.email, org.name, TEST_PASSWORD)
  const attempts: Record<string, string>[] = [{ intent: 'start' }, { intent: 'start', password: 'guessed-wrong' }]
  for (const form of attempts) {
    const refused = await request.post('/profile/security', { headers: ORIGIN_HEADERS, form, maxRedirects: 0 })
    expect(refused.status()).toBe(422)
  }
  expect(await platformDb.selectFrom('totp_credentials').select('user_id').where('user_id', '=', user.id).execute()).toHaveLength(0)
})

test('a log-in-as session cannot turn two-factor authentication off', async ({ request }) => {
  const { org, owner } = await createTenant()
  const writer = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['WRITER'] }] })
  const codeAt = await withTotp(writer.id, org.id)
  await signIn(request, owner.email, undefined, TEST_PASSWORD)
  const init = await request.post('/api/client/autologin/init', { headers: ORIGIN_HEADERS, data: { _id: writer.publicId, type: 'writer' } })
  expect(init.status(), await init.text()).toBe(200)
  const code = ((await init.json()) as { link: string }).link.split('/auto-login/')[1]
  const opened = await request.post(`/api/auth/auto-login/${code}`, { headers: ORIGIN_HEADERS })
  expect(opened.status(), await opened.text()).toBe(200)
  expect(((await (await request.get('/api/auth/user')).json()) as { user: { email: string } }).user.email).toBe(writer.email)

  // The owner knows the writer's password? Not even then: the session is borrowed.
  const refused = await request.post('/profile/security', {
    headers: ORIGIN_HEADERS,
    form: { intent: 'disable', password: TEST_PASSWORD, code: codeAt(timeStep(Date.now())) },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(403)
  expect(await refused.text()).toContain('their password, e-mail and two-factor settings can only be changed by them')
  const renew = await request.post('/profile/security', { headers: ORIGIN_HEADERS, form: { intent: 'regenerate', code: '000000' }, maxRedirects: 0 })
  expect(renew.status()).toBe(403)
  const credential = await platformDb.selectFrom('totp_credentials').select(['enabled_at']).where('user_id', '=', writer.id).executeTakeFirstOrThrow()
  expect(credential.enabled_at).not.toBeNull()
  expect(await platformDb.selectFrom('totp_recovery_codes').select('id').where('user_id', '=', writer.id).where('used_at', 'is', null).execute()).toHaveLength(10)
})

test('an attacker on other addresses cannot lock the owner out', async ({ playwright }) => {
  const { org, user } = await orgAccount()
  const owner = await playwright.request.newContext({ baseURL: BASE_URL })
  try {
    // The owner has signed in from here before (127.0.0.1, Playwright's own address).
    expect((await passwordStep(owner, user.email, org.publicId)).status()).toBe(200)
    const wrong = { email: user.email, password: 'not-the-password', clientId: org.publicId }
    const perAddress = LOGIN_LIMITS.perAccountAndIp.failures
    const addresses = LOGIN_LIMITS.perAccount.failures / perAddress
    for (let a = 0; a < addresses; a++) {
      const address = `127.0.1.${a + 2}`
      const statuses = await Promise.all(Array.from({ length: perAddress + 2 }, () => loginFrom(address, wrong)))
      // Each address gets its allowance of guesses and then only refusals.
      expect(statuses.filter((s) => s === 401)).toHaveLength(perAddress)
      expect(statuses.filter((s) => s === 429)).toHaveLength(2)
    }
    // The attacker's addresses stay shut even with the right password, and so do new ones while the account is under attack...
    expect(await loginFrom('127.0.1.2', { ...wrong, password: TEST_PASSWORD })).toBe(429)
    expect(await loginFrom('127.0.2.1', { ...wrong, password: TEST_PASSWORD })).toBe(429)
    // ...but the owner, from the address they use, signs in.
    const signedIn = await passwordStep(owner, user.email, org.publicId)
    expect(signedIn.status(), await signedIn.text()).toBe(200)
    expect((await owner.get('/api/auth/user')).status()).toBe(200)
  } finally {
    await owner.dispose()
  }
})
