// Customer accounts (ADR 0059): the token rules of sign-in links, welcome links and log-in-as hand-offs (single
// use, their expiry, their own organisation's host only), the one sign-in of a business's host, resets that stay in
// the host's realm, the account created at checkout, and the portal's JSON calls.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ACCOUNT_EXISTS } from '#app/models/customer-accounts.schema'
import { createPortalCustomer } from '#app/models/customer-accounts.server'
import { HANDOFF_TTL, SIGN_IN_LINK_SENT, SIGN_IN_LINK_TTL, WELCOME_LINK_TTL } from '#app/models/customer-links.server'
import { NotThisHostsCustomer, startCustomerSession } from '#app/models/customer-sign-in.server'
import { IMPERSONATION_CREDENTIALS_REFUSED } from '#app/models/auth-guards.server'
import { INVALID_LINK } from '#app/models/sign-in.server'
import { LOGIN_FAILED } from '#app/models/password-sign-in.server'
import * as loginPage from '#app/routes/_auth.login'
import * as forgotPage from '#app/routes/_auth.forgot-password'
import * as resetPage from '#app/routes/_auth.forgot-password-2.$code'
import * as handoffPage from '#app/routes/_auth.login_.handoff.$code'
import * as linkRequestPage from '#app/routes/_auth.login_.link'
import * as linkPage from '#app/routes/_auth.login_.link_.$code'
import * as welcomePage from '#app/routes/_auth.welcome.$code'
import * as accountPage from '#app/routes/_portal.account'
import * as returnRoute from '#app/routes/_portal.account_.return'
import * as createCustomerApi from '#app/routes/api.customers.create'
import * as initApi from '#app/routes/api.client.autologin.init'
import * as portalLinkApi from '#app/routes/api.portal.auth.link'
import * as portalLoginApi from '#app/routes/api.portal.auth.login'
import * as meApi from '#app/routes/api.portal.me'
import * as userApi from '#app/routes/api.auth.user'
import * as portalPage from '#app/routes/customer-portal.auto-login.$code'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { verifyPassword } from '#app/services/password.server'
import { HOST_CLIENT_HEADER } from '#app/services/request-host.server'
import { createOrganisation, createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { linkFrom, mailsTo, waitForMail } from '#tests/mailbox'
import { Client, queuesDrained, signIn, startMailPipeline } from './helpers'
import { callPage } from './page-calls'

let stopMail: () => Promise<void>
beforeAll(async () => {
  stopMail = await startMailPipeline()
})
afterAll(async () => {
  await stopMail()
})
afterEach(() => {
  vi.useRealTimers()
})

/** An organisation with a subdomain (its portal host) and one customer of it. */
async function portalOrg(prefix = 'acc') {
  const org = await createOrganisation()
  const sub = `${prefix}${Math.random().toString(36).slice(2, 9)}`
  await platformDb.updateTable('organisations').set({ subdomain: sub }).where('id', '=', org.id).execute()
  const customer = await createUser({ firstName: 'Cara', lastName: 'Client', memberships: [{ clientId: org.id, role: 'customer' }] })
  return { org, sub, customer, host: { [HOST_CLIENT_HEADER]: String(org.id), Host: `${sub}.localhost:3000` } }
}

type Host = Record<string, string>
const codeIn = (link: string, prefix: string) => link.split(prefix)[1]!
const onHost = (client: Client, host: Host, handler: unknown, path: string, extra: { params?: Record<string, string>; form?: Record<string, string> } = {}) =>
  callPage(client, handler as never, { path, headers: host, ...extra })
const me = async (client: Client, host: Host) => client.call(meApi.loader as never, { path: '/api/portal/me', headers: host })

/** Runs `work` with Date.now() moved on by `ms` (only the clock: the database and Redis keep working). */
async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + ms)
  try {
    return await work()
  } finally {
    vi.useRealTimers()
  }
}

