// Platform JSON API: users, roles, clients and Login As Client, with module guards and denials.
import { describe, expect, it } from 'vitest'
import * as autoLoginInit from '#app/routes/api.auto-login.init'
import * as autoLoginUse from '#app/routes/api.auth.auto-login.$code'
import * as clientsGet from '#app/routes/api.clients.get'
import * as rolesCreate from '#app/routes/api.roles.create'
import * as rolesGet from '#app/routes/api.roles.get'
import * as roleGet from '#app/routes/api.roles.get.$id'
import * as rolesUpdate from '#app/routes/api.roles.update.$id'
import * as usersChangeStatus from '#app/routes/api.users.change_status'
import * as usersCreate from '#app/routes/api.users.create'
import * as usersGet from '#app/routes/api.users.get'
import * as userGet from '#app/routes/api.users.get.$id'
import * as usersUpdate from '#app/routes/api.users.update.$id'
import * as authUser from '#app/routes/api.auth.user'
import { OWN_PASSWORD_ON_PROFILE } from '#app/models/platform-users.server'
import { platformDb } from '#app/services/db.server'
import { createOrganisation, createPlatformStaff, createUser, orgIdByName, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { Client, signIn } from './helpers'

const superadmin = () => signIn(new Client(), 'superadmin@demo.test', null)

async function staffWith(modules: string) {
  const { user } = await createPlatformStaff(modules)
  return { client: await signIn(new Client(), user.email, null, TEST_PASSWORD), user }
}

const newUser = (over: Record<string, unknown> = {}) => ({
  firstName: 'Pat',
  lastName: 'Platform',
  email: uniqueEmail('platform'),
  password: 'Long-enough-1',
  role: 'support',
  active: true,
  ...over,
})

describe('platform users API', () => {
  it('creates, reads, updates and lists a platform user', async () => {
    const admin = await superadmin()
    const body = newUser()
    const created = await admin.call(usersCreate.action, { path: '/api/users/create', body })
    expect(created.status).toBe(200)
    expect(created.json).toMatchObject({ status: true, statusCode: 200, message: 'User Created Successfully' })
    expect(created.json.user).toMatchObject({ firstName: 'Pat', email: body.email, role: 'support', active: true, role_permissions: ['users', 'clients', 'audit-logs'] })
    const id = created.json.user._id
    expect(id).toHaveLength(24)

    const one = await admin.call(userGet.loader, { path: `/api/users/get/${id}`, params: { id } })
    expect(one.json.user.email).toBe(body.email)

    const updated = await admin.call(usersUpdate.action, {
      path: `/api/users/update/${id}`,
      params: { id },
      body: { firstName: 'Patricia', lastName: 'Platform', password: '', active: true, role: 'billing', email: 'ignored@example.test' },
    })
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({ status: true, message: 'User Updated Successfully' })
    expect(updated.json.user).toMatchObject({ firstName: 'Patricia', role: 'billing', email: body.email })

    const list = await admin.call(usersGet.loader, { path: '/api/users/get' })
    expect(list.json.status).toBe(true)
    const emails = list.json.users.map((u: { email: string }) => u.email)
    expect(emails).toContain(body.email)
    expect(emails).toContain('superadmin@demo.test')
    // Client owners and staff are not platform users.
    expect(emails).not.toContain('owner@demo.test')

    const audit = await platformDb.selectFrom('audit_logs').select(['module', 'action']).where('module', '=', 'users').where('message', 'like', `%${body.email}%`).execute()
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'update'])
  })

  it('answers the spec messages on bad input and never 500s', async () => {
    const admin = await superadmin()
    const missing = await admin.call(usersCreate.action, { path: '/api/users/create', body: { role: 'support' } })
    expect(missing.status).toBe(400)
    expect(missing.json.errors).toMatchObject({ firstName: 'Enter First Name', lastName: 'Enter Last name', email: 'Email is required', password: 'Password is required' })
    const empty = await admin.call(usersCreate.action, { path: '/api/users/create', body: newUser({ email: '', password: '' }) })
    expect(empty.json.errors).toMatchObject({ email: 'Enter Email', password: 'Enter Password' })
    const taken = await admin.call(usersCreate.action, { path: '/api/users/create', body: newUser({ email: 'support@demo.test' }) })
    expect(taken.status).toBe(400)
    expect(taken.json.error).toBe('Email already exists')
    const badRole = await admin.call(usersCreate.action, { path: '/api/users/create', body: newUser({ role: 'nope' }) })
    expect(badRole.status).toBe(400)
    const wrongType = await admin.call(usersCreate.action, { path: '/api/users/create', body: newUser({ firstName: 42, active: 'maybe' }) })
    expect(wrongType.status).toBe(400)
  })

  it('change_status deactivates a platform user and ends their sessions', async () => {
    const admin = await superadmin()
    const { client: staff, user } = await staffWith('clients')
    expect((await staff.call(authUser.loader, { path: '/api/auth/user' })).status).toBe(200)
    const res = await admin.call(usersChangeStatus.action, { path: '/api/users/change_status', body: { _id: user.publicId, active: false } })
    expect(res.status).toBe(200)
    expect(res.json.user.active).toBe(false)
    expect((await staff.call(clientsGet.loader, { path: '/api/clients/get' })).status).toBe(401)
    const sessions = await platformDb.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()
    expect(sessions).toHaveLength(0)
    expect((await admin.call(usersChangeStatus.action, { path: '/api/users/change_status', body: { _id: 'nope', active: true } })).status).toBe(404)
    expect((await admin.call(usersChangeStatus.action, { path: '/api/users/change_status', body: {} })).status).toBe(400)
  })

  it('refuses signed-out callers, organisation sessions and staff without the module', async () => {
    expect((await new Client().call(usersGet.loader, { path: '/api/users/get' })).status).toBe(401)
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    expect((await owner.call(usersGet.loader, { path: '/api/users/get' })).status).toBe(403)
    expect((await owner.call(usersCreate.action, { path: '/api/users/create', body: newUser() })).status).toBe(403)
    const billing = await signIn(new Client(), 'billing@demo.test', null)
    const denied = await billing.call(usersGet.loader, { path: '/api/users/get' })
    expect(denied.status).toBe(403)
    expect(denied.json.error).toBe("You don't have the required permissions! Please contact your admin to give you permissions then refresh the page")
  })

  it('lets staff with the users module manage users within their modules only', async () => {
    const support = await signIn(new Client(), 'support@demo.test', null)
    expect((await support.call(usersGet.loader, { path: '/api/users/get' })).status).toBe(200)
    // No superadmin from staff, and no role with modules Support does not hold.
    expect((await support.call(usersCreate.action, { path: '/api/users/create', body: newUser({ role: 'superadmin' }) })).status).toBe(403)
    expect((await support.call(usersCreate.action, { path: '/api/users/create', body: newUser({ role: 'billing' }) })).status).toBe(403)
    const ok = await support.call(usersCreate.action, { path: '/api/users/create', body: newUser({ role: 'support' }) })
    expect(ok.status).toBe(200)
    const superId = (await platformDb.selectFrom('users').select('public_id').where('email', '=', 'superadmin@demo.test').executeTakeFirstOrThrow()).public_id
    const edit = await support.call(usersUpdate.action, { path: `/api/users/update/${superId}`, params: { id: superId }, body: { firstName: 'X', lastName: 'Y', role: 'support' } })
    expect(edit.status).toBe(403)
    // A client owner's id is not a platform user: not found.
    const ownerId = (await platformDb.selectFrom('users').select('public_id').where('email', '=', 'owner@demo.test').executeTakeFirstOrThrow()).public_id
    expect((await support.call(userGet.loader, { path: `/api/users/get/${ownerId}`, params: { id: ownerId } })).status).toBe(404)
  })

  it('never sets one’s own password here: that takes the current password on the profile', async () => {
    const me = await createUser({ superadmin: true })
    const client = await signIn(new Client(), me.email, null, TEST_PASSWORD)
    const before = await platformDb.selectFrom('users').select('password_hash').where('id', '=', me.id).executeTakeFirstOrThrow()
    const res = await client.call(usersUpdate.action, {
      path: `/api/users/update/${me.publicId}`,
      params: { id: me.publicId },
      body: { firstName: 'Me', lastName: 'Myself', role: 'superadmin', password: 'Typed-by-a-thief-1' },
    })
    expect(res.status).toBe(403)
    expect(res.json.error).toBe(OWN_PASSWORD_ON_PROFILE)
    expect(await platformDb.selectFrom('users').select('password_hash').where('id', '=', me.id).executeTakeFirstOrThrow()).toEqual(before)
  })
})

