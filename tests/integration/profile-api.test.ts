// Profile JSON API: own details, password (ending other sessions) and avatar; never someone else's.
import { describe, expect, it } from 'vitest'
import * as authUser from '#app/routes/api.auth.user'
import * as fileApi from '#app/routes/api.file.$id'
import * as profileUpdate from '#app/routes/api.profile.profile_update'
import * as passwordUpdate from '#app/routes/api.profile.profile_update_password'
import * as avatarUpdate from '#app/routes/api.profile.update_profile_img'
import { platformDb } from '#app/services/db.server'
import { verifyPassword } from '#app/services/password.server'
import { createTenant, createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { Client, signIn } from './helpers'

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
  it('updates the own name and e-mail; the e-mail stays unique in its realm only', async () => {
    const { org, owner, client } = await person()
    const colleague = await createUser({ memberships: [{ clientId: org.id, role: 'user' }] })
    const email = uniqueEmail('renamed')
    const res = await client.call(profileUpdate.action, { path: '/api/profile/profile_update', body: { _id: owner.publicId, firstName: 'New', lastName: 'Name', email: email.toUpperCase() } })
    expect(res.status).toBe(200)
    expect(res.json.status).toBe(true)
    expect(res.json.user).toMatchObject({ firstName: 'New', lastName: 'Name', email })
    const taken = await client.call(profileUpdate.action, { path: '/api/profile/profile_update', body: { firstName: 'New', lastName: 'Name', email: colleague.email } })
    expect(taken.status).toBe(400)
    expect(taken.json.error).toBe('Email already exists')
    // Another organisation's account with the address is another realm's business (ADR 0011).
    const stranger = await createTenant()
    const elsewhere = await client.call(profileUpdate.action, { path: '/api/profile/profile_update', body: { firstName: 'New', lastName: 'Name', email: stranger.owner.email } })
    expect(elsewhere.status).toBe(200)
    const missing = await client.call(profileUpdate.action, { path: '/api/profile/profile_update', body: { firstName: '', lastName: '' } })
    expect(missing.status).toBe(400)
    expect(missing.json.errors).toMatchObject({ firstName: 'Enter First Name', lastName: 'Enter Last name', email: 'Email is required' })
    const audit = await platformDb.selectFrom('audit_logs').select('action').where('user_id', '=', owner.id).where('module', '=', 'profile').execute()
    expect(audit.map((a) => a.action)).toContain('update')
  })

  it('refuses another person\'s _id and signed-out callers', async () => {
    const { client } = await person()
    const other = await createUser()
    const res = await client.call(profileUpdate.action, { path: '/api/profile/profile_update', body: { _id: other.publicId, firstName: 'A', lastName: 'B', email: other.email } })
    expect(res.status).toBe(403)
    expect((await client.call(passwordUpdate.action, { path: '/api/profile/profile_update_password', body: { _id: other.publicId, password: 'Another-pass-1' } })).status).toBe(403)
    expect((await client.call(avatarUpdate.action, { path: '/api/profile/update_profile_img', body: image(PNG, 'me.png', other.publicId) })).status).toBe(403)
    expect((await new Client().call(profileUpdate.action, { path: '/api/profile/profile_update', body: { firstName: 'A', lastName: 'B', email: 'a@b.test' } })).status).toBe(401)
    expect((await new Client().call(passwordUpdate.action, { path: '/api/profile/profile_update_password', body: { password: 'Another-pass-1' } })).status).toBe(401)
    expect((await new Client().call(avatarUpdate.action, { path: '/api/profile/update_profile_img', body: image(PNG) })).status).toBe(401)
  })

  it('changes the password and ends the other sessions only', async () => {
    const { org, owner, client } = await person()
    const other = await signIn(new Client(), owner.email, org.name, TEST_PASSWORD)
    const short = await client.call(passwordUpdate.action, { path: '/api/profile/profile_update_password', body: { _id: owner.publicId, password: 'short' } })
    expect(short.status).toBe(400)
    expect(short.json.error).toBe('Password must be at least 8 characters')
    const none = await client.call(passwordUpdate.action, { path: '/api/profile/profile_update_password', body: {} })
    expect(none.json.error).toBe('New password is required')
    const res = await client.call(passwordUpdate.action, { path: '/api/profile/profile_update_password', body: { _id: owner.publicId, password: 'Brand-new-pass-1' } })
    expect(res.status).toBe(200)
    expect(res.json.status).toBe(true)
    expect((await client.call(authUser.loader, { path: '/api/auth/user' })).status).toBe(200)
    expect((await other.call(authUser.loader, { path: '/api/auth/user' })).status).toBe(401)
    const row = await platformDb.selectFrom('users').select('password_hash').where('id', '=', owner.id).executeTakeFirstOrThrow()
    expect(await verifyPassword(row.password_hash, 'Brand-new-pass-1')).toBe(true)
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
    const res = await client.call(profileUpdate.action, { path: '/api/profile/profile_update', body: { _id: staff.publicId, firstName: 'Plat', lastName: 'Form', email: staff.email } })
    expect(res.status).toBe(200)
    const audit = await platformDb.selectFrom('audit_logs').select('client_id').where('user_id', '=', staff.id).where('module', '=', 'profile').executeTakeFirstOrThrow()
    expect(audit.client_id).toBeNull()
  })
})
