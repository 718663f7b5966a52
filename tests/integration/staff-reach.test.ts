// The subset rule for credentials and status (ADR 13): staff set the password or status of, or send a reset link
// to, only people whose permissions they hold; platform users likewise by role modules. The staff page and the
// JSON routes share one set of actions, so each change writes exactly one audit row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GRANT_DENIED, OWNER_ROW } from '#app/models/staff.schema'
import { OUT_OF_REACH } from '#app/rules/reach'
import * as staffPage from '#app/routes/_app.client.users.view'
import * as platformUpdatePage from '#app/routes/_app.users.update.$id'
import * as platformUsersPage from '#app/routes/_app.users.view'
import * as byIdApi from '#app/routes/api.client.users.$id'
import * as usersApi from '#app/routes/api.client.users'
import * as platformStatusApi from '#app/routes/api.users.change_status'
import * as platformUpdateApi from '#app/routes/api.users.update.$id'
import { platformDb } from '#app/services/db.server'
import { verifyPassword } from '#app/services/password.server'
import { createOrganisation, createPlatformStaff, createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { linkFrom, waitForMail } from '#tests/mailbox'
import { Client, signIn, startMailPipeline } from './helpers'
import { callPage } from './page-calls'

let stopMail: () => Promise<void>
beforeAll(async () => {
  stopMail = await startMailPipeline()
})
afterAll(async () => stopMail())

const patch = (client: Client, id: string, body: Record<string, unknown>) => client.call(byIdApi.action, { method: 'PATCH', path: `/api/client/users/${id}`, params: { id }, body })
const passwordOf = async (id: number) => (await platformDb.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash
const auditRows = (targetEmail: string, action: string) =>
  platformDb.selectFrom('audit_logs').select(['status', 'message']).where('action', '=', action).where('message', 'like', `%${targetEmail}%`).execute()

/** An organisation with its owner, a people manager (no WRITER) and two contributors, one also a reviewer. */
async function team() {
  const org = await createOrganisation()
  const member = (permissions: string[], role: 'client' | 'user' = 'user') => createUser({ memberships: [{ clientId: org.id, role, permissions }] })
  const owner = await member([], 'client')
  const manager = await member(['READ_USERS', 'UPDATE_USERS', 'WRITE_USERS', 'LOGIN_AS_WRITER', 'WRITER'])
  const writer = await member(['WRITER'])
  const strong = await member(['WRITER', 'REVIEWER', 'READ_USERS', 'UPDATE_USERS'])
  const signedIn = async (p: { email: string }) => signIn(new Client(), p.email, org.name, TEST_PASSWORD)
  return { org, owner, manager, writer, strong, signedIn }
}

describe('staff: password and status of the organisation’s people', () => {
  it('a weaker staff member can neither set the password of nor deactivate a stronger one; a weaker one yes', async () => {
    const { manager, writer, strong, signedIn } = await team()
    const client = await signedIn(manager)
    const before = await passwordOf(strong.id)
    const refused = await patch(client, strong.publicId, { password: 'Taken-over-1' })
    expect(refused.status).toBe(403)
    expect(refused.json.error).toBe(OUT_OF_REACH)
    expect(await passwordOf(strong.id)).toBe(before)
    const deactivate = await patch(client, strong.publicId, { active: false })
    expect(deactivate.status).toBe(403)
    expect((await platformDb.selectFrom('memberships').select('active').where('user_id', '=', strong.id).executeTakeFirstOrThrow()).active).toBeTruthy()
    // Names are not credentials: they stay editable (the grant rule still holds for permissions).
    expect((await patch(client, strong.publicId, { firstName: 'Renamed' })).status).toBe(200)
    expect((await patch(client, strong.publicId, { permissions: ['WRITER', 'READ_USERS', 'UPDATE_USERS'] })).json.error).toBe(GRANT_DENIED)

    const ok = await patch(client, writer.publicId, { password: 'Fresh-pass-2026' })
    expect(ok.status).toBe(200)
    expect(await verifyPassword(await passwordOf(writer.id), 'Fresh-pass-2026')).toBe(true)
    expect((await patch(client, writer.publicId, { active: false })).status).toBe(200)

    expect(await auditRows(strong.publicId, 'change_status')).toEqual([expect.objectContaining({ status: 'failure', message: `${OUT_OF_REACH} (user ${strong.publicId})` })])
  })

  it('the owner (full access) reaches everyone but the owner row', async () => {
    const { owner, strong, signedIn } = await team()
    const client = await signedIn(owner)
    expect((await patch(client, strong.publicId, { password: 'Owner-set-2026' })).status).toBe(200)
    expect((await patch(client, owner.publicId, { active: false })).status).toBe(403)
  })

  it('the page and the JSON route are one write path: the same rule, one audit row each', async () => {
    const { manager, writer, strong, signedIn } = await team()
    const client = await signedIn(manager)
    const refused = await callPage(client, staffPage.action as never, { path: '/client/users/view', form: { intent: 'active', id: strong.publicId, value: 'false' } })
    expect(refused.status).toBe(403)
    expect(refused.data.error).toBe(OUT_OF_REACH)
    const pageUpdate = await callPage(client, staffPage.action as never, {
      path: '/client/users/view',
      form: { intent: 'update', id: writer.publicId, firstName: 'Paged', lastName: 'Writer', permissions: 'WRITER', password: 'Paged-pass-2026' },
    })
    expect(pageUpdate.status).toBe(302)
    expect(await verifyPassword(await passwordOf(writer.id), 'Paged-pass-2026')).toBe(true)
    const rows = await auditRows(writer.email, 'update')
    expect(rows).toHaveLength(1)
    expect(rows[0]!.message).toContain('set a new password')

    const email = uniqueEmail('new-staff')
    const created = await client.call(usersApi.action, {
      path: '/api/client/users',
      body: { firstName: 'New', lastName: 'Staff', email, password: 'Staff-pass-2026', permissions: ['WRITER'], skipWriterValidation: true },
    })
    expect(created.status).toBe(200)
    expect(await auditRows(email, 'create')).toHaveLength(1)
  })

  it('"Send reset link" e-mails the person a link for their own account; the subset rule holds', async () => {
    const { owner, manager, writer, strong, signedIn } = await team()
    const client = await signedIn(manager)
    const since = new Date(Date.now() - 1000)
    const sent = await callPage(client, staffPage.action as never, { path: `/client/users/view?settings=${writer.publicId}`, form: { intent: 'send-reset', id: writer.publicId } })
    expect(sent.status).toBe(302)
    const link = linkFrom(await waitForMail(writer.email, /reset your password/i, since), /\/forgot-password-2\//)
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/forgot-password-2\/[\w-]+$/)
    expect(await auditRows(writer.email, 'send_reset_link')).toEqual([expect.objectContaining({ status: 'success' })])

    const stronger = await callPage(client, staffPage.action as never, { path: '/client/users/view', form: { intent: 'send-reset', id: strong.publicId } })
    expect(stronger.status).toBe(403)
    expect(stronger.data.error).toBe(OUT_OF_REACH)
    const ownerRow = await callPage(client, staffPage.action as never, { path: '/client/users/view', form: { intent: 'send-reset', id: owner.publicId } })
    expect(ownerRow.status).toBe(403)
    expect(ownerRow.data.error).toBe(OWNER_ROW)
    expect(await platformDb.selectFrom('auth_tokens').select('id').where('user_id', 'in', [strong.id, owner.id]).where('purpose', '=', 'password_reset').execute()).toHaveLength(0)
  })

  it('the page offers status, reset and log-in-as only for people within reach', async () => {
    const { manager, writer, strong, signedIn } = await team()
    const client = await signedIn(manager)
    const list = await callPage(client, staffPage.loader as never, { path: '/client/users/view' })
    const rowOf = (id: string) => list.data.users.find((u: { _id: string }) => u._id === id)
    expect(rowOf(writer.publicId).manageable).toBe(true)
    expect(rowOf(strong.publicId).manageable).toBe(false)
    const settings = await callPage(client, staffPage.loader as never, { path: `/client/users/view?settings=${strong.publicId}` })
    expect(settings.data.panel.user.manageable).toBe(false)
  })
})

describe('platform users: only users whose role modules the actor holds', () => {
  const platformStaff = async (modules: string) => (await createPlatformStaff(modules)).user

  it('support (users, clients) cannot edit, reset or deactivate someone holding another module; can within its own', async () => {
    const actor = await platformStaff('users,clients')
    const stronger = await platformStaff('users,clients,payments')
    const weaker = await platformStaff('clients')
    const client = await signIn(new Client(), actor.email, null, TEST_PASSWORD)

    const update = (id: string, body: Record<string, unknown>) => client.call(platformUpdateApi.action, { path: `/api/users/update/${id}`, params: { id }, body })
    const roleKey = async (id: number) =>
      (await platformDb.selectFrom('users as u').innerJoin('platform_roles as r', 'r.id', 'u.platform_role_id').select('r.key').where('u.id', '=', id).executeTakeFirstOrThrow())
        .key
    const before = await passwordOf(stronger.id)
    const refused = await update(stronger.publicId, { firstName: 'X', lastName: 'Y', role: await roleKey(stronger.id), password: 'Platform-take-1' })
    expect(refused.status).toBe(403)
    expect(refused.json.error).toBe(OUT_OF_REACH)
    expect(await passwordOf(stronger.id)).toBe(before)
    const off = await client.call(platformStatusApi.action, { path: '/api/users/change_status', body: { _id: stronger.publicId, active: false } })
    expect(off.status).toBe(403)
    const reset = await callPage(client, platformUpdatePage.action as never, {
      path: `/users/update/${stronger.publicId}`,
      params: { id: stronger.publicId },
      form: { intent: 'send-reset' },
    })
    expect(reset.status).toBe(403)
    expect(await platformDb.selectFrom('auth_tokens').select('id').where('user_id', '=', stronger.id).execute()).toHaveLength(0)

    expect((await update(weaker.publicId, { firstName: 'Within', lastName: 'Reach', role: await roleKey(weaker.id), password: 'Platform-set-26' })).status).toBe(200)
    expect(await verifyPassword(await passwordOf(weaker.id), 'Platform-set-26')).toBe(true)
    const since = new Date(Date.now() - 1000)
    const sent = await callPage(client, platformUpdatePage.action as never, {
      path: `/users/update/${weaker.publicId}`,
      params: { id: weaker.publicId },
      form: { intent: 'send-reset' },
    })
    expect(sent.status).toBe(302)
    await waitForMail(weaker.email, /reset your password for draftdesk platform/i, since)

    const list = await callPage(client, platformUsersPage.loader as never, { path: '/users/view' })
    const rowOf = (id: string) => list.data.users.find((u: { _id: string }) => u._id === id)
    expect(rowOf(stronger.publicId)).toMatchObject({ manageable: false })
    expect(rowOf(weaker.publicId)).toMatchObject({ manageable: true })
  })
})
