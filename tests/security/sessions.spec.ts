// Session lifetime through the real server: a stolen or forgotten session ends after 2 hours idle
// or 12 hours from sign-in (7 days idle and 30 days for remember-me), whatever the cookie says. The clock is moved
// by writing the session row's timestamps into the past.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { sql } from 'kysely'
import { SESSION_LIFETIME } from '#app/rules/session-lifetime'
import { platformDb } from '#app/services/db.server'
import { createTenant, TEST_PASSWORD } from '#tests/factories/index'
import { BASE_URL, organisationChoice, sessionCookieFrom } from './helpers'
import { rawRequest } from './raw-http'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

async function signInFresh(request: APIRequestContext, remember = false) {
  const { owner } = await createTenant()
  const choice = await organisationChoice(request, owner.email)
  const res = await request.post('/api/auth/login', {
    headers: { Origin: BASE_URL },
    data: { email: owner.email, password: TEST_PASSWORD, clientId: choice.client_id, role: choice.role, remember },
  })
  expect(res.status()).toBe(200)
  const cookie = sessionCookieFrom(
    res
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value),
  )!
  return { cookie, userId: owner.id, setCookie: res.headers()['set-cookie'] ?? '' }
}

async function sessionRow(userId: number) {
  return platformDb.selectFrom('sessions').select(['id', 'data', 'expires_at']).where('user_id', '=', userId).executeTakeFirst()
}

/** Moves the session's clock: createdAt (sign-in) and lastSeenAt, as if time had passed. */
async function backdate(userId: number, clock: { createdAgo?: number; seenAgo?: number }) {
  const now = Date.now()
  let data = sql<string>`data`
  if (clock.createdAgo !== undefined) data = sql<string>`JSON_SET(${data}, '$.createdAt', ${now - clock.createdAgo})`
  if (clock.seenAgo !== undefined) data = sql<string>`JSON_SET(${data}, '$.lastSeenAt', ${now - clock.seenAgo})`
  await platformDb.updateTable('sessions').set({ data }).where('user_id', '=', userId).execute()
}

async function status(cookie: string) {
  return (await rawRequest({ path: '/api/auth/user', headers: { Cookie: cookie } })).status
}

test('a session idle for 2 hours is over, and its row is gone', async ({ request }) => {
  const { cookie, userId } = await signInFresh(request)
  expect(await status(cookie)).toBe(200)
  await backdate(userId, { seenAgo: SESSION_LIFETIME.idle.normal + MINUTE })
  expect(await status(cookie)).toBe(401)
  expect(await sessionRow(userId)).toBeUndefined()
})

test('an active session ends 12 hours after sign-in', async ({ request }) => {
  const { cookie, userId } = await signInFresh(request)
  await backdate(userId, { createdAgo: 11 * HOUR, seenAgo: MINUTE })
  expect(await status(cookie)).toBe(200)
  await backdate(userId, { createdAgo: SESSION_LIFETIME.absolute.normal + MINUTE, seenAgo: 0 })
  expect(await status(cookie)).toBe(401)
  expect(await sessionRow(userId)).toBeUndefined()
})

test('remember-me survives a long idle but not 30 days from sign-in', async ({ request }) => {
  const { cookie, userId, setCookie } = await signInFresh(request, true)
  expect(setCookie).toMatch(/Max-Age=2592000/i)
  await backdate(userId, { createdAgo: 3 * DAY, seenAgo: 3 * DAY })
  expect(await status(cookie)).toBe(200)
  await backdate(userId, { createdAgo: SESSION_LIFETIME.absolute.remember + MINUTE, seenAgo: MINUTE })
  expect(await status(cookie)).toBe(401)
})

test('remember-me still has an idle timeout: a week unused ends it', async ({ request }) => {
  const { cookie, userId } = await signInFresh(request, true)
  expect(SESSION_LIFETIME.idle.remember).toBe(7 * DAY)
  await backdate(userId, { createdAgo: 8 * DAY, seenAgo: SESSION_LIFETIME.idle.remember + MINUTE })
  expect(await status(cookie)).toBe(401)
  expect(await sessionRow(userId)).toBeUndefined()
})

test('lastSeenAt is written at most once a minute', async ({ request }) => {
  const { cookie, userId } = await signInFresh(request)
  await backdate(userId, { seenAgo: 30_000 })
  const before = ((await sessionRow(userId))!.data as { lastSeenAt: number }).lastSeenAt
  expect(await status(cookie)).toBe(200)
  expect(((await sessionRow(userId))!.data as { lastSeenAt: number }).lastSeenAt).toBe(before)

  await backdate(userId, { seenAgo: 90_000 })
  const started = Date.now()
  expect(await status(cookie)).toBe(200)
  const row = (await sessionRow(userId))!
  expect((row.data as { lastSeenAt: number }).lastSeenAt).toBeGreaterThanOrEqual(started - 1000)
  // The row's expiry follows: 2 idle hours from now at most.
  expect(row.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_LIFETIME.idle.normal + 1000)
})

// ADR 0115: the server remembers a Cookie header once its signature verified. An attacker who swaps the token
// under a genuine signature, signs a token with a signature of their own, or adds to the header gains nothing,
// however often the genuine header was sent just before.
test('a forged or swapped session cookie is refused, right after the genuine one was accepted', async ({ request }) => {
  // Signing in on the same context ends the session before: the other's token is only needed for its bytes.
  const other = await signInFresh(request)
  const victim = await signInFresh(request)
  for (let i = 0; i < 3; i++) expect(await status(victim.cookie)).toBe(200)
  const [name, value] = [victim.cookie.slice(0, victim.cookie.indexOf('=')), decodeURIComponent(victim.cookie.slice(victim.cookie.indexOf('=') + 1))]
  const [payload, signature] = [value.slice(0, value.lastIndexOf('.')), value.slice(value.lastIndexOf('.') + 1)]
  const otherValue = decodeURIComponent(other.cookie.slice(other.cookie.indexOf('=') + 1))
  const otherPayload = otherValue.slice(0, otherValue.lastIndexOf('.'))
  const cookieOf = (v: string) => `${name}=${encodeURIComponent(v)}`
  const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A')
  for (const forged of [cookieOf(`${payload}.${flipped}`), cookieOf(`${otherPayload}.${signature}`), cookieOf(`${payload}.`), cookieOf(payload)]) {
    expect(forged).not.toBe(victim.cookie)
    expect(await status(forged), forged).toBe(401)
  }
  // The genuine cookie among others is a new header, verified on its own: still the victim's session.
  expect(await status(`theme=dark; ${victim.cookie}`)).toBe(200)
  expect(await status(victim.cookie)).toBe(200)
})
