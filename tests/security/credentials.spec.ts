// Credentials, attacked through the real HTTP server (ADR 13): a log-in-as session never changes a password or
// e-mail; one's own change needs the current password; a weaker staff member cannot set a stronger one's
// password; and the headline attack of issue 7 fails end to end. Each asserts that nothing changed.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { verifyPassword } from '#app/services/password.server'
import { createTenant, createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { browsers, logInAs, ORIGIN_HEADERS, organisationChoice, signIn } from './helpers'

const NEW_PASSWORD = 'Taken-over-2026!'
const browser = browsers()

async function account(id: number) {
  return platformDb.selectFrom('users').select(['email', 'password_hash', 'password_changed_at']).where('id', '=', id).executeTakeFirstOrThrow()
}

async function loginStatus(request: APIRequestContext, email: string, password: string, orgName?: string) {
  const choice = await organisationChoice(request, email, orgName)
  const res = await request.post('/api/auth/login', { headers: ORIGIN_HEADERS, data: { email, password, clientId: choice.client_id, role: choice.role }, maxRedirects: 0 })
  return res.status()
}

test('the headline attack: contributor with the superadmin’s e-mail → Login As Contributor → change the password → the superadmin is untouched', async ({ playwright }) => {
  const attacker = await createTenant()
  const victim = await createUser({ superadmin: true, email: uniqueEmail('platform-admin') })
  const before = await account(victim.id)
  const api = await browser(playwright)
  await signIn(api, attacker.owner.email, attacker.org.name, TEST_PASSWORD)

  const created = await api.post('/api/client/users', {
    headers: ORIGIN_HEADERS,
    data: { firstName: 'Plat', lastName: 'Form', email: victim.email, password: 'Attacker-set-1!', permissions: ['WRITER'], skipWriterValidation: true },
  })
  expect(created.status()).toBe(200)
  const contributorId = (await created.json()).user._id as string
  await logInAs(api, contributorId)

  // Inside the log-in-as session: no password change, with or without the password the attacker chose.
  for (const currentPassword of [undefined, 'Attacker-set-1!']) {
    const res = await api.post('/api/profile/profile_update_password', { headers: ORIGIN_HEADERS, data: { _id: contributorId, password: NEW_PASSWORD, currentPassword } })
    expect(res.status()).toBe(403)
  }
  const page = await api.post('/profile', {
    headers: ORIGIN_HEADERS,
    form: { intent: 'password', currentPassword: 'Attacker-set-1!', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    maxRedirects: 0,
  })
  expect(page.status()).toBe(403)
  const email = await api.post('/api/profile/profile_update', {
    headers: ORIGIN_HEADERS,
    data: { firstName: 'Plat', lastName: 'Form', email: uniqueEmail('stolen'), currentPassword: 'Attacker-set-1!' },
  })
  expect(email.status()).toBe(403)

  // The superadmin account is exactly as it was, and the new password does not open the platform.
  expect(await account(victim.id)).toEqual(before)
  const fresh = await browser(playwright)
  const platform = await fresh.post('/api/auth/login', {
    headers: ORIGIN_HEADERS,
    data: { email: victim.email, password: NEW_PASSWORD, clientId: null, role: 'superadmin' },
    maxRedirects: 0,
  })
  expect(platform.status()).toBe(401)
  expect(await loginStatus(fresh, victim.email, TEST_PASSWORD)).toBe(200)
  // Not even the attacker's own copy changed password.
  const copy = await platformDb.selectFrom('users').select('password_hash').where('public_id', '=', contributorId).executeTakeFirstOrThrow()
  expect(await verifyPassword(copy.password_hash, NEW_PASSWORD)).toBe(false)
})

test('a log-in-as session can change neither the password nor the e-mail', async ({ playwright }) => {
  const { org, owner } = await createTenant()
  const writer = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['WRITER'] }] })
  const before = await account(writer.id)
  const api = await browser(playwright)
  await signIn(api, owner.email, org.name, TEST_PASSWORD)
  await logInAs(api, writer.publicId)
  const password = await api.post('/api/profile/profile_update_password', { headers: ORIGIN_HEADERS, data: { password: NEW_PASSWORD, currentPassword: TEST_PASSWORD } })
  expect(password.status()).toBe(403)
  expect((await password.json()).error).toMatch(/signed in as someone else/)
  const email = await api.post('/api/profile/profile_update', {
    headers: ORIGIN_HEADERS,
    data: { firstName: 'Test', lastName: 'Person', email: uniqueEmail('moved'), currentPassword: TEST_PASSWORD },
  })
  expect(email.status()).toBe(403)
  const pageEmail = await api.post('/profile', {
    headers: ORIGIN_HEADERS,
    form: { intent: 'profile', firstName: 'Test', lastName: 'Person', email: uniqueEmail('moved'), currentPassword: TEST_PASSWORD },
    maxRedirects: 0,
  })
  expect(pageEmail.status()).toBe(403)
  expect(await account(writer.id)).toEqual(before)
  expect(await platformDb.selectFrom('auth_tokens').select('id').where('user_id', '=', writer.id).where('purpose', '=', 'email_change').execute()).toHaveLength(0)
})

