// Log in as (ADR 13): who may start it and for whom (the subset rule, never the owner), links bound to the session
// that made them, the confirmation page, audit marks, the way back, and what a log-in-as session may not do.
import { describe, expect, it } from 'vitest'
import { LINK_OTHER_SESSION } from '#app/models/auto-login-links.server'
import { ALREADY_IMPERSONATING } from '#app/models/impersonation.server'
import { CLIENT_LOGIN_SUPERADMIN_ONLY, OUT_OF_REACH, OWNER_OUT_OF_REACH } from '#app/rules/reach'
import * as autoLoginApi from '#app/routes/api.auth.auto-login.$code'
import * as userApi from '#app/routes/api.auth.user'
import * as clientLoginApi from '#app/routes/api.auto-login.init'
import * as initApi from '#app/routes/api.client.autologin.init'
import * as staffByIdApi from '#app/routes/api.client.users.$id'
import { BORROWED_SESSION } from '#app/models/staff.schema'
import * as logsApi from '#app/routes/api.logs.view'
import * as profileApi from '#app/routes/api.profile.profile_update'
import * as passwordApi from '#app/routes/api.profile.profile_update_password'
import * as autoLoginPage from '#app/routes/auto-login.$code'
import * as portalPage from '#app/routes/customer-portal.auto-login.$code'
import * as returnRoute from '#app/routes/impersonation.return'
import { IMPERSONATION_CREDENTIALS_REFUSED } from '#app/models/auth-guards.server'
import { platformDb } from '#app/services/db.server'
import { verifyPassword } from '#app/services/password.server'
import { revokeUserSessions } from '#app/services/session.server'
import { createUser, orgIdByName, TEST_PASSWORD, uniqueEmail, userIdByEmail } from '#tests/factories/index'
import { Client, signIn } from './helpers'
import { callPage } from './page-calls'

const DEMO = 'Demo Writing Co'
const init = (client: Client, body: Record<string, unknown>) => client.call(initApi.action, { path: '/api/client/autologin/init', body })
const idOf = async (email: string) => (await platformDb.selectFrom('users').select('public_id').where('email', '=', email).executeTakeFirstOrThrow()).public_id
const codeOf = (link: string) => link.split('/auto-login/')[1]!
const openApi = (client: Client, code: string) => client.call(autoLoginApi.loader, { path: `/api/auth/auto-login/${code}`, params: { code } })
const whoAmI = async (client: Client) => {
  const res = await client.call(userApi.loader, { path: '/api/auth/user' })
  return res.status === 200 ? (res.json.user.email as string) : null
}

/** Demo staff made for one test, with exactly these permissions. */
async function demoStaff(permissions: string[]) {
  const demo = await orgIdByName(DEMO)
  const person = await createUser({ memberships: [{ clientId: demo.id, role: 'user', permissions }] })
  return { ...person, client: await signIn(new Client(), person.email, DEMO, person.password) }
}

