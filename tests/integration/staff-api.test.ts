// Client users JSON API: list/paging/filters, create/update with the permission closure, toggles, contributors.
import { describe, expect, it } from 'vitest'
import * as userApi from '#app/routes/api.auth.user'
import * as byIdApi from '#app/routes/api.client.users.$id'
import * as usersApi from '#app/routes/api.client.users'
import * as nameApi from '#app/routes/api.client.writer.update.customer-facing-name'
import * as writersApi from '#app/routes/api.client.writers'
import { platformDb } from '#app/services/db.server'
import { verifyPassword } from '#app/services/password.server'
import { createOrganisation, createUser, TEST_PASSWORD, uniqueEmail, userIdByEmail } from '#tests/factories/index'
import { Client, signIn } from './helpers'

const DEMO = 'Demo Writing Co'
const RIVAL = 'Rival Resumes'
const newUser = (over: Record<string, unknown> = {}) => ({
  firstName: 'Tess',
  lastName: 'Teammate',
  email: uniqueEmail('staff'),
  password: 'Team-pass-2026',
  permissions: ['UPDATE_ORDERS'],
  skipWriterValidation: true,
  ...over,
})
const patch = (client: Client, id: string, body: Record<string, unknown>) => client.call(byIdApi.action, { method: 'PATCH', path: `/api/client/users/${id}`, params: { id }, body })

async function publicIdOf(email: string) {
  return (await platformDb.selectFrom('users').select('public_id').where('email', '=', email).executeTakeFirstOrThrow()).public_id
}

describe('GET /api/client/users', () => {
  it('pages, sorts and filters on the server', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const page = await owner.call(usersApi.loader, { path: '/api/client/users?start=0&size=5&sorting=' + encodeURIComponent('[{"id":"email","desc":false}]') })
    expect(page.status).toBe(200)
    expect(page.json).toMatchObject({ status: true, message: expect.any(String) })
    expect(page.json.data).toHaveLength(5)
    expect(page.json.count).toBeGreaterThanOrEqual(10)
    const emails = page.json.data.map((u: any) => u.email)
    expect([...emails].sort()).toEqual(emails)
    expect(page.json.data[0]).toMatchObject({ _id: expect.any(String), role: expect.any(String), permissions: expect.any(Array), tags: expect.any(Array) })
    expect(page.json.data.every((u: any) => u.role !== 'customer')).toBe(true)

    const filtered = await owner.call(usersApi.loader, { path: '/api/client/users?filters=' + encodeURIComponent('[{"id":"email","value":"writer3@demo"}]') })
    expect(filtered.json.data.map((u: any) => u.email)).toEqual(['writer3@demo-staff.test'])
    expect(filtered.json.data[0].tags).toEqual(['Contributor'])
    expect(filtered.json.data[0].writer_data).toMatchObject({ Levels: expect.any(Array), 'Available Days': expect.any(Array), schedulingLink: expect.stringMatching(/^https:/) })

    const archived = await owner.call(usersApi.loader, { path: '/api/client/users?archived=true' })
    expect(archived.json.data.map((u: any) => u.email)).toContain('former@demo-staff.test')
    expect(archived.json.data.every((u: any) => u.archived)).toBe(true)
  })

  it('filters by permission with only the required fields', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const res = await owner.call(usersApi.loader, { path: '/api/client/users?active=true&permissions=REVIEWER&requiredFields=firstName,lastName' })
    expect(res.status).toBe(200)
    expect(res.json.data.length).toBeGreaterThanOrEqual(2)
    for (const u of res.json.data) expect(Object.keys(u).sort()).toEqual(['_id', 'firstName', 'lastName'])
  })

  it('answers 401 signed out, 403 without READ_USERS, and keeps tenants apart', async () => {
    expect((await new Client().call(usersApi.loader, { path: '/api/client/users' })).status).toBe(401)
    const staff = await signIn(new Client(), 'staff@demo.test', DEMO)
    expect((await staff.call(usersApi.loader, { path: '/api/client/users' })).status).toBe(403)
    const rival = await signIn(new Client(), 'owner2@demo.test', RIVAL)
    const list = await rival.call(usersApi.loader, { path: '/api/client/users?size=200' })
    expect(list.json.data.some((u: any) => u.email.includes('demo-staff') || u.email === 'staff@demo.test')).toBe(false)
    const id = await publicIdOf('writer1@demo-staff.test')
    expect((await rival.call(byIdApi.loader, { path: `/api/client/users/${id}`, params: { id } })).status).toBe(404)
    expect((await patch(rival, id, { active: false })).status).toBe(404)
    expect((await patch(rival, id, { firstName: 'Hacked' })).status).toBe(404)
    expect((await rival.call(nameApi.action, { path: '/api/client/writer/update/customer-facing-name', body: { id, writerCustomerFacingName: 'x' } })).status).toBe(404)
  })
})

