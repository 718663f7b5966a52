// Customers JSON API: list, create (with the welcome e-mail), toggles, guards and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as byIdApi from '#app/routes/api.customers.$id'
import * as changeStatusApi from '#app/routes/api.customers.change_status'
import * as createApi from '#app/routes/api.customers.create'
import * as getApi from '#app/routes/api.customers.get'
import { platformDb } from '#app/services/db.server'
import { verifyPassword } from '#app/services/password.server'
import { createOrganisation, createTenant, createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { linkFrom, waitForMail } from '#tests/mailbox'
import { Client, signIn, startMailPipeline } from './helpers'

let stop: () => Promise<void>
beforeAll(async () => {
  stop = await startMailPipeline()
})
afterAll(async () => stop())

const DEMO = 'Demo Writing Co'
const newCustomer = (over: Record<string, unknown> = {}) => ({
  firstName: 'Casey',
  lastName: 'Client',
  email: uniqueEmail('cust'),
  password: 'Generated-pass-123',
  welcomeEmail: false,
  active: true,
  ...over,
})

async function create(client: Client, body: Record<string, unknown>) {
  return client.call(createApi.action, { path: '/api/customers/create', body })
}

describe('GET /api/customers/get', () => {
  it('lists the organisation’s customers, archived ones separately', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const res = await owner.call(getApi.loader, { path: '/api/customers/get' })
    expect(res.status).toBe(200)
    expect(res.json.status).toBe(true)
    expect(res.json.count).toBeGreaterThanOrEqual(288)
    expect(res.json.customers[0]).toMatchObject({ _id: expect.any(String), firstName: expect.any(String), role: 'customer', archived: false })
    expect(res.json.customers.every((c: any) => c.email.endsWith('.test'))).toBe(true)
    expect(res.json.customers.some((c: any) => c.email.includes('rival'))).toBe(false)
    const archived = await owner.call(getApi.loader, { path: '/api/customers/get?archived=true' })
    expect(archived.json.count).toBeGreaterThanOrEqual(12)
    expect(archived.json.customers.every((c: any) => c.archived)).toBe(true)
    const active = await owner.call(getApi.loader, { path: '/api/customers/get?active=true&size=10' })
    expect(active.json.customers).toHaveLength(10)
    expect(active.json.customers.every((c: any) => c.active)).toBe(true)
  })

  it('answers 401 signed out and 403 without READ_CUSTOMERS', async () => {
    expect((await new Client().call(getApi.loader, { path: '/api/customers/get' })).status).toBe(401)
    const writer = await signIn(new Client(), 'writer@demo.test', DEMO)
    expect((await writer.call(getApi.loader, { path: '/api/customers/get' })).status).toBe(403)
  })
})

describe('POST /api/customers/create', () => {
  it('creates a customer membership and queues the welcome e-mail', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const body = newCustomer({ welcomeEmail: true, email: uniqueEmail('Welcome').toUpperCase() })
    const res = await create(owner, body)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ status: true, message: 'Customer Created Successfully' })
    expect(res.json.newCustomer).toMatchObject({ firstName: 'Casey', lastName: 'Client', email: String(body.email).toLowerCase(), active: true, archived: false })
    const mail = await waitForMail(String(body.email).toLowerCase(), /Welcome/)
    // No password travels by e-mail: a single-use link on the organisation's subdomain host lets the customer choose one (ADR 0059).
    expect(mail.text).not.toContain('Generated-pass-123')
    expect(linkFrom(mail, /\/welcome\//)).toMatch(/^http:\/\/demowriting\.localhost(:\d+)?\/welcome\/[\w-]{43}$/)
    const audit = await platformDb
      .selectFrom('audit_logs')
      .select(['module', 'action'])
      .where('message', 'like', `%${String(body.email).toLowerCase()}%`)
      .execute()
    expect(audit).toContainEqual({ module: 'customers', action: 'create' })
  })

  it('creates its own account for an address known elsewhere and never touches the other one', async () => {
    const org = await createOrganisation()
    const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const elsewhere = await createTenant()
    const client = new Client()
    await signIn(client, owner.email, org.name, TEST_PASSWORD)
    const res = await create(client, newCustomer({ email: elsewhere.owner.email, password: 'Something-else-99' }))
    expect(res.status).toBe(200)
    // A new account of this organisation (ADR 0011): the other organisation's owner is untouched.
    expect(res.json.newCustomer._id).not.toBe(elsewhere.owner.publicId)
    const theirs = await platformDb.selectFrom('users').select(['password_hash', 'client_id']).where('id', '=', elsewhere.owner.id).executeTakeFirstOrThrow()
    expect(theirs.client_id).toBe(elsewhere.org.id)
    expect(await verifyPassword(theirs.password_hash, TEST_PASSWORD)).toBe(true)
    const ours = await platformDb.selectFrom('users').select(['password_hash', 'client_id']).where('public_id', '=', res.json.newCustomer._id).executeTakeFirstOrThrow()
    expect(ours.client_id).toBe(org.id)
    expect(await verifyPassword(ours.password_hash, 'Something-else-99')).toBe(true)
    const again = await create(client, newCustomer({ email: elsewhere.owner.email }))
    expect(again.status).toBe(400)
    expect(again.json.error).toBe('A customer with this email already exists')
    const staff = await create(client, newCustomer({ email: owner.email }))
    expect(staff.json.error).toBe('This email belongs to a member of your team')
  })

  it('validates with the spec messages', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const res = await create(owner, {})
    expect(res.status).toBe(400)
    expect(res.json.errors).toMatchObject({ firstName: 'Enter First Name', lastName: 'Enter Last name', email: 'Enter Email', password: 'Enter Password' })
    const bad = await create(owner, newCustomer({ email: 'nope' }))
    expect(bad.json.errors.email).toBe('Email is required')
  })

  it('answers 401 signed out and 403 with READ_CUSTOMERS only', async () => {
    expect((await create(new Client(), newCustomer())).status).toBe(401)
    const staff = await signIn(new Client(), 'staff@demo.test', DEMO)
    const res = await create(staff, newCustomer())
    expect(res.status).toBe(403)
    expect(res.json.error).toContain("You don't have the required permissions!")
  })
})