describe('starting a log-in-as', () => {
  it('the owner signs in as a contributor; the session records who, the audit marks every action, return resumes the same session', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const ownerId = await userIdByEmail('owner@demo.test', (await orgIdByName(DEMO)).id)
    const ownCookie = owner.cookie
    const res = await init(owner, { _id: await idOf('writer1@demo-staff.test'), type: 'writer' })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ status: true, link: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/auto-login\/[\w-]+$/) })
    const code = codeOf(res.json.link)
    const opened = await openApi(owner, code)
    expect(opened.json.user.email).toBe('writer1@demo-staff.test')
    const writerId = await userIdByEmail('writer1@demo-staff.test')
    const session = await platformDb.selectFrom('sessions').select('data').where('user_id', '=', writerId).orderBy('created_at', 'desc').executeTakeFirstOrThrow()
    expect(session.data).toMatchObject({ impersonatorUserId: ownerId, impersonatorClientId: expect.any(Number), impersonatorSessionId: expect.any(String) })
    const audit = await platformDb
      .selectFrom('audit_logs')
      .select(['action', 'actor_user_id'])
      .where('action', 'in', ['login_as', 'auto_login'])
      .where('message', 'like', '%writer1@demo-staff.test%')
      .orderBy('id', 'desc')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['login_as', 'auto_login']))
    expect(audit.find((a) => a.action === 'auto_login')?.actor_user_id).toBe(ownerId)

    // An action in the borrowed session is marked with who really acted, in the column and the message.
    const renamed = await owner.call(profileApi.action, { path: '/api/profile/profile_update', body: { firstName: 'Writer', lastName: 'One', email: 'writer1@demo-staff.test' } })
    expect(renamed.status).toBe(200)
    const row = await platformDb
      .selectFrom('audit_logs')
      .select(['actor_user_id', 'message', 'user_id'])
      .where('user_id', '=', writerId)
      .where('module', '=', 'profile')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(row.actor_user_id).toBe(ownerId)
    expect(row.message).toMatch(/\(as .+ by .+\)$/)

    const back = await owner.call(returnRoute.action, { method: 'POST', path: '/impersonation/return' })
    expect(back.status).toBe(302)
    expect(await whoAmI(owner)).toBe('owner@demo.test')
    // The organisation's audit log (page and API share the query) shows who really acted.
    const logs = await owner.call(logsApi.loader, { path: '/api/logs/view?module=profile&size=50' })
    expect(logs.status).toBe(200)
    expect(logs.json.logs.find((l: { message: string }) => /^Updated own profile \(as .+ by .+\)$/.test(l.message))).toBeTruthy()
    // The resumed session is the owner's own row under a new token: the old cookie is void.
    const stale = new Client()
    stale.cookie = ownCookie
    expect(await whoAmI(stale)).toBeNull()
    // The borrowed session is gone.
    const left = await platformDb.selectFrom('sessions').select('data').where('user_id', '=', writerId).execute()
    expect(left.filter((r) => 'impersonatorUserId' in (r.data as object))).toHaveLength(0)
  })

  it('staff reach only people whose permissions they hold; never the owner', async () => {
    // LOGIN_AS_WRITER covers the contributor and reviewer switches (ADR 13): a plain contributor is in reach.
    const weak = await demoStaff(['READ_USERS', 'LOGIN_AS_WRITER'])
    expect((await init(weak.client, { _id: await idOf('writer2@demo-staff.test'), type: 'writer' })).status).toBe(200)
    expect((await init(weak.client, { _id: await idOf('writer6@demo-staff.test'), type: 'writer' })).status).toBe(200)
    // A contributor who also reads orders holds one permission more than the actor.
    const strongWriter = await demoStaff(['WRITER', 'READ_ORDERS'])
    const refused = await init(weak.client, { _id: strongWriter.publicId, type: 'writer' })
    expect(refused.status).toBe(403)
    expect(refused.json.error).toBe(OUT_OF_REACH)
    const failure = await platformDb
      .selectFrom('audit_logs')
      .select('status')
      .where('user_id', '=', weak.id)
      .where('action', '=', 'login_as')
      .where('status', '=', 'failure')
      .executeTakeFirstOrThrow()
    expect(failure.status).toBe('failure')
    const writerBoss = await demoStaff(['READ_USERS', 'LOGIN_AS_WRITER', 'READ_ORDERS'])
    expect((await init(writerBoss.client, { _id: strongWriter.publicId, type: 'writer' })).status).toBe(200)

    const reviewBoss = await demoStaff(['READ_USERS', 'LOGIN_AS_WRITER', 'REVIEWER', 'READ_ORDERS'])
    expect((await init(reviewBoss.client, { _id: await idOf('reviewer2@demo-staff.test'), type: 'reviewer' })).status).toBe(200)
    const notWriter = await init(reviewBoss.client, { _id: await idOf('reviewer2@demo-staff.test'), type: 'writer' })
    expect(notWriter.status).toBe(400)
    expect(notWriter.json.error).toBe('This user is not a contributor')

    // The owner is out of reach of everyone, whatever they hold.
    const everything = await demoStaff(['READ_USERS', 'LOGIN_AS_WRITER', 'WRITER', 'REVIEWER'])
    const owner = await init(everything.client, { _id: await idOf('owner@demo.test'), type: 'writer' })
    expect(owner.status).toBe(403)
    expect(owner.json.error).toBe(OWNER_OUT_OF_REACH)
    expect((await init(everything.client, { _id: await idOf('writer5@demo-staff.test'), type: 'writer' })).json.error).toBe('This user is not active')
  })

  it('creates customer links for LOGIN_AS_CUSTOMER only', async () => {
    const support = await signIn(new Client(), 'support@demo-staff.test', DEMO)
    const res = await init(support, { _id: await idOf('customer002@demo-customers.test'), type: 'customer' })
    expect(res.status).toBe(200)
    expect(res.json.link).toMatch(/^http:\/\/localhost(:\d+)?\/customer-portal\/auto-login\/[\w-]+$/)
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

  it('a log-in-as session cannot start another one', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const boss = await demoStaff(['READ_USERS', 'LOGIN_AS_WRITER', 'WRITER'])
    const code = codeOf((await init(owner, { _id: boss.publicId, type: 'writer' })).json.link)
    await openApi(owner, code)
    expect(await whoAmI(owner)).toBe(boss.email)
    const nested = await init(owner, { _id: await idOf('writer3@demo-staff.test'), type: 'writer' })
    expect(nested.status).toBe(403)
    expect(nested.json.error).toBe(ALREADY_IMPERSONATING)
  })
})

