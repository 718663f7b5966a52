// Log in as: who may start it, for whom, the recorded original identity, and the way back.
import { describe, expect, it } from 'vitest'
import * as autoLoginApi from '#app/routes/api.auth.auto-login.$code'
import * as userApi from '#app/routes/api.auth.user'
import * as initApi from '#app/routes/api.client.autologin.init'
import * as returnRoute from '#app/routes/impersonation.return'
import { platformDb } from '#app/services/db.server'
import { Client, signIn } from './helpers'

const DEMO = 'Demo Writing Co'
const init = (client: Client, body: Record<string, unknown>) => client.call(initApi.action, { path: '/api/client/autologin/init', body })
const idOf = async (email: string) => (await platformDb.selectFrom('users').select('public_id').where('email', '=', email).executeTakeFirstOrThrow()).public_id
const codeOf = (link: string) => link.split('/auto-login/')[1]!

describe('POST /api/client/autologin/init', () => {
  it('signs in as a contributor, records the original identity and returns', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const res = await init(owner, { _id: await idOf('writer1@demo-staff.test'), type: 'writer' })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ status: true, link: expect.stringMatching(/^http:\/\/localhost\/auto-login\/[\w-]+$/) })
    const code = codeOf(res.json.link)
    const opened = await owner.call(autoLoginApi.loader, { path: `/api/auth/auto-login/${code}`, params: { code } })
    expect(opened.json.user.email).toBe('writer1@demo-staff.test')
    const session = await platformDb.selectFrom('sessions').select('data').where('user_id', '=', await userIdOf('writer1@demo-staff.test')).orderBy('created_at', 'desc').executeTakeFirstOrThrow()
    const ownerId = await userIdOf('owner@demo.test')
    expect(session.data).toMatchObject({ impersonatorUserId: ownerId, impersonatorClientId: expect.any(Number) })
    const audit = await platformDb.selectFrom('audit_logs').select(['action', 'actor_user_id']).where('action', 'in', ['login_as', 'auto_login']).where('message', 'like', '%writer1@demo-staff.test%').orderBy('id', 'desc').execute()
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['login_as', 'auto_login']))
    expect(audit.find((a) => a.action === 'auto_login')?.actor_user_id).toBe(ownerId)

    const back = await owner.call(returnRoute.action, { method: 'POST', path: '/impersonation/return' })
    expect(back.status).toBe(302)
    expect((await owner.call(userApi.loader, { path: '/api/auth/user' })).json.user.email).toBe('owner@demo.test')
  })

  it('allows reviewers under LOGIN_AS_WRITER and checks the target’s role', async () => {
    const people = await signIn(new Client(), 'people@demo-staff.test', DEMO)
    expect((await init(people, { _id: await idOf('reviewer2@demo-staff.test'), type: 'reviewer' })).status).toBe(200)
    const notWriter = await init(people, { _id: await idOf('reviewer2@demo-staff.test'), type: 'writer' })
    expect(notWriter.status).toBe(400)
    expect(notWriter.json.error).toBe('This user is not a contributor')
    expect((await init(people, { _id: await idOf('customer001@demo-customers.test'), type: 'customer' })).status).toBe(403)
    expect((await init(people, { _id: await idOf('writer5@demo-staff.test'), type: 'writer' })).json.error).toBe('This user is not active')
  })

  it('creates customer links for LOGIN_AS_CUSTOMER only', async () => {
    const support = await signIn(new Client(), 'support@demo-staff.test', DEMO)
    const res = await init(support, { _id: await idOf('customer002@demo-customers.test'), type: 'customer' })
    expect(res.status).toBe(200)
    expect(res.json.link).toMatch(/^http:\/\/localhost\/customer-portal\/auto-login\/[\w-]+$/)
    expect((await init(support, { _id: await idOf('writer1@demo-staff.test'), type: 'writer' })).status).toBe(403)
    const staff = await signIn(new Client(), 'staff@demo.test', DEMO)
    expect((await init(staff, { _id: await idOf('customer002@demo-customers.test'), type: 'customer' })).status).toBe(403)
  })

  it('validates, needs a session and never crosses tenants', async () => {
    expect((await init(new Client(), { _id: 'x', type: 'writer' })).status).toBe(401)
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    expect((await init(owner, { _id: 'x', type: 'admin' })).status).toBe(400)
    expect((await init(owner, {})).status).toBe(400)
    const rival = await signIn(new Client(), 'owner2@demo.test', 'Rival Resumes')
    expect((await init(rival, { _id: await idOf('writer1@demo-staff.test'), type: 'writer' })).status).toBe(404)
    expect((await init(rival, { _id: await idOf('customer001@demo-customers.test'), type: 'customer' })).status).toBe(404)
    // multi@ is staff in Demo and owner in Rival: signed in to Rival, Demo's people are out of reach.
    const multi = await signIn(new Client(), 'multi@demo.test', 'Rival Resumes')
    expect((await init(multi, { _id: await idOf('writer1@demo-staff.test'), type: 'writer' })).status).toBe(404)
  })

  it('return without a log-in-as session changes nothing', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const res = await owner.call(returnRoute.action, { method: 'POST', path: '/impersonation/return' })
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/dashboard')
    expect((await owner.call(userApi.loader, { path: '/api/auth/user' })).status).toBe(200)
  })

  it('return signs out when the original account was deactivated meanwhile', async () => {
    const demo = (await platformDb.selectFrom('organisations').select('id').where('name', '=', DEMO).executeTakeFirstOrThrow()).id
    const { createUser } = await import('#tests/factories/index')
    const boss = await createUser({ memberships: [{ clientId: demo, role: 'user', permissions: ['READ_USERS', 'LOGIN_AS_WRITER'] }] })
    const client = await signIn(new Client(), boss.email, DEMO, boss.password)
    const code = codeOf((await init(client, { _id: await idOf('writer3@demo-staff.test'), type: 'writer' })).json.link)
    await client.call(autoLoginApi.loader, { path: `/api/auth/auto-login/${code}`, params: { code } })
    await platformDb.updateTable('memberships').set({ active: false }).where('user_id', '=', boss.id).where('client_id', '=', demo).execute()
    const res = await client.call(returnRoute.action, { method: 'POST', path: '/impersonation/return' })
    expect(res.headers.get('Location')).toBe('/login')
    expect((await client.call(userApi.loader, { path: '/api/auth/user' })).status).toBe(401)
  })
})

async function userIdOf(email: string) {
  return (await platformDb.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
}