async function requestLink(client: Client, host: Host, email: string) {
  return onHost(client, host, linkRequestPage.action, '/login/link', { form: { email } })
}

describe('sign-in links', () => {
  it('are e-mailed on the subdomain host, asked about on GET, spent once by the POST, and sign the customer in', async () => {
    const { customer, host, sub } = await portalOrg()
    const client = new Client()
    const since = new Date()
    const asked = await requestLink(client, host, customer.email.toUpperCase())
    expect(asked.status).toBe(200)
    expect(asked.data.sent).toBe(true)
    const link = linkFrom(await waitForMail(customer.email, /sign-in link/i, since), /\/login\/link\//)
    expect(link).toMatch(new RegExp(`^http://${sub}\\.localhost(:\\d+)?/login/link/[\\w-]{43}$`))
    const code = codeIn(link, '/login/link/')
    const row = await platformDb
      .selectFrom('auth_tokens')
      .select(['expires_at', 'created_at'])
      .where('purpose', '=', 'portal_sign_in')
      .where('user_id', '=', customer.id)
      .executeTakeFirstOrThrow()
    expect(Math.abs(row.expires_at.getTime() - row.created_at.getTime() - SIGN_IN_LINK_TTL)).toBeLessThan(5_000)

    // The GET (a mail scanner) spends nothing.
    expect((await onHost(client, host, linkPage.loader, `/login/link/${code}`, { params: { code } })).data.name).toBe('Cara Client')
    expect((await onHost(client, host, linkPage.loader, `/login/link/${code}`, { params: { code } })).status).toBe(200)
    expect((await me(client, host)).status).toBe(401)

    const used = await onHost(client, host, linkPage.action, `/login/link/${code}`, { params: { code }, form: {} })
    expect(used).toMatchObject({ status: 302, location: '/account' })
    expect((await me(client, host)).json.customer).toEqual({ _id: customer.publicId, firstName: 'Cara', lastName: 'Client', email: customer.email })

    const again = await onHost(new Client(), host, linkPage.action, `/login/link/${code}`, { params: { code }, form: {} })
    expect(again.status).toBe(401)
    expect(again.data.error).toBe(INVALID_LINK)
  })

  it('expire after 15 minutes', async () => {
    const { customer, host } = await portalOrg()
    const since = new Date()
    await requestLink(new Client(), host, customer.email)
    const code = codeIn(linkFrom(await waitForMail(customer.email, /sign-in link/i, since), /\/login\/link\//), '/login/link/')
    const late = await later(SIGN_IN_LINK_TTL + 1_000, () => onHost(new Client(), host, linkPage.action, `/login/link/${code}`, { params: { code }, form: {} }))
    expect(late.status).toBe(401)
    // Just inside the 15 minutes it still works.
    const inTime = await later(SIGN_IN_LINK_TTL - 30_000, () => onHost(new Client(), host, linkPage.action, `/login/link/${code}`, { params: { code }, form: {} }))
    expect(inTime.status).toBe(302)
  })

  it("of organisation A do nothing on B's host or the platform host, and stay usable on A's", async () => {
    const a = await portalOrg('a')
    const b = await portalOrg('b')
    const since = new Date()
    await requestLink(new Client(), a.host, a.customer.email)
    const code = codeIn(linkFrom(await waitForMail(a.customer.email, /sign-in link/i, since), /\/login\/link\//), '/login/link/')
    const onB = new Client()
    expect((await onHost(onB, b.host, linkPage.loader, `/login/link/${code}`, { params: { code } })).status).toBe(401)
    expect((await onHost(onB, b.host, linkPage.action, `/login/link/${code}`, { params: { code }, form: {} })).status).toBe(401)
    expect(onB.cookie).toBe('')
    // The platform host has no portal at all.
    await expect(callPage(new Client(), linkPage.action as never, { path: `/login/link/${code}`, params: { code }, form: {} })).resolves.toMatchObject({ status: 404 })
    expect((await onHost(new Client(), a.host, linkPage.action, `/login/link/${code}`, { params: { code }, form: {} })).status).toBe(302)
  })

  it('answer the same for an unknown address, a staff address and a customer of another realm, and send nothing then', async () => {
    const a = await portalOrg()
    const b = await portalOrg()
    const staff = await createUser({ memberships: [{ clientId: a.org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
    const nobody = uniqueEmail('nobody')
    const answers = []
    for (const email of [nobody, staff.email, b.customer.email, a.customer.email]) {
      const res = await new Client().call(portalLinkApi.action as never, { path: '/api/portal/auth/link', body: { email }, headers: a.host })
      answers.push({ status: res.status, body: res.json })
    }
    expect(new Set(answers.map((x) => JSON.stringify(x))).size).toBe(1)
    expect(answers[0]).toEqual({ status: 200, body: { statusCode: 200, status: true, message: SIGN_IN_LINK_SENT } })
    await waitForMail(a.customer.email, /sign-in link/i)
    await queuesDrained(['sign-in-link', 'email'])
    expect(await mailsTo(nobody)).toEqual([])
    expect(await mailsTo(staff.email)).toEqual([])
    expect(await mailsTo(b.customer.email)).toEqual([])
  })

  it('are limited per account (silently) and per address asking (429)', async () => {
    const { customer, host } = await portalOrg()
    const client = new Client()
    for (let i = 0; i < 7; i++) expect((await requestLink(client, host, customer.email)).status).toBe(200)
    await queuesDrained(['sign-in-link', 'email'])
    expect((await mailsTo(customer.email)).filter((m) => /sign-in link/i.test(m.subject))).toHaveLength(5)
    for (let i = 0; i < 23; i++) await requestLink(client, host, uniqueEmail('spray'))
    const refused = await requestLink(client, host, customer.email)
    expect(refused.status).toBe(429)
  })

  it('a newer link voids the older one', async () => {
    const { customer, host } = await portalOrg()
    const first = new Date()
    await requestLink(new Client(), host, customer.email)
    const one = codeIn(linkFrom(await waitForMail(customer.email, /sign-in link/i, first), /\/login\/link\//), '/login/link/')
    await new Promise((r) => setTimeout(r, 5))
    const second = new Date()
    await requestLink(new Client(), host, customer.email)
    const mail = await waitForMail(customer.email, /sign-in link/i, second)
    const two = codeIn(linkFrom(mail, /\/login\/link\//), '/login/link/')
    expect(two).not.toBe(one)
    expect((await onHost(new Client(), host, linkPage.action, `/login/link/${one}`, { params: { code: one }, form: {} })).status).toBe(401)
    expect((await onHost(new Client(), host, linkPage.action, `/login/link/${two}`, { params: { code: two }, form: {} })).status).toBe(302)
  })
})

describe('the sign-in of an organisation host', () => {
  const post = (client: Client, host: Host, fields: Record<string, string>) => onHost(client, host, loginPage.action, '/login', { form: { intent: 'login', ...fields } })

  it('signs a customer in with the password and lands on /account or a same-host redirectTo', async () => {
    const { customer, host, org } = await portalOrg()
    const client = new Client()
    const res = await post(client, host, { email: customer.email, password: TEST_PASSWORD, clientId: 'ignored' })
    expect(res).toMatchObject({ status: 302, location: '/account' })
    expect((await me(client, host)).status).toBe(200)
    // The back office still reads the session as signed out.
    expect((await client.call(userApi.loader as never, { path: '/api/auth/user', headers: host })).status).toBe(401)

    const back = await post(new Client(), host, { email: customer.email, password: TEST_PASSWORD, redirectTo: '/checkout?item=x' })
    expect(back.location).toBe('/checkout?item=x')
    for (const foreign of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect((await post(new Client(), host, { email: customer.email, password: TEST_PASSWORD, redirectTo: foreign })).location).toBe('/account')
    }
    const audit = await platformDb
      .selectFrom('audit_logs')
      .select(['status', 'message'])
      .where('client_id', '=', org.id)
      .where('user_id', '=', customer.id)
      .where('action', '=', 'login')
      .execute()
    expect(audit).toContainEqual({ status: 'success', message: 'Signed in to the customer portal' })
  })

  it('answers the generic error for a wrong password, an unknown address and a customer of another realm', async () => {
    const a = await portalOrg()
    const b = await portalOrg()
    const answers = await Promise.all(
      [
        { email: a.customer.email, password: 'Wrong-pass-2026' },
        { email: uniqueEmail('ghost'), password: TEST_PASSWORD },
        { email: b.customer.email, password: TEST_PASSWORD },
      ].map(async (body) => {
        const res = await post(new Client(), a.host, body)
        return { status: res.status, error: res.data.formError }
      }),
    )
    expect(answers).toEqual(Array(3).fill({ status: 401, error: LOGIN_FAILED }))
  })

  it('still signs staff in on their organisation host, and a customer nowhere on the platform host', async () => {
    const { org, host, customer } = await portalOrg()
    const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const res = await post(new Client(), host, { email: owner.email, password: TEST_PASSWORD })
    expect(res).toMatchObject({ status: 302, location: '/dashboard' })
    // On the platform host the picker offers a customer nothing, like an unknown address (issue 28, item 9).
    const picker = await callPage(new Client(), loginPage.action as never, { path: '/login', form: { intent: 'email', email: customer.email } })
    expect(picker.status).toBe(404)
  })

  it('shares the staff login limits: ten wrong passwords from one address, then 429 even with the right one', async () => {
    const { customer, host } = await portalOrg()
    const client = new Client()
    for (let i = 0; i < 10; i++) expect((await post(client, host, { email: customer.email, password: `Wrong-${i}-pass` })).status).toBe(401)
    expect((await post(client, host, { email: customer.email, password: TEST_PASSWORD })).status).toBe(429)
  })
})

describe('password reset on an organisation host', () => {
  it('reaches only that realm’s account, and its link works on that host only', async () => {
    const a = await portalOrg('ra')
    const b = await createOrganisation()
    const email = a.customer.email
    const other = await createUser({ email, memberships: [{ clientId: b.id, role: 'customer' }] })
    const since = new Date()
    expect((await onHost(new Client(), a.host, forgotPage.action, '/forgot-password', { form: { email } })).data.sent).toBe(true)
    const mail = await waitForMail(email, /reset your password/i, since)
    await queuesDrained(['password-reset', 'email'])
    expect((await mailsTo(email)).filter((m) => /reset your password/i.test(m.subject) && new Date(m.date) >= since)).toHaveLength(1)
    const link = linkFrom(mail, /\/forgot-password-2\//)
    expect(link).toMatch(new RegExp(`^http://${a.sub}\\.localhost(:\\d+)?/forgot-password-2/`))
    const code = codeIn(link, '/forgot-password-2/')
    const form = { password: 'Portal-reset-2026', confirmPassword: 'Portal-reset-2026' }
    const bHost = { [HOST_CLIENT_HEADER]: String(b.id) }
    expect((await onHost(new Client(), bHost, resetPage.action, `/forgot-password-2/${code}`, { params: { code }, form })).status).toBe(400)
    expect((await onHost(new Client(), a.host, resetPage.action, `/forgot-password-2/${code}`, { params: { code }, form })).data.done).toBe(true)
    const [mine, theirs] = await Promise.all(
      [a.customer.id, other.id].map(async (id) => (await platformDb.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash),
    )
    expect(await verifyPassword(mine!, 'Portal-reset-2026')).toBe(true)
    expect(await verifyPassword(theirs!, TEST_PASSWORD)).toBe(true)
  })
})

describe('the welcome e-mail of a customer created in the back office', () => {
  it('lets the customer choose a password once, within 7 days, on the organisation host, and signs them in', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const email = uniqueEmail('welcome')
    const since = new Date()
    const created = await owner.call(createCustomerApi.action as never, {
      path: '/api/customers/create',
      body: { firstName: 'Wes', lastName: 'Welcome', email, password: 'Admin-typed-2026', welcomeEmail: true },
    })
    expect(created.status).toBe(200)
    const mail = await waitForMail(email, /Welcome/, since)
    expect(mail.text).not.toContain('Admin-typed-2026')
    const link = linkFrom(mail, /\/welcome\//)
    const code = codeIn(link, '/welcome/')
    const demo = await platformDb.selectFrom('organisations').select('id').where('name', '=', 'Demo Writing Co').executeTakeFirstOrThrow()
    const host = { [HOST_CLIENT_HEADER]: String(demo.id) }
    const row = await platformDb
      .selectFrom('auth_tokens')
      .select(['expires_at', 'created_at'])
      .where('purpose', '=', 'portal_welcome')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(Math.abs(row.expires_at.getTime() - row.created_at.getTime() - WELCOME_LINK_TTL)).toBeLessThan(5_000)

    const form = { password: 'Chosen-pass-2026', confirmPassword: 'Chosen-pass-2026' }
    const elsewhere = await portalOrg()
    expect((await onHost(new Client(), elsewhere.host, welcomePage.action, `/welcome/${code}`, { params: { code }, form })).status).toBe(401)
    expect((await later(WELCOME_LINK_TTL + 1_000, () => onHost(new Client(), host, welcomePage.action, `/welcome/${code}`, { params: { code }, form }))).status).toBe(401)
    const client = new Client()
    expect((await onHost(client, host, welcomePage.loader, `/welcome/${code}`, { params: { code } })).data.target.email).toBe(email)
    expect(await onHost(client, host, welcomePage.action, `/welcome/${code}`, { params: { code }, form })).toMatchObject({ status: 302, location: '/account' })
    expect((await me(client, host)).json.customer.email).toBe(email)
    expect((await onHost(new Client(), host, welcomePage.action, `/welcome/${code}`, { params: { code }, form })).status).toBe(401)
  })
})

describe('Login As User from the back office', () => {
  async function handoff() {
    const support = await signIn(new Client(), 'support@demo-staff.test', 'Demo Writing Co')
    const demo = await platformDb.selectFrom('organisations').select('id').where('name', '=', 'Demo Writing Co').executeTakeFirstOrThrow()
    const customer = await createUser({ firstName: 'Lia', lastName: 'Loginas', memberships: [{ clientId: demo.id, role: 'customer' }] })
    const made = await support.call(initApi.action as never, { path: '/api/client/autologin/init', body: { _id: customer.publicId, type: 'customer' } })
    expect(made.status).toBe(200)
    const code = codeIn(made.json.link, '/customer-portal/auto-login/')
    const spent = await callPage(support, portalPage.action as never, { path: `/customer-portal/auto-login/${code}`, params: { code }, form: {} })
    expect(spent.status).toBe(200)
    return { support, customer, host: { [HOST_CLIENT_HEADER]: String(demo.id) }, handoffCode: codeIn(spent.data.handoff.url, '/login/handoff/'), demoId: demo.id }
  }

  it('lands in the portal as the customer, marked, refused credential changes, and goes back to the admin', async () => {
    const { support, customer, host, handoffCode: code, demoId } = await handoff()
    const portal = new Client()
    expect((await onHost(portal, host, handoffPage.loader, `/login/handoff/${code}`, { params: { code } })).data.name).toBe('Lia Loginas')
    expect(await onHost(portal, host, handoffPage.action, `/login/handoff/${code}`, { params: { code }, form: {} })).toMatchObject({ status: 302, location: '/account' })
    expect((await me(portal, host)).json.customer._id).toBe(customer.publicId)
    const session = await platformDb.selectFrom('sessions').select('data').where('user_id', '=', customer.id).executeTakeFirstOrThrow()
    expect(session.data).toMatchObject({ impersonatorUserId: expect.any(Number), impersonatorReturnUrl: expect.stringMatching(/\/customers\/view$/) })

    const account = await onHost(portal, host, accountPage.loader, '/account')
    expect(account.data.credentialsLocked).toBe(IMPERSONATION_CREDENTIALS_REFUSED)
    const password = await onHost(portal, host, accountPage.action, '/account', {
      form: { intent: 'password', currentPassword: TEST_PASSWORD, password: 'Taken-over-2026', confirmPassword: 'Taken-over-2026' },
    })
    expect(password.status).toBe(403)
    const email = await onHost(portal, host, accountPage.action, '/account', {
      form: { intent: 'profile', firstName: 'Lia', lastName: 'Loginas', email: 'attacker@example.test', currentPassword: TEST_PASSWORD },
    })
    expect(email.status).toBe(403)
    const names = await onHost(portal, host, accountPage.action, '/account', { form: { intent: 'profile', firstName: 'Lia', lastName: 'Renamed', email: customer.email } })
    expect(names.status).toBe(302)
    const renamed = await platformDb
      .selectFrom('audit_logs')
      .select(['actor_user_id', 'message'])
      .where('user_id', '=', customer.id)
      .where('module', '=', 'profile')
      .executeTakeFirstOrThrow()
    expect(renamed.actor_user_id).not.toBeNull()
    expect(renamed.message).toMatch(/\(as .+ by .+\)$/)
    const stillMine = await platformDb.selectFrom('users').select(['password_hash', 'email']).where('id', '=', customer.id).executeTakeFirstOrThrow()
    expect(await verifyPassword(stillMine.password_hash, TEST_PASSWORD)).toBe(true)

    const back = await onHost(portal, host, returnRoute.action, '/account/return', { form: {} })
    // The admin's back office is on another host: a page forwards there (a form post may not be redirected across origins).
    expect(back.status).toBe(200)
    expect(back.data.back).toMatch(/^http:\/\/localhost(:\d+)?\/customers\/view$/)
    expect(portal.cookie).toBe('')
    expect((await me(portal, host)).status).toBe(401)
    // The admin's own session was never touched.
    expect((await support.call(userApi.loader as never, { path: '/api/auth/user' })).json.user.email).toBe('support@demo-staff.test')
    const rows = await platformDb
      .selectFrom('audit_logs')
      .select(['action'])
      .where('client_id', '=', demoId)
      .where('user_id', '=', customer.id)
      .where('action', 'in', ['login_as_handoff', 'auto_login', 'login_as_return'])
      .execute()
    expect(rows.map((r) => r.action).sort()).toEqual(['auto_login', 'login_as_handoff', 'login_as_return'])
  })

  it('hand-off codes work once, within 2 minutes, on their own organisation host only', async () => {
    const first = await handoff()
    const other = await portalOrg()
    const { host, handoffCode: code } = first
    expect((await onHost(new Client(), other.host, handoffPage.action, `/login/handoff/${code}`, { params: { code }, form: {} })).status).toBe(401)
    await expect(callPage(new Client(), handoffPage.action as never, { path: `/login/handoff/${code}`, params: { code }, form: {} })).resolves.toMatchObject({ status: 404 })
    expect((await later(HANDOFF_TTL + 1_000, () => onHost(new Client(), host, handoffPage.action, `/login/handoff/${code}`, { params: { code }, form: {} }))).status).toBe(401)
    expect((await onHost(new Client(), host, handoffPage.action, `/login/handoff/${code}`, { params: { code }, form: {} })).status).toBe(302)
    expect((await onHost(new Client(), host, handoffPage.action, `/login/handoff/${code}`, { params: { code }, form: {} })).status).toBe(401)
  })

  it('parks the admin’s own session when they work on the organisation host, and the way back resumes it', async () => {
    const support = await signIn(new Client(), 'support@demo-staff.test', 'Demo Writing Co')
    const demo = await platformDb.selectFrom('organisations').select('id').where('name', '=', 'Demo Writing Co').executeTakeFirstOrThrow()
    const host = { [HOST_CLIENT_HEADER]: String(demo.id), Host: 'demowriting.localhost:3000' }
    const customer = await createUser({ memberships: [{ clientId: demo.id, role: 'customer' }] })
    const made = await support.call(initApi.action as never, { path: '/api/client/autologin/init', body: { _id: customer.publicId, type: 'customer' }, headers: host })
    expect(made.json.link).toMatch(/^http:\/\/demowriting\.localhost(:\d+)?\/customer-portal\/auto-login\//)
    const code = codeIn(made.json.link, '/customer-portal/auto-login/')
    const spent = await onHost(support, host, portalPage.action, `/customer-portal/auto-login/${code}`, { params: { code }, form: {} })
    const handoffCode = codeIn(spent.data.handoff.url, '/login/handoff/')
    await onHost(support, host, handoffPage.action, `/login/handoff/${handoffCode}`, { params: { code: handoffCode }, form: {} })
    expect((await me(support, host)).json.customer._id).toBe(customer.publicId)
    const back = await onHost(support, host, returnRoute.action, '/account/return', { form: {} })
    expect(back.status).toBe(302)
    expect((await support.call(userApi.loader as never, { path: '/api/auth/user', headers: host })).json.user.email).toBe('support@demo-staff.test')
  })
})

describe('the profile of /account', () => {
  it('changes names at once, and the e-mail only through a link sent to the new address on the subdomain host', async () => {
    const { customer, host, sub } = await portalOrg('prof')
    const client = new Client()
    await onHost(client, host, loginPage.action, '/login', { form: { email: customer.email, password: TEST_PASSWORD } })
    expect((await me(client, host)).status).toBe(200)
    const renamed = await onHost(client, host, accountPage.action, '/account', { form: { intent: 'profile', firstName: 'Carla', lastName: 'Client', email: customer.email } })
    expect(renamed).toMatchObject({ status: 302, location: '/account' })
    expect((await me(client, host)).json.customer.firstName).toBe('Carla')

    const newEmail = uniqueEmail('moved')
    const refused = await onHost(client, host, accountPage.action, '/account', { form: { intent: 'profile', firstName: 'Carla', lastName: 'Client', email: newEmail } })
    expect(refused.status).toBe(422)
    const since = new Date()
    const asked = await onHost(client, host, accountPage.action, '/account', {
      form: { intent: 'profile', firstName: 'Carla', lastName: 'Client', email: newEmail, currentPassword: TEST_PASSWORD },
    })
    expect(asked.status).toBe(302)
    expect((await onHost(client, host, accountPage.loader, '/account')).data.pendingEmail).toBe(newEmail)
    const link = linkFrom(await waitForMail(newEmail, /Confirm your new e-mail/i, since), /\/confirm-email\//)
    expect(link).toMatch(new RegExp(`^http://${sub}\\.localhost(:\\d+)?/confirm-email/`))
    const row = await platformDb.selectFrom('users').select('email').where('id', '=', customer.id).executeTakeFirstOrThrow()
    expect(row.email).toBe(customer.email)
  })
})

describe('the account made at checkout', () => {
  it('creates a customer of this realm, and tells an address that already has an account here', async () => {
    const { org, customer } = await portalOrg()
    const t = tenantForJob(org.id)
    const email = uniqueEmail('checkout')
    const made = await createPortalCustomer(t, { firstName: 'Neu', lastName: 'Kunde', email: email.toUpperCase(), password: 'Checkout-pass-2026' })
    expect(made).toMatchObject({ ok: true, userId: expect.any(Number) })
    const row = await platformDb.selectFrom('users').select(['client_id', 'email']).where('email', '=', email).executeTakeFirstOrThrow()
    expect(row).toEqual({ client_id: org.id, email })
    expect(await createPortalCustomer(t, { firstName: 'A', lastName: 'B', email: customer.email, password: 'Another-pass-2026' })).toEqual({
      ok: false,
      field: 'email',
      error: ACCOUNT_EXISTS,
      accountExists: true,
    })
    expect(await createPortalCustomer(t, { firstName: 'A', lastName: 'B', email: 'not-an-email', password: 'Another-pass-2026' })).toMatchObject({ ok: false, field: 'email' })
    expect(await createPortalCustomer(t, { firstName: 'A', lastName: 'B', email: uniqueEmail('short'), password: 'short' })).toMatchObject({ ok: false, field: 'password' })
    // The same address in another organisation is another account (ADR 0011).
    const other = await createOrganisation()
    expect(await createPortalCustomer(tenantForJob(other.id), { firstName: 'A', lastName: 'B', email, password: 'Checkout-pass-2026' })).toMatchObject({ ok: true })
  })

  it('startCustomerSession signs in only a customer of the request host', async () => {
    const { org, customer } = await portalOrg()
    const hosted = new Request('http://x/checkout', { headers: { [HOST_CLIENT_HEADER]: String(org.id) } })
    expect(await startCustomerSession(hosted, { userId: customer.id, clientId: org.id })).toMatch(/session=/)
    const elsewhere = await portalOrg()
    await expect(startCustomerSession(hosted, { userId: elsewhere.customer.id, clientId: elsewhere.org.id })).rejects.toBeInstanceOf(NotThisHostsCustomer)
    await expect(startCustomerSession(new Request('http://x/'), { userId: customer.id, clientId: org.id })).rejects.toBeInstanceOf(NotThisHostsCustomer)
  })
})

describe('the portal JSON calls', () => {
  it('sign in, answer the customer, and refuse bad input with 400, never 500', async () => {
    const { customer, host } = await portalOrg()
    const client = new Client()
    expect((await me(client, host)).json).toMatchObject({ statusCode: 401, status: false, error: expect.any(String) })
    const wrong = await client.call(portalLoginApi.action as never, { path: '/api/portal/auth/login', body: { email: customer.email, password: 'nope-nope' }, headers: host })
    expect(wrong.json).toEqual({ statusCode: 401, status: false, error: LOGIN_FAILED })
    for (const body of [{}, { email: 'x' }, { email: customer.email }, { email: 5, password: [] }, { email: `${'a'.repeat(300)}@x.test`, password: 'p' }]) {
      const res = await new Client().call(portalLoginApi.action as never, { path: '/api/portal/auth/login', body, headers: host })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json).toMatchObject({ statusCode: 400, status: false, errors: expect.any(Object) })
    }
    const ok = await client.call(portalLoginApi.action as never, { path: '/api/portal/auth/login', body: { email: customer.email, password: TEST_PASSWORD }, headers: host })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('Set-Cookie')).toMatch(/session=/)
    expect(ok.json).toEqual({ statusCode: 200, status: true, customer: { _id: customer.publicId, firstName: 'Cara', lastName: 'Client', email: customer.email } })
    expect((await me(client, host)).json.customer.email).toBe(customer.email)
    expect((await new Client().call(portalLinkApi.action as never, { path: '/api/portal/auth/link', body: { email: 'bad' }, headers: host })).status).toBe(400)
  })

  it('do not exist on the platform host', async () => {
    expect((await new Client().call(meApi.loader as never, { path: '/api/portal/me' })).status).toBe(404)
    expect((await new Client().call(portalLoginApi.action as never, { path: '/api/portal/auth/login', body: {} })).status).toBe(404)
    expect((await new Client().call(portalLinkApi.action as never, { path: '/api/portal/auth/link', body: {} })).status).toBe(404)
  })
})