describe('customer toggles', () => {
  it('change_status and PATCH toggle active and archived', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const id = (await create(owner, newCustomer())).json.newCustomer._id
    const off = await owner.call(changeStatusApi.action, { path: '/api/customers/change_status', body: { _id: id, active: false } })
    expect(off.status).toBe(200)
    expect(off.json.customer).toMatchObject({ _id: id, active: false })
    const archived = await owner.call(byIdApi.action, { method: 'PATCH', path: `/api/customers/${id}`, params: { id }, body: { archived: true } })
    expect(archived.json.customer).toMatchObject({ archived: true })
    const list = await owner.call(getApi.loader, { path: '/api/customers/get' })
    expect(list.json.customers.some((c: any) => c._id === id)).toBe(false)
    const got = await owner.call(byIdApi.loader, { path: `/api/customers/${id}`, params: { id } })
    expect(got.json.customer).toMatchObject({ _id: id, archived: true, active: false })
    const empty = await owner.call(byIdApi.action, { method: 'PATCH', path: `/api/customers/${id}`, params: { id }, body: {} })
    expect(empty.status).toBe(400)
  })

  it('is denied without UPDATE_CUSTOMERS and across tenants', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const id = (await create(owner, newCustomer())).json.newCustomer._id
    const staff = await signIn(new Client(), 'staff@demo.test', DEMO)
    expect((await staff.call(changeStatusApi.action, { path: '/api/customers/change_status', body: { _id: id, active: false } })).status).toBe(403)
    expect((await staff.call(byIdApi.action, { method: 'PATCH', path: `/api/customers/${id}`, params: { id }, body: { archived: true } })).status).toBe(403)
    expect((await new Client().call(byIdApi.action, { method: 'PATCH', path: `/api/customers/${id}`, params: { id }, body: { archived: true } })).status).toBe(401)

    const rival = await signIn(new Client(), 'owner2@demo.test', 'Rival Resumes')
    expect((await rival.call(byIdApi.loader, { path: `/api/customers/${id}`, params: { id } })).status).toBe(404)
    expect((await rival.call(byIdApi.action, { method: 'PATCH', path: `/api/customers/${id}`, params: { id }, body: { archived: true } })).status).toBe(404)
    expect((await rival.call(changeStatusApi.action, { path: '/api/customers/change_status', body: { _id: id, active: false } })).status).toBe(404)
    const rivalList = await rival.call(getApi.loader, { path: '/api/customers/get' })
    expect(rivalList.json.customers.some((c: any) => c._id === id)).toBe(false)
    const still = await owner.call(byIdApi.loader, { path: `/api/customers/${id}`, params: { id } })
    expect(still.json.customer).toMatchObject({ active: true, archived: false })
  })
})