test('one’s own password or e-mail changes only with the current password; a new e-mail waits for its link', async ({ playwright }) => {
  const { org, owner } = await createTenant()
  const before = await account(owner.id)
  const api = await browser(playwright)
  await signIn(api, owner.email, org.name, TEST_PASSWORD)
  const missing = await api.post('/api/profile/profile_update_password', { headers: ORIGIN_HEADERS, data: { _id: owner.publicId, password: NEW_PASSWORD } })
  expect(missing.status()).toBe(400)
  const wrong = await api.post('/api/profile/profile_update_password', {
    headers: ORIGIN_HEADERS,
    data: { _id: owner.publicId, password: NEW_PASSWORD, currentPassword: 'Guess-1234' },
  })
  expect(wrong.status()).toBe(400)
  const emailNoPassword = await api.post('/api/profile/profile_update', { headers: ORIGIN_HEADERS, data: { firstName: 'Test', lastName: 'Person', email: uniqueEmail('grab') } })
  expect(emailNoPassword.status()).toBe(400)
  expect(await account(owner.id)).toEqual(before)

  const moved = uniqueEmail('moved')
  const asked = await api.post('/api/profile/profile_update', {
    headers: ORIGIN_HEADERS,
    data: { firstName: 'Test', lastName: 'Person', email: moved, currentPassword: TEST_PASSWORD },
  })
  expect(asked.status()).toBe(200)
  expect((await asked.json()).pendingEmail).toBe(moved)
  expect((await account(owner.id)).email).toBe(owner.email)
})

test('a weaker staff member can neither set the password of nor deactivate a stronger one', async ({ playwright }) => {
  const { org } = await createTenant()
  const weak = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_USERS', 'UPDATE_USERS'] }] })
  const strong = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_USERS', 'UPDATE_USERS', 'WRITE_USERS'] }] })
  const before = await account(strong.id)
  const api = await browser(playwright)
  await signIn(api, weak.email, org.name, TEST_PASSWORD)
  const password = await api.patch(`/api/client/users/${strong.publicId}`, { headers: ORIGIN_HEADERS, data: { password: NEW_PASSWORD } })
  expect(password.status()).toBe(403)
  const status = await api.patch(`/api/client/users/${strong.publicId}`, { headers: ORIGIN_HEADERS, data: { active: false } })
  expect(status.status()).toBe(403)
  const reset = await api.post('/client/users/view', { headers: ORIGIN_HEADERS, form: { intent: 'send-reset', id: strong.publicId }, maxRedirects: 0 })
  expect(reset.status()).toBe(403)
  expect(await account(strong.id)).toEqual(before)
  const membership = await platformDb.selectFrom('memberships').select('active').where('user_id', '=', strong.id).executeTakeFirstOrThrow()
  expect(!!membership.active).toBe(true)
  expect(await loginStatus(await browser(playwright), strong.email, NEW_PASSWORD, org.name)).toBe(401)
})