describe('POST /api/client/users and PATCH /api/client/users/{id}', () => {
  it('creates staff with the required permissions closed over', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const body = newUser()
    const res = await owner.call(usersApi.action, { path: '/api/client/users', body })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ status: true, message: 'User Created Successfully' })
    expect(res.json.user).toMatchObject({ email: body.email, role: 'user', permissions: ['READ_ORDERS', 'UPDATE_ORDERS'] })
    const created = new Client()
    await signIn(created, String(body.email), DEMO, 'Team-pass-2026')
    expect((await created.call(userApi.loader, { path: '/api/auth/user' })).json.user.permissions).toContain('READ_ORDERS')
  })

  it('validates with the spec messages', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const res = await owner.call(usersApi.action, { path: '/api/client/users', body: {} })
    expect(res.status).toBe(400)
    expect(res.json.errors).toMatchObject({ firstName: 'Enter First Name', lastName: 'Enter Last name', email: 'Enter Email', password: 'Enter Password' })
    const link = await owner.call(usersApi.action, {
      path: '/api/client/users',
      body: newUser({ permissions: ['WRITER'], writer_data: { schedulingLink: 'javascript:alert(1)' } }),
    })
    expect(link.json.errors.schedulingLink).toBe('Please, enter a valid link')
  })

  it('creates its own account for an address known elsewhere and never touches the other one', async () => {
    const org = await createOrganisation()
    const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const platformPerson = await createUser({ superadmin: true })
    const client = new Client()
    await signIn(client, owner.email, org.name, TEST_PASSWORD)
    const res = await client.call(usersApi.action, { path: '/api/client/users', body: newUser({ email: platformPerson.email, password: 'Other-pass-2026' }) })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('User Created Successfully')
    // The superadmin's account is another realm's (ADR 0011): same address, separate account and password.
    const theirs = await platformDb.selectFrom('users').select(['password_hash', 'client_id', 'is_superadmin']).where('id', '=', platformPerson.id).executeTakeFirstOrThrow()
    expect(theirs).toMatchObject({ client_id: null, is_superadmin: true })
    expect(await verifyPassword(theirs.password_hash, TEST_PASSWORD)).toBe(true)
    const ours = await platformDb.selectFrom('users').select(['password_hash', 'client_id', 'is_superadmin']).where('public_id', '=', res.json.user._id).executeTakeFirstOrThrow()
    expect(ours).toMatchObject({ client_id: org.id, is_superadmin: false })
    expect(await verifyPassword(ours.password_hash, 'Other-pass-2026')).toBe(true)
    const twice = await client.call(usersApi.action, { path: '/api/client/users', body: newUser({ email: platformPerson.email }) })
    expect(twice.status).toBe(400)
  })

  it('updates names, permissions and the contributor profile; guards own and owner rows', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const created = await owner.call(usersApi.action, { path: '/api/client/users', body: newUser() })
    const id = created.json.user._id
    const res = await patch(owner, id, {
      firstName: 'Tessa',
      permissions: ['WRITER', 'UPDATE_ORDERS_INVOICES'],
      writer_data: {
        Levels: ['Senior'],
        Services: ['Resume'],
        Languages: ['English'],
        Certificates: [],
        Experties: ['Tech'],
        'Available Days': ['Monday'],
        schedulingLink: 'https://cal.example/tessa',
      },
    })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('User Updated Successfully')
    expect(res.json.user).toMatchObject({
      firstName: 'Tessa',
      lastName: 'Teammate',
      permissions: ['WRITER', 'READ_ORDERS', 'READ_ORDERS_INVOICES', 'UPDATE_ORDERS_INVOICES'],
      tags: ['Contributor'],
    })
    expect(res.json.user.writer_data).toMatchObject({ Levels: ['Senior'], Experties: ['Tech'], 'Available Days': ['Monday'], schedulingLink: 'https://cal.example/tessa' })
    const full = await patch(owner, id, { fullPermissions: true, permissions: ['WRITER'] })
    expect(full.json.user.tags).toEqual(['Full Permissions', 'Contributor'])

    const ownerId = await publicIdOf('owner@demo.test')
    expect((await patch(owner, ownerId, { active: false })).status).toBe(403)
    const people = await signIn(new Client(), 'people@demo-staff.test', DEMO)
    const peopleId = await publicIdOf('people@demo-staff.test')
    expect((await patch(people, peopleId, { firstName: 'Me' })).json.error).toBe("You can't change your own account here")
    expect((await patch(people, ownerId, { firstName: 'Boss' })).json.error).toBe("The owner's account can't be changed here")
    // people@ holds USERS permissions only: handing out order permissions is refused.
    const escalate = await patch(people, id, { permissions: ['READ_ORDERS', 'UPDATE_ORDERS', 'READ_CUSTOMERS'] })
    expect(escalate.status).toBe(403)
  })

  it('deactivating ends the person’s sessions in this organisation only', async () => {
    const demo = (await platformDb.selectFrom('organisations').select('id').where('name', '=', DEMO).executeTakeFirstOrThrow()).id
    const other = await createOrganisation()
    const person = await createUser({
      memberships: [
        { clientId: demo, role: 'user', permissions: ['READ_ORDERS'] },
        { clientId: other.id, role: 'user', permissions: ['READ_ORDERS'] },
      ],
    })
    const inDemo = await signIn(new Client(), person.email, DEMO, TEST_PASSWORD)
    const inOther = await signIn(new Client(), person.email, other.name, TEST_PASSWORD)
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const off = await patch(owner, person.publicId, { active: false })
    expect(off.status).toBe(200)
    expect(off.json.user.active).toBe(false)
    expect((await inDemo.call(userApi.loader, { path: '/api/auth/user' })).status).toBe(401)
    expect((await inOther.call(userApi.loader, { path: '/api/auth/user' })).status).toBe(200)
    expect((await platformDb.selectFrom('sessions').select('id').where('user_id', '=', person.accounts.get(other.id)!.id).where('client_id', '=', other.id).execute()).length).toBe(
      1,
    )
    const archived = await patch(owner, person.publicId, { archived: true })
    expect(archived.json.user.archived).toBe(true)
    const audit = await platformDb.selectFrom('audit_logs').select('action').where('client_id', '=', demo).where('message', 'like', `%${person.email}%`).execute()
    expect(audit.map((a) => a.action)).toContain('change_status')
  })

  it('is denied without WRITE_USERS / UPDATE_USERS', async () => {
    const staff = await signIn(new Client(), 'staff@demo.test', DEMO)
    expect((await staff.call(usersApi.action, { path: '/api/client/users', body: newUser() })).status).toBe(403)
    const id = await publicIdOf('writer2@demo-staff.test')
    expect((await patch(staff, id, { active: false })).status).toBe(403)
    expect((await new Client().call(usersApi.action, { path: '/api/client/users', body: newUser() })).status).toBe(401)
  })
})