describe('links are bound to the session that created them', () => {
  it('opened from another browser (signed in or not) they sign nobody in, and are audited; the creator can still use them', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const code = codeOf((await init(owner, { _id: await idOf('writer2@demo-staff.test'), type: 'writer' })).json.link)

    const stranger = new Client()
    const res = await openApi(stranger, code)
    expect(res.status).toBe(401)
    expect(res.json.error).toBe(LINK_OTHER_SESSION)
    expect(res.headers.get('Set-Cookie')).toBeNull()
    expect(await whoAmI(stranger)).toBeNull()

    const victim = await signIn(new Client(), 'staff@demo.test', DEMO)
    expect((await openApi(victim, code)).status).toBe(401)
    expect(await whoAmI(victim)).toBe('staff@demo.test')
    const page = await callPage(victim, autoLoginPage.action as never, { path: `/auto-login/${code}`, params: { code }, form: {} })
    expect(page.status).toBe(401)
    expect(page.data.error).toBe(LINK_OTHER_SESSION)
    expect(await whoAmI(victim)).toBe('staff@demo.test')

    const audited = await platformDb
      .selectFrom('audit_logs')
      .select('message')
      .where('action', '=', 'auto_login')
      .where('status', '=', 'failure')
      .where('message', 'like', '%outside the session%')
      .execute()
    expect(audited.length).toBeGreaterThanOrEqual(3)
    expect((await openApi(owner, code)).status).toBe(200)
    expect(await whoAmI(owner)).toBe('writer2@demo-staff.test')
  })

  it('the page asks on GET (nothing spent) and signs in only on the POST', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const code = codeOf((await init(owner, { _id: await idOf('writer4@demo-staff.test'), type: 'writer' })).json.link)
    for (let i = 0; i < 2; i++) {
      const asked = await callPage(owner, autoLoginPage.loader as never, { path: `/auto-login/${code}`, params: { code } })
      expect(asked.status).toBe(200)
      expect(asked.data.target).toMatchObject({ organisation: DEMO, impersonating: true })
      expect(await whoAmI(owner)).toBe('owner@demo.test')
    }
    const elsewhere = await callPage(new Client(), autoLoginPage.loader as never, { path: `/auto-login/${code}`, params: { code } })
    expect(elsewhere.status).toBe(401)
    const posted = await callPage(owner, autoLoginPage.action as never, { path: `/auto-login/${code}`, params: { code }, form: {} })
    expect(posted.status).toBe(302)
    // A contributor without VIEW_DASHBOARD lands where the login would have put them: their workspace.
    expect(posted.location).toBe('/work')
    expect(await whoAmI(owner)).toBe('writer4@demo-staff.test')
    const again = await callPage(owner, autoLoginPage.loader as never, { path: `/auto-login/${code}`, params: { code } })
    expect(again.status).toBe(401)
  })

  it('lands a contributor without the dashboard on their own page, and audits only the POST', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const writer = await createUser({ memberships: [{ clientId: (await orgIdByName(DEMO)).id, role: 'user', permissions: ['WRITER'] }] })
    const code = codeOf((await init(owner, { _id: await idOf(writer.email), type: 'writer' })).json.link)
    const page = (client: Client, handler: unknown, form?: Record<string, string>) =>
      callPage(client, handler as never, { path: `/auto-login/${code}`, params: { code }, ...(form ? { form } : {}) })
    expect((await page(new Client(), autoLoginPage.loader)).status).toBe(401)
    expect(await page(owner, autoLoginPage.action, {})).toMatchObject({ status: 302, location: '/work' })
    // Remix runs the loader again after the POST: the spent link it finds is no failure worth a row.
    expect((await page(owner, autoLoginPage.loader)).status).toBe(401)
    const audit = await platformDb.selectFrom('audit_logs').select('status').where('action', '=', 'auto_login').where('user_id', '=', writer.id).execute()
    expect(audit).toEqual([{ status: 'success' }])
  })

  it('lands a reviewer logged in as on their assigned orders (issue 27)', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const reviewer = await createUser({ memberships: [{ clientId: (await orgIdByName(DEMO)).id, role: 'user', permissions: ['REVIEWER', 'READ_ORDERS'] }] })
    const code = codeOf((await init(owner, { _id: await idOf(reviewer.email), type: 'reviewer' })).json.link)
    const posted = await callPage(owner, autoLoginPage.action as never, { path: `/auto-login/${code}`, params: { code }, form: {} })
    expect(posted).toMatchObject({ status: 302, location: '/orders/assigned-orders' })
  })

  it('the customer portal link asks first, is bound too, and leaves the admin signed in', async () => {
    const support = await signIn(new Client(), 'support@demo-staff.test', DEMO)
    const code = codeOf((await init(support, { _id: await idOf('customer003@demo-customers.test'), type: 'customer' })).json.link)
    const asked = await callPage(support, portalPage.loader as never, { path: `/customer-portal/auto-login/${code}`, params: { code } })
    expect(asked.status).toBe(200)
    expect(asked.data.target.organisation).toBe(DEMO)
    expect((await callPage(new Client(), portalPage.action as never, { path: `/customer-portal/auto-login/${code}`, params: { code }, form: {} })).status).toBe(401)
    // An admin-portal address cannot spend a customer-portal link.
    expect((await openApi(support, code)).status).toBe(401)
    const used = await callPage(support, portalPage.action as never, { path: `/customer-portal/auto-login/${code}`, params: { code }, form: {} })
    // Spent on the admin's host, it hands over to the organisation's subdomain host with a code of its own (ADR 0059).
    expect(used.status).toBe(200)
    expect(used.data.handoff.url).toMatch(/^http:\/\/demowriting\.localhost(:\d+)?\/login\/handoff\/[\w-]{43}$/)
    expect(await whoAmI(support)).toBe('support@demo-staff.test')
    const row = await platformDb
      .selectFrom('audit_logs')
      .select(['actor_user_id', 'status'])
      .where('action', '=', 'login_as_handoff')
      .where('message', 'like', '%customer003@demo-customers.test%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'success', actor_user_id: await userIdByEmail('support@demo-staff.test') })
  })
})