describe('platform roles API', () => {
  it('creates, reads and updates a role; the name is required', async () => {
    const admin = await superadmin()
    const name = `Auditors ${Date.now()}`
    const created = await admin.call(rolesCreate.action, { path: '/api/roles/create', body: { name, permissions: ['audit-logs', 'questionnaire-template'] } })
    expect(created.status).toBe(200)
    expect(created.json).toMatchObject({ status: true, message: 'Role Created Successfully' })
    expect(created.json.role).toMatchObject({ name, permissions: 'questionnaire-template,audit-logs' })
    expect(created.json.role.key).toMatch(/^auditors_/)
    const id = created.json.role._id

    const list = await admin.call(rolesGet.loader, { path: '/api/roles/get' })
    expect(list.json.roles.map((r: { _id: string }) => r._id)).toContain(id)

    const updated = await admin.call(rolesUpdate.action, { path: `/api/roles/update/${id}`, params: { id }, body: { name: `${name} 2`, permissions: 'clients,users' } })
    expect(updated.status).toBe(200)
    expect(updated.json.role).toMatchObject({ name: `${name} 2`, permissions: 'users,clients', key: created.json.role.key })
    const one = await admin.call(roleGet.loader, { path: `/api/roles/get/${id}`, params: { id } })
    expect(one.json.role.permissions).toBe('users,clients')

    const noName = await admin.call(rolesCreate.action, { path: '/api/roles/create', body: { permissions: [] } })
    expect(noName.status).toBe(400)
    expect(noName.json.errors.name).toBe('Enter Name')
    const blank = await admin.call(rolesCreate.action, { path: '/api/roles/create', body: { name: '  ', permissions: [] } })
    expect(blank.json.errors.name).toBe('Enter Name')
    const unknown = await admin.call(rolesCreate.action, { path: '/api/roles/create', body: { name: 'X', permissions: ['orders'] } })
    expect(unknown.status).toBe(400)
    expect((await admin.call(rolesUpdate.action, { path: '/api/roles/update/nope', params: { id: 'nope' }, body: { name: 'X' } })).status).toBe(404)
  })

  it('a role key never shadows superadmin', async () => {
    const admin = await superadmin()
    const res = await admin.call(rolesCreate.action, { path: '/api/roles/create', body: { name: 'Superadmin', permissions: [] } })
    expect(res.json.role.key).not.toBe('superadmin')
  })

  it('guards roles by the roles module and refuses grants beyond the editor', async () => {
    expect((await new Client().call(rolesGet.loader, { path: '/api/roles/get' })).status).toBe(401)
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    expect((await owner.call(rolesCreate.action, { path: '/api/roles/create', body: { name: 'X', permissions: [] } })).status).toBe(403)
    const billing = await signIn(new Client(), 'billing@demo.test', null)
    expect((await billing.call(rolesGet.loader, { path: '/api/roles/get' })).status).toBe(403)
    // Content holds roles, questionnaire-template and contract-template.
    const { client: content } = await staffWith('roles,questionnaire-template')
    expect((await content.call(rolesCreate.action, { path: '/api/roles/create', body: { name: 'Escalate', permissions: ['users'] } })).status).toBe(403)
    expect((await content.call(rolesCreate.action, { path: '/api/roles/create', body: { name: `Forms ${Date.now()}`, permissions: ['questionnaire-template'] } })).status).toBe(200)
    const support = (await platformDb.selectFrom('platform_roles').select('public_id').where('key', '=', 'support').executeTakeFirstOrThrow()).public_id
    expect((await content.call(rolesUpdate.action, { path: `/api/roles/update/${support}`, params: { id: support }, body: { name: 'Support', permissions: [] } })).status).toBe(403)
  })
})