describe('contributors', () => {
  it('GET /api/client/writers lists contributors with writer_data and ordersStats', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const res = await owner.call(writersApi.loader, { path: '/api/client/writers?active=true' })
    expect(res.status).toBe(200)
    const emails = res.json.writers.map((w: any) => w.email)
    expect(emails).toContain('writer@demo.test')
    expect(emails).not.toContain('writer5@demo-staff.test') // inactive
    expect(res.json.writers[0]).toMatchObject({
      _id: expect.any(String),
      writer_data: {
        Levels: expect.any(Array),
        Services: expect.any(Array),
        Languages: expect.any(Array),
        Certificates: expect.any(Array),
        Experties: expect.any(Array),
        'Available Days': expect.any(Array),
      },
      ordersStats: { totalOrders: expect.any(Number), pendingOrders: expect.any(Number), completedOrders: expect.any(Number) },
    })
    // The demo seed gives contributors real orders; each writer's figures add up.
    for (const w of res.json.writers) expect(w.ordersStats.pendingOrders + w.ordersStats.completedOrders).toBe(w.ordersStats.totalOrders)
    expect(res.json.writers.some((w: any) => w.ordersStats.totalOrders > 0)).toBe(true)
    expect((await new Client().call(writersApi.loader, { path: '/api/client/writers' })).status).toBe(401)
    const staff = await signIn(new Client(), 'staff@demo.test', DEMO)
    expect((await staff.call(writersApi.loader, { path: '/api/client/writers' })).status).toBe(403)
    const rival = await signIn(new Client(), 'owner2@demo.test', RIVAL)
    const rivalWriters = (await rival.call(writersApi.loader, { path: '/api/client/writers' })).json.writers.map((w: any) => w.email)
    expect(rivalWriters.some((e: string) => e.includes('demo'))).toBe(false)
  })

  it('POST /api/client/writer/update/customer-facing-name sets a contributor’s name only', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const id = await publicIdOf('writer2@demo-staff.test')
    const res = await owner.call(nameApi.action, { path: '/api/client/writer/update/customer-facing-name', body: { id, writerCustomerFacingName: 'Marcus B.' } })
    expect(res.status).toBe(200)
    expect(res.json.user.writerCustomerFacingName).toBe('Marcus B.')
    const notWriter = await owner.call(nameApi.action, {
      path: '/api/client/writer/update/customer-facing-name',
      body: { id: await publicIdOf('staff@demo.test'), writerCustomerFacingName: 'x' },
    })
    expect(notWriter.status).toBe(400)
    expect((await owner.call(nameApi.action, { path: '/api/client/writer/update/customer-facing-name', body: {} })).status).toBe(400)
    const staff = await signIn(new Client(), 'staff@demo.test', DEMO)
    expect((await staff.call(nameApi.action, { path: '/api/client/writer/update/customer-facing-name', body: { id, writerCustomerFacingName: 'x' } })).status).toBe(403)
    expect((await new Client().call(nameApi.action, { path: '/api/client/writer/update/customer-facing-name', body: { id, writerCustomerFacingName: 'x' } })).status).toBe(401)
    expect(await userIdByEmail('writer2@demo-staff.test')).toBeGreaterThan(0)
  })
})

describe('PATCH /api/client/users/{id} with user fields and a status together', () => {
  it('is refused whole, so nothing is half done', async () => {
    const org = await createOrganisation()
    const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const person = await createUser({ firstName: 'Kept', memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
    const client = await signIn(new Client(), owner.email, org.name, TEST_PASSWORD)
    const res = await patch(client, person.publicId, { firstName: 'Changed', active: false })
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(byIdApi.STATUS_ALONE)
    const row = await platformDb
      .selectFrom('users as u')
      .innerJoin('memberships as m', 'm.user_id', 'u.id')
      .select(['u.first_name', 'm.active'])
      .where('u.id', '=', person.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ first_name: 'Kept', active: true })
  })
})