describe('the way back', () => {
  it('without a log-in-as session changes nothing', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const res = await owner.call(returnRoute.action, { method: 'POST', path: '/impersonation/return' })
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/dashboard')
    expect(await whoAmI(owner)).toBe('owner@demo.test')
  })

  it('signs out when the original account was deactivated meanwhile', async () => {
    const boss = await demoStaff(['READ_USERS', 'LOGIN_AS_WRITER', 'WRITER'])
    const code = codeOf((await init(boss.client, { _id: await idOf('writer3@demo-staff.test'), type: 'writer' })).json.link)
    await openApi(boss.client, code)
    const demo = await orgIdByName(DEMO)
    await platformDb.updateTable('memberships').set({ active: false }).where('user_id', '=', boss.id).where('client_id', '=', demo.id).execute()
    const res = await boss.client.call(returnRoute.action, { method: 'POST', path: '/impersonation/return' })
    expect(res.headers.get('Location')).toBe('/login')
    expect(await whoAmI(boss.client)).toBeNull()
  })

  it('signs out when the parked session ended meanwhile (e.g. a password change elsewhere)', async () => {
    const boss = await demoStaff(['READ_USERS', 'LOGIN_AS_WRITER', 'WRITER'])
    const code = codeOf((await init(boss.client, { _id: await idOf('writer4@demo-staff.test'), type: 'writer' })).json.link)
    await openApi(boss.client, code)
    await revokeUserSessions(boss.id)
    const res = await boss.client.call(returnRoute.action, { method: 'POST', path: '/impersonation/return' })
    expect(res.headers.get('Location')).toBe('/login')
    expect(await whoAmI(boss.client)).toBeNull()
  })
})