describe('clients API and Login As Client', () => {
  it('lists clients with counts and trial state', async () => {
    const trial = await createOrganisation({ name: `Trial Co ${Date.now()}`, packageStatus: 'trial', trialEndsAt: new Date(Date.now() + 5.5 * 24 * 3600 * 1000) })
    const owner = await createUser({ firstName: 'Tess', lastName: 'Trial', memberships: [{ clientId: trial.id, role: 'client' }] })
    await createUser({ memberships: [{ clientId: trial.id, role: 'user', permissions: ['WRITER'] }] })
    await createUser({ memberships: [{ clientId: trial.id, role: 'customer' }] })
    await createUser({ memberships: [{ clientId: trial.id, role: 'customer' }] })
    const admin = await superadmin()
    const res = await admin.call(clientsGet.loader, { path: '/api/clients/get' })
    expect(res.status).toBe(200)
    const row = res.json.clients.find((c: { _id: string }) => c._id === trial.publicId)
    expect(row).toMatchObject({
      firstName: 'Tess',
      lastName: 'Trial',
      email: owner.email,
      active: true,
      writers: 1,
      customers: 2,
      trialUser: true,
      trialDaysLeft: 5,
      profile_img: null,
    })
    const demo = res.json.clients.find((c: { email: string }) => c.email === 'owner@demo.test')
    expect(demo).toMatchObject({ trialUser: false, trialDaysLeft: null })
  })

  it('signs the superadmin in as the owner with the impersonator recorded', async () => {
    const admin = await superadmin()
    const demo = await orgIdByName('Demo Writing Co')
    const res = await admin.call(autoLoginInit.action, { path: '/api/auto-login/init', body: { _id: demo.publicId, type: 'client' } })
    expect(res.status).toBe(200)
    expect(res.json.status).toBe(true)
    const code = String(res.json.link).split('/auto-login/')[1]!
    expect(res.json.link).toMatch(/^http:\/\/localhost(:\d+)?\/auto-login\//)
    // The link works only in the session that asked for it (ADR 13).
    expect((await new Client().call(autoLoginUse.loader, { path: `/api/auth/auto-login/${code}`, params: { code } })).status).toBe(401)
    const used = await admin.call(autoLoginUse.loader, { path: `/api/auth/auto-login/${code}`, params: { code } })
    expect(used.status).toBe(200)
    expect(used.json.user).toMatchObject({ email: 'owner@demo.test', role: 'client' })
    const superId = (await platformDb.selectFrom('users').select('id').where('email', '=', 'superadmin@demo.test').executeTakeFirstOrThrow()).id
    const row = await platformDb
      .selectFrom('audit_logs')
      .select(['actor_user_id', 'client_id'])
      .where('action', '=', 'auto_login')
      .where('status', '=', 'success')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ actor_user_id: superId, client_id: demo.id })
    const logged = await platformDb
      .selectFrom('audit_logs')
      .select('message')
      .where('action', '=', 'login_as_client')
      .where('client_id', '=', demo.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(logged.message).toContain('owner@demo.test')
  })

  it('validates the body and refuses unknown ids and the wrong callers', async () => {
    const admin = await superadmin()
    expect((await admin.call(autoLoginInit.action, { path: '/api/auto-login/init', body: { _id: 'nope', type: 'client' } })).status).toBe(404)
    expect((await admin.call(autoLoginInit.action, { path: '/api/auto-login/init', body: { _id: 'x', type: 'customer' } })).status).toBe(400)
    expect((await new Client().call(autoLoginInit.action, { path: '/api/auto-login/init', body: { _id: 'x', type: 'client' } })).status).toBe(401)
    const owner2 = await signIn(new Client(), 'owner2@demo.test', 'Rival Resumes')
    const demo = await orgIdByName('Demo Writing Co')
    expect((await owner2.call(autoLoginInit.action, { path: '/api/auto-login/init', body: { _id: demo.publicId, type: 'client' } })).status).toBe(403)
    expect((await owner2.call(clientsGet.loader, { path: '/api/clients/get' })).status).toBe(403)
    const billing = await signIn(new Client(), 'billing@demo.test', null)
    expect((await billing.call(clientsGet.loader, { path: '/api/clients/get' })).status).toBe(403)
    const support = await signIn(new Client(), 'support@demo.test', null)
    expect((await support.call(clientsGet.loader, { path: '/api/clients/get' })).status).toBe(200)
  })
})
