// Profile JSON API: own details, password (ending other sessions) and avatar; never someone else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as authUser from '#app/routes/api.auth.user'
import * as fileApi from '#app/routes/api.file.$id'
import * as profileUpdate from '#app/routes/api.profile.profile_update'
import * as passwordUpdate from '#app/routes/api.profile.profile_update_password'
import * as avatarUpdate from '#app/routes/api.profile.update_profile_img'
import { platformDb } from '#app/services/db.server'
import { verifyPassword } from '#app/services/password.server'
import { createTenant, createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import * as confirmPage from '#app/routes/_auth.confirm-email.$code'
import * as profilePage from '#app/routes/_app.profile'
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from '#app/models/profile.schema'
import { TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { linkFrom, waitForMail } from '#tests/mailbox'
import { Client, signIn, startMailPipeline } from './helpers'
import { callPage } from './page-calls'

let stopMail: () => Promise<void>
beforeAll(async () => {
  stopMail = await startMailPipeline()
})
afterAll(async () => stopMail())

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082', 'hex')

async function person() {
  const { org, owner } = await createTenant()
  const client = await signIn(new Client(), owner.email, org.name, TEST_PASSWORD)
  return { org, owner, client }
}

function image(data: Buffer | string, name = 'me.png', id?: string) {
  const body = new FormData()
  body.set('image', new File([typeof data === 'string' ? data : new Uint8Array(data)], name, { type: 'image/png' }))
  if (id) body.set('_id', id)
  return body
}

describe('profile API', () => {
  it('updates the own name at once; a new e-mail needs the current password and stays unique in its realm', async () => {
    const { org, owner, client } = await person()
    const colleague = await createUser({ memberships: [{ clientId: org.id, role: 'user' }] })
    const renamed = await client.call(profileUpdate.action, {
      path: '/api/profile/profile_update',
      body: { _id: owner.publicId, firstName: 'New', lastName: 'Name', email: owner.email },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.json).toMatchObject({ status: true, message: 'Profile Updated Successfully', pendingEmail: null })
    expect(renamed.json.user).toMatchObject({ firstName: 'New', lastName: 'Name', email: owner.email })

    const email = uniqueEmail('renamed')
    const noPassword = await client.call(profileUpdate.action, { path: '/api/profile/profile_update', body: { firstName: 'New', lastName: 'Name', email } })
    expect(noPassword.status).toBe(400)
    expect(noPassword.json.errors).toEqual({ currentPassword: CURRENT_PASSWORD_REQUIRED })
    const wrong = await client.call(profileUpdate.action, {
      path: '/api/profile/profile_update',
      body: { firstName: 'New', lastName: 'Name', email, currentPassword: 'Not-my-pass-1' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.json.error).toBe(CURRENT_PASSWORD_WRONG)
    const taken = await client.call(profileUpdate.action, {
      path: '/api/profile/profile_update',
      body: { firstName: 'New', lastName: 'Name', email: colleague.email, currentPassword: TEST_PASSWORD },
    })
    expect(taken.status).toBe(400)
    expect(taken.json.error).toBe('Email already exists')
    // Another organisation's account with the address is another realm's business (ADR 0011).
    const stranger = await createTenant()
    const elsewhere = await client.call(profileUpdate.action, {
      path: '/api/profile/profile_update',
      body: { firstName: 'New', lastName: 'Name', email: stranger.owner.email, currentPassword: TEST_PASSWORD },
    })
    expect(elsewhere.status).toBe(200)
    expect(elsewhere.json.pendingEmail).toBe(stranger.owner.email)
    const missing = await client.call(profileUpdate.action, { path: '/api/profile/profile_update', body: { firstName: '', lastName: '' } })
    expect(missing.status).toBe(400)
    expect(missing.json.errors).toMatchObject({ firstName: 'Enter First Name', lastName: 'Enter Last name', email: 'Email is required' })
    const audit = await platformDb.selectFrom('audit_logs').select(['action', 'status']).where('user_id', '=', owner.id).where('module', '=', 'profile').execute()
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'update', status: 'success' },
        { action: 'request_email_change', status: 'failure' },
        { action: 'request_email_change', status: 'success' },
      ]),
    )
  })

  it('a new e-mail changes only when the link sent to it is opened (once); the old address is told', async () => {
    const { owner, client } = await person()
    const email = uniqueEmail('moved')
    const since = new Date(Date.now() - 1000)
    const res = await client.call(profileUpdate.action, {
      path: '/api/profile/profile_update',
      body: { firstName: 'Test', lastName: 'Person', email, currentPassword: TEST_PASSWORD },
    })
    expect(res.status).toBe(200)
    expect(res.json.user.email).toBe(owner.email)
    expect(res.json.pendingEmail).toBe(email)
    const page = await callPage(client, profilePage.loader as never, { path: '/profile' })
    expect(page.data.pendingEmail).toBe(email)
    await waitForMail(owner.email, /change of your e-mail address was requested/i, since)
    const link = linkFrom(await waitForMail(email, /confirm your new e-mail/i, since), /\/confirm-email\//)
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/confirm-email\/[\w-]+$/)
    const code = link.split('/confirm-email/')[1]!
    // The GET only asks; nothing changes until the POST.
    const asked = await callPage(new Client(), confirmPage.loader as never, { path: `/confirm-email/${code}`, params: { code } })
    expect(asked.data.email).toBe(email)
    expect((await platformDb.selectFrom('users').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow()).email).toBe(owner.email)
    const done = await callPage(new Client(), confirmPage.action as never, { path: `/confirm-email/${code}`, params: { code }, form: {} })
    expect(done.status).toBe(200)
    expect(done.data.done).toBe(email)
    expect((await platformDb.selectFrom('users').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow()).email).toBe(email)
    await waitForMail(owner.email, /e-mail address was changed/i, since)
    expect((await callPage(new Client(), confirmPage.action as never, { path: `/confirm-email/${code}`, params: { code }, form: {} })).status).toBe(401)
    expect((await callPage(client, profilePage.loader as never, { path: '/profile' })).data.pendingEmail).toBeNull()
  })

  it('the link changes nothing when the address was taken in the realm meanwhile, or it expired', async () => {
    const { org, owner, client } = await person()
    const email = uniqueEmail('raced')
    const since = new Date(Date.now() - 1000)
    await client.call(profileUpdate.action, { path: '/api/profile/profile_update', body: { firstName: 'Test', lastName: 'Person', email, currentPassword: TEST_PASSWORD } })
    const code = linkFrom(await waitForMail(email, /confirm your new e-mail/i, since), /\/confirm-email\//).split('/confirm-email/')[1]!
    await createUser({ email, memberships: [{ clientId: org.id, role: 'user' }] })
    const refused = await callPage(new Client(), confirmPage.action as never, { path: `/confirm-email/${code}`, params: { code }, form: {} })
    expect(refused.status).toBe(400)
    expect(refused.data.error).toBe('Email already exists')
    expect((await platformDb.selectFrom('users').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow()).email).toBe(owner.email)

    const later = uniqueEmail('late')
    await client.call(profileUpdate.action, { path: '/api/profile/profile_update', body: { firstName: 'Test', lastName: 'Person', email: later, currentPassword: TEST_PASSWORD } })
    const lateCode = linkFrom(await waitForMail(later, /confirm your new e-mail/i, since), /\/confirm-email\//).split('/confirm-email/')[1]!
    await platformDb
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', owner.id)
      .where('purpose', '=', 'email_change')
      .execute()
    expect((await callPage(new Client(), confirmPage.action as never, { path: `/confirm-email/${lateCode}`, params: { code: lateCode }, form: {} })).status).toBe(401)
    expect((await platformDb.selectFrom('users').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow()).email).toBe(owner.email)
  })

  it("refuses another person's _id and signed-out callers", async () => {
    const { client } = await person()
    const other = await createUser()
    const res = await client.call(profileUpdate.action, { path: '/api/profile/profile_update', body: { _id: other.publicId, firstName: 'A', lastName: 'B', email: other.email } })
    expect(res.status).toBe(403)
    expect(
      (
        await client.call(passwordUpdate.action, {
          path: '/api/profile/profile_update_password',
          body: { _id: other.publicId, password: 'Another-pass-1', currentPassword: TEST_PASSWORD },
        })
      ).status,
    ).toBe(403)
    expect((await client.call(avatarUpdate.action, { path: '/api/profile/update_profile_img', body: image(PNG, 'me.png', other.publicId) })).status).toBe(403)
    expect((await new Client().call(profileUpdate.action, { path: '/api/profile/profile_update', body: { firstName: 'A', lastName: 'B', email: 'a@b.test' } })).status).toBe(401)
    expect((await new Client().call(passwordUpdate.action, { path: '/api/profile/profile_update_password', body: { password: 'Another-pass-1' } })).status).toBe(401)
    expect((await new Client().call(avatarUpdate.action, { path: '/api/profile/update_profile_img', body: image(PNG) })).status).toBe(401)
  })

  it('changes the password with the current one and ends the other sessions only', async () => {
    const { org, owner, client } = await person()
    const other = await signIn(new Client(), owner.email, org.name, TEST_PASSWORD)
    const short = await client.call(passwordUpdate.action, {
      path: '/api/profile/profile_update_password',
      body: { _id: owner.publicId, password: 'short', currentPassword: TEST_PASSWORD },
    })
    expect(short.status).toBe(400)
    expect(short.json.error).toBe('Password must be at least 8 characters')
    const none = await client.call(passwordUpdate.action, { path: '/api/profile/profile_update_password', body: {} })
    expect(none.json.errors).toMatchObject({ password: 'New password is required', currentPassword: CURRENT_PASSWORD_REQUIRED })
    const noCurrent = await client.call(passwordUpdate.action, { path: '/api/profile/profile_update_password', body: { _id: owner.publicId, password: 'Brand-new-pass-1' } })
    expect(noCurrent.status).toBe(400)
    expect(noCurrent.json.error).toBe(CURRENT_PASSWORD_REQUIRED)
    const wrong = await client.call(passwordUpdate.action, {
      path: '/api/profile/profile_update_password',
      body: { _id: owner.publicId, password: 'Brand-new-pass-1', currentPassword: 'Wrong-pass-1' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.json.error).toBe(CURRENT_PASSWORD_WRONG)
    const row0 = await platformDb.selectFrom('users').select('password_hash').where('id', '=', owner.id).executeTakeFirstOrThrow()
    expect(await verifyPassword(row0.password_hash, TEST_PASSWORD)).toBe(true)

    const res = await client.call(passwordUpdate.action, {
      path: '/api/profile/profile_update_password',
      body: { _id: owner.publicId, password: 'Brand-new-pass-1', currentPassword: TEST_PASSWORD },
    })
    expect(res.status).toBe(200)
    expect(res.json.status).toBe(true)
    expect((await client.call(authUser.loader, { path: '/api/auth/user' })).status).toBe(200)
    expect((await other.call(authUser.loader, { path: '/api/auth/user' })).status).toBe(401)
    const row = await platformDb.selectFrom('users').select('password_hash').where('id', '=', owner.id).executeTakeFirstOrThrow()
    expect(await verifyPassword(row.password_hash, 'Brand-new-pass-1')).toBe(true)
  })

  it('wrong current passwords are rate-limited per account, even with the right one after', async () => {
    const { owner, client } = await person()
    for (let i = 0; i < 10; i++) {
      const wrong = await client.call(passwordUpdate.action, {
        path: '/api/profile/profile_update_password',
        body: { password: 'Brand-new-pass-1', currentPassword: `Wrong-pass-${i}` },
      })
      expect(wrong.status).toBe(400)
    }
    const limited = await client.call(passwordUpdate.action, {
      path: '/api/profile/profile_update_password',
      body: { password: 'Brand-new-pass-1', currentPassword: TEST_PASSWORD },
    })
    expect(limited.status).toBe(429)
    expect(limited.json.error).toBe(TOO_MANY_ATTEMPTS)
    const row = await platformDb.selectFrom('users').select('password_hash').where('id', '=', owner.id).executeTakeFirstOrThrow()
    expect(await verifyPassword(row.password_hash, TEST_PASSWORD)).toBe(true)
  })

  it('parallel wrong current passwords cannot overrun the limit: each spends its point before the compare', async () => {
    const { client } = await person()
    const guesses = Array.from({ length: 20 }, (_, i) =>
      client.call(passwordUpdate.action, { path: '/api/profile/profile_update_password', body: { password: 'Brand-new-pass-1', currentPassword: `Wrong-pass-${i}` } }),
    )
    const statuses = (await Promise.all(guesses)).map((r) => r.status)
    expect(statuses.filter((s) => s === 400)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
  })

  it('stores a sniffed avatar served by /api/file/{key}; refuses other types and large files', async () => {
    const { owner, client } = await person()
    const res = await client.call(avatarUpdate.action, { path: '/api/profile/update_profile_img', body: image(PNG) })
    expect(res.status).toBe(200)
    expect(res.json.profile_img).toMatch(/^avatar_[A-Za-z0-9_-]+\.png$/)
    const row = await platformDb.selectFrom('users').select('profile_img').where('id', '=', owner.id).executeTakeFirstOrThrow()
    expect(row.profile_img).toBe(res.json.profile_img)
    const key = res.json.profile_img
    const served = await client.call(fileApi.loader, { path: `/api/file/${key}`, params: { id: key }, raw: true })
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/png')

    const text = await client.call(avatarUpdate.action, { path: '/api/profile/update_profile_img', body: image('not an image at all', 'fake.png') })
    expect(text.status).toBe(400)
    expect(text.json.error).toBe('This file type is not allowed.')
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])
    const tooBig = await client.call(avatarUpdate.action, { path: '/api/profile/update_profile_img', body: image(big) })
    expect(tooBig.status).toBe(400)
    expect((await client.call(avatarUpdate.action, { path: '/api/profile/update_profile_img', body: new FormData() })).json.error).toBe('Please upload the file')
  })

  it('works for platform staff too (no organisation)', async () => {
    const staff = await createUser()
    const role = await platformDb.selectFrom('platform_roles').select('id').where('key', '=', 'billing').executeTakeFirstOrThrow()
    await platformDb.updateTable('users').set({ platform_role_id: role.id }).where('id', '=', staff.id).execute()
    const client = await signIn(new Client(), staff.email, null, TEST_PASSWORD)
    const res = await client.call(profileUpdate.action, {
      path: '/api/profile/profile_update',
      body: { _id: staff.publicId, firstName: 'Plat', lastName: 'Form', email: staff.email },
    })
    expect(res.status).toBe(200)
    const audit = await platformDb.selectFrom('audit_logs').select('client_id').where('user_id', '=', staff.id).where('module', '=', 'profile').executeTakeFirstOrThrow()
    expect(audit.client_id).toBeNull()
  })
})