describe('a log-in-as session never changes credentials', () => {
  it('the password and e-mail of the person signed in as stay unchanged', async () => {
    const demo = await orgIdByName(DEMO)
    const writer = await createUser({ memberships: [{ clientId: demo.id, role: 'user', permissions: ['WRITER'] }] })
    const owner = await signIn(new Client(), 'owner@demo.test', DEMO)
    const code = codeOf((await init(owner, { _id: writer.publicId, type: 'writer' })).json.link)
    await openApi(owner, code)
    expect(await whoAmI(owner)).toBe(writer.email)

    const password = await owner.call(passwordApi.action, {
      path: '/api/profile/profile_update_password',
      body: { _id: writer.publicId, password: 'Hijacked-pass-1', currentPassword: TEST_PASSWORD },
    })
    expect(password.status).toBe(403)
    expect(password.json.error).toBe(IMPERSONATION_CREDENTIALS_REFUSED)
    const email = await owner.call(profileApi.action, {
      path: '/api/profile/profile_update',
      body: { firstName: 'Test', lastName: 'Person', email: uniqueEmail('hijack'), currentPassword: TEST_PASSWORD },
    })
    expect(email.status).toBe(403)
    expect(email.json.error).toBe(IMPERSONATION_CREDENTIALS_REFUSED)

    const row = await platformDb.selectFrom('users').select(['email', 'password_hash']).where('id', '=', writer.id).executeTakeFirstOrThrow()
    expect(row.email).toBe(writer.email)
    expect(await verifyPassword(row.password_hash, TEST_PASSWORD)).toBe(true)
    expect(await platformDb.selectFrom('auth_tokens').select('id').where('user_id', '=', writer.id).where('purpose', '=', 'email_change').execute()).toHaveLength(0)
  })
})

