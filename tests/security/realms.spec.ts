// Organisations are separate realms (ADR 11): nothing done inside one touches an account of another.
// Every attack goes through the real HTTP server and then checks that the other realm is unchanged.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createTenant, createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { ORIGIN_HEADERS, organisationChoice, signIn } from './helpers'

const NEW_PASSWORD = 'Taken-over-2026!'

/** POST /api/auth/login for one realm; the status alone tells whether the password opened it. */
async function loginStatus(request: APIRequestContext, email: string, password: string, orgName?: string) {
  const choice = await organisationChoice(request, email, orgName)
  const res = await request.post('/api/auth/login', { headers: ORIGIN_HEADERS, data: { email, password, clientId: choice.client_id, role: choice.role }, maxRedirects: 0 })
  return res.status()
}

async function accountRow(id: number) {
  return platformDb.selectFrom('users').select(['password_hash', 'first_name', 'email', 'client_id', 'is_superadmin']).where('id', '=', id).executeTakeFirstOrThrow()
}

test.describe('organisations are separate realms', () => {
  test('adding a superadmin’s e-mail as a contributor creates a new account; setting its password never reaches the platform', async ({ playwright, baseURL }) => {
    const attacker = await createTenant('Attacker Org')
    const victim = await createUser({ superadmin: true, email: uniqueEmail('platform-admin') })
    const before = await accountRow(victim.id)
    const api = await playwright.request.newContext({ baseURL })
    await signIn(api, attacker.owner.email, 'Attacker Org', TEST_PASSWORD)

    const created = await api.post('/api/client/users', {
      headers: ORIGIN_HEADERS,
      data: { firstName: 'Plat', lastName: 'Form', email: victim.email, password: 'Attacker-set-1!', permissions: ['WRITER'] },
    })
    expect(created.status()).toBe(200)
    const staffId = (await created.json()).user._id as string
    const updated = await api.patch(`/api/client/users/${staffId}`, { headers: ORIGIN_HEADERS, data: { firstName: 'Plat', lastName: 'Form', password: NEW_PASSWORD } })
    expect(updated.status()).toBe(200)

    // The superadmin account is untouched, and the attacker's password does not open the platform.
    expect(await accountRow(victim.id)).toEqual(before)
    const fresh = await playwright.request.newContext({ baseURL })
    const platform = await fresh.post('/api/auth/login', {
      headers: ORIGIN_HEADERS,
      data: { email: victim.email, password: NEW_PASSWORD, clientId: null, role: 'superadmin' },
      maxRedirects: 0,
    })
    expect(platform.status()).toBe(401)
    expect(await loginStatus(fresh, victim.email, TEST_PASSWORD)).toBe(200)
    // The attacker's own copy lives in the attacker's realm only.
    const copy = await platformDb.selectFrom('users').select(['client_id', 'is_superadmin']).where('public_id', '=', staffId).executeTakeFirstOrThrow()
    expect(copy).toEqual({ client_id: attacker.org.id, is_superadmin: false })
    await api.dispose()
    await fresh.dispose()
  })

  test('another organisation’s owner added as staff or customer keeps their password, name and e-mail', async ({ playwright, baseURL }) => {
    const attacker = await createTenant('Attacker Two')
    const victim = await createTenant('Victim Org')
    const before = await accountRow(victim.owner.id)
    const api = await playwright.request.newContext({ baseURL })
    await signIn(api, attacker.owner.email, 'Attacker Two', TEST_PASSWORD)

    const asCustomer = await api.post('/api/customers/create', {
      headers: ORIGIN_HEADERS,
      data: { firstName: 'Renamed', lastName: 'Victim', email: victim.owner.email, password: 'Attacker-set-2!', welcomeEmail: false, active: true },
    })
    expect(asCustomer.status()).toBe(200)
    expect((await asCustomer.json()).newCustomer._id).not.toBe(victim.owner.publicId)
    // Asking for the victim's public id from the attacker's organisation finds nothing.
    expect(
      (await api.patch(`/api/client/users/${victim.owner.publicId}`, { headers: ORIGIN_HEADERS, data: { firstName: 'X', lastName: 'Y', password: NEW_PASSWORD } })).status(),
    ).toBe(404)
    expect((await api.get(`/api/customers/${victim.owner.publicId}`)).status()).toBe(404)

    expect(await accountRow(victim.owner.id)).toEqual(before)
    const fresh = await playwright.request.newContext({ baseURL })
    expect(await loginStatus(fresh, victim.owner.email, TEST_PASSWORD, 'Victim Org')).toBe(200)
    await api.dispose()
    await fresh.dispose()
  })

  test('a person in two organisations changes name and password in one; the other account stays as it was', async ({ playwright, baseURL }) => {
    const a = await createTenant('Realm A')
    const b = await createTenant('Realm B')
    const person = await createUser({
      memberships: [
        { clientId: a.org.id, role: 'user', permissions: ['READ_ORDERS'] },
        { clientId: b.org.id, role: 'user', permissions: ['READ_ORDERS'] },
      ],
    })
    const inB = person.accounts.get(b.org.id)!.id
    const before = await accountRow(inB)
    const api = await playwright.request.newContext({ baseURL })
    await signIn(api, person.email, 'Realm A', TEST_PASSWORD)

    const renamed = await api.post('/api/profile/profile_update', {
      headers: ORIGIN_HEADERS,
      data: { _id: person.publicId, firstName: 'OnlyInA', lastName: 'Person', email: person.email },
    })
    expect(renamed.status()).toBe(200)
    const changed = await api.post('/api/profile/profile_update_password', {
      headers: ORIGIN_HEADERS,
      data: { _id: person.publicId, currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    })
    expect(changed.status()).toBe(200)

    expect(await accountRow(inB)).toEqual(before)
    expect((await accountRow(person.id)).first_name).toBe('OnlyInA')
    const fresh = await playwright.request.newContext({ baseURL })
    expect(await loginStatus(fresh, person.email, NEW_PASSWORD, 'Realm B')).toBe(401)
    expect(await loginStatus(fresh, person.email, TEST_PASSWORD, 'Realm B')).toBe(200)
    expect(await loginStatus(fresh, person.email, NEW_PASSWORD, 'Realm A')).toBe(200)
    await api.dispose()
    await fresh.dispose()
  })

  test('a password is checked against the realm picked only', async ({ playwright, baseURL }) => {
    const a = await createTenant('Picked A')
    const b = await createTenant('Picked B')
    const email = uniqueEmail('two-realms')
    await createUser({ email, password: 'Password-of-A-1', memberships: [{ clientId: a.org.id, role: 'user' }] })
    await createUser({ email, password: 'Password-of-B-1', memberships: [{ clientId: b.org.id, role: 'user' }] })
    const api = await playwright.request.newContext({ baseURL })
    const orgs = await (await api.get(`/api/user/orgs?email=${encodeURIComponent(email)}`)).json()
    expect(orgs.userData.map((o: { companyDetails: { companyName: string } }) => o.companyDetails.companyName)).toEqual(['Picked A', 'Picked B'])
    expect(await loginStatus(api, email, 'Password-of-B-1', 'Picked A')).toBe(401)
    expect(await loginStatus(api, email, 'Password-of-A-1', 'Picked B')).toBe(401)
    expect(await loginStatus(api, email, 'Password-of-A-1', 'Picked A')).toBe(200)
    // An organisation account never opens the platform, whatever the password.
    const platform = await api.post('/api/auth/login', {
      headers: ORIGIN_HEADERS,
      data: { email, password: 'Password-of-A-1', clientId: null, role: 'superadmin' },
      maxRedirects: 0,
    })
    expect(platform.status()).toBe(401)
    await api.dispose()
  })

  test('a failed login to an organisation the e-mail is not in names nobody in its audit log', async ({ playwright, baseURL }) => {
    const org = await createTenant('Audit Realm')
    const outsider = await createTenant('Outsider Realm')
    const api = await playwright.request.newContext({ baseURL })
    const res = await api.post('/api/auth/login', {
      headers: ORIGIN_HEADERS,
      data: { email: outsider.owner.email, password: TEST_PASSWORD, clientId: org.org.publicId, role: 'client' },
      maxRedirects: 0,
    })
    expect(res.status()).toBe(401)
    const rows = await platformDb.selectFrom('audit_logs').select(['user_id', 'user_name', 'message']).where('client_id', '=', org.org.id).where('action', '=', 'login').execute()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row.user_id).toBeNull()
      expect(row.user_name).toBeNull()
      expect(row.message).not.toContain(outsider.owner.email)
    }
    await api.dispose()
  })
})