describe('platform Login As Client', () => {
  const clientLogin = (client: Client, body: Record<string, unknown>) => client.call(clientLoginApi.action, { path: '/api/auto-login/init', body })

  it('the superadmin signs in as the owner with a bound link; platform staff get 403, audited', async () => {
    const demo = await orgIdByName(DEMO)
    const admin = await signIn(new Client(), 'superadmin@demo.test', null)
    const res = await clientLogin(admin, { _id: demo.publicId, type: 'client' })
    expect(res.status).toBe(200)
    const code = codeOf(res.json.link)
    expect((await openApi(new Client(), code)).status).toBe(401)
    expect((await openApi(admin, code)).json.user.email).toBe('owner@demo.test')
    expect((await admin.call(returnRoute.action, { method: 'POST', path: '/impersonation/return' })).status).toBe(302)
    expect(await whoAmI(admin)).toBe('superadmin@demo.test')

    const support = await signIn(new Client(), 'support@demo.test', null)
    const refused = await clientLogin(support, { _id: demo.publicId, type: 'client' })
    expect(refused.status).toBe(403)
    expect(refused.json.error).toBe(CLIENT_LOGIN_SUPERADMIN_ONLY)
    const audit = await platformDb
      .selectFrom('audit_logs')
      .select('status')
      .where('action', '=', 'login_as_client')
      .where('user_id', '=', await userIdByEmail('support@demo.test', null))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(audit.status).toBe('failure')
    const supportId = await userIdByEmail('support@demo.test', null)
    const links = await platformDb.selectFrom('auth_tokens').select('data').where('purpose', '=', 'auto_login').execute()
    expect(links.filter((l) => (l.data as { actorUserId?: number }).actorUserId === supportId)).toHaveLength(0)
  })
})

describe('a borrowed session never manages the team', () => {
  it('logged in as a contributor who also manages users, the actor can neither set passwords nor statuses nor grant', async () => {
    const demo = await orgIdByName(DEMO)
    // A may log in as B (LOGIN_AS_WRITER covers B's WRITER switch), and B could change C's password; A could not.
    const a = await demoStaff(['READ_USERS', 'UPDATE_USERS', 'LOGIN_AS_WRITER'])
    const b = await createUser({ memberships: [{ clientId: demo.id, role: 'user', permissions: ['WRITER', 'READ_USERS', 'UPDATE_USERS'] }] })
    const c = await createUser({ memberships: [{ clientId: demo.id, role: 'user', permissions: ['WRITER'] }] })
    const opened = await openApi(a.client, codeOf((await init(a.client, { _id: b.publicId, type: 'writer' })).json.link))
    expect(opened.json.user.email).toBe(b.email)

    const before = await platformDb.selectFrom('users').select('password_hash').where('id', '=', c.id).executeTakeFirstOrThrow()
    const patch = (id: string, body: Record<string, unknown>) => a.client.call(staffByIdApi.action, { method: 'PATCH', path: `/api/client/users/${id}`, params: { id }, body })
    for (const [id, body] of [
      [c.publicId, { password: 'Borrowed-pass-1' }],
      [c.publicId, { active: false }],
      [a.publicId, { permissions: ['READ_USERS', 'UPDATE_USERS', 'LOGIN_AS_WRITER', 'WRITER'] }],
    ] as const) {
      const res = await patch(id, body)
      expect(res.status).toBe(403)
      expect(res.json.error).toBe(BORROWED_SESSION)
    }
    expect(await platformDb.selectFrom('users').select('password_hash').where('id', '=', c.id).executeTakeFirstOrThrow()).toEqual(before)
    const memberships = await platformDb.selectFrom('memberships').select(['user_id', 'active', 'permissions']).where('user_id', 'in', [a.id, c.id]).execute()
    expect(memberships.find((m) => m.user_id === c.id)!.active).toBeTruthy()
    expect(memberships.find((m) => m.user_id === a.id)!.permissions).toEqual(['READ_USERS', 'UPDATE_USERS', 'LOGIN_AS_WRITER'])
  })
})
