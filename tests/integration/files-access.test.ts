// Who may read which stored file, bad keys that never reach the disk, the storage quota, and a
// refused contract form that comes back sanitized.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimFile, ORGANISATION_STORAGE_QUOTA_BYTES, saveUpload, STORAGE_QUOTA_MESSAGE } from '#app/models/files.server'
import * as fileApi from '#app/routes/api.file.$id'
import * as downloadApi from '#app/routes/api.file.download.$key'
import * as uploadApi from '#app/routes/api.file.upload'
import * as contractCreate from '#app/routes/_app.products.contracts.create'
import { platformDb, tenantDb } from '#app/services/db.server'
import { newStorageKey, setStorageBackend, storage, type SniffedUpload, type StorageBackend } from '#app/services/storage.server'
import { createOrganisation, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { Client, signIn } from './helpers'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082', 'hex')

/** Records every key the app hands to storage, so a test can prove a bad key never got there. */
class RecordingStorage implements StorageBackend {
  keys: string[] = []
  constructor(private readonly inner: StorageBackend) {}
  put(key: string, data: Buffer) {
    this.keys.push(key)
    return this.inner.put(key, data)
  }
  get(key: string) {
    this.keys.push(key)
    return this.inner.get(key)
  }
  delete(key: string) {
    this.keys.push(key)
    return this.inner.delete(key)
  }
}

function form(name: string, data: Buffer | string, fields: Record<string, string> = {}) {
  const body = new FormData()
  body.set('file', new File([typeof data === 'string' ? data : new Uint8Array(data)], name))
  for (const [k, v] of Object.entries(fields)) body.set(k, v)
  return body
}

function text(bytes: number): SniffedUpload {
  return { data: Buffer.alloc(bytes, 'a'), mimeType: 'text/plain', extension: 'txt', originalName: 'a.txt', size: bytes }
}

const recording = new RecordingStorage(storage())
let a: Awaited<ReturnType<typeof makeOrg>>
let b: Awaited<ReturnType<typeof makeOrg>>

async function makeOrg(label: string) {
  const org = await createOrganisation({ name: `Files ${label} ${Date.now()}` })
  const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  const clerk = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS', 'READ_CUSTOMERS'] }] })
  const librarian = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_DOWNLOADABLES'] }] })
  const as = async (who: { email: string }) => signIn(new Client(), who.email, org.name, TEST_PASSWORD)
  return { org, owner, clerk, librarian, as, t: { db: tenantDb(org.id), clientId: org.id } }
}

beforeAll(async () => {
  setStorageBackend(recording)
  a = await makeOrg('A')
  b = await makeOrg('B')
})

afterAll(() => setStorageBackend(recording['inner']))

describe('file references', () => {
  it('answers 404 for traversal and malformed keys without touching storage', async () => {
    const owner = await a.as(a.owner)
    const bad = [
      '../../package.json',
      '..%2F..%2Fpackage.json',
      '%2e%2e%2f%2e%2e%2fpackage.json',
      '%252e%252e%252fpackage.json',
      '..\\..\\package.json',
      'avatar_..%2F..%2Fpackage.json',
      'avatar_x/../../package.json',
      'avatar_x.png%00.txt',
      'avatar_x.png\u0000',
      '%E0%A4%A',
    ]
    recording.keys = []
    for (const ref of bad) {
      const inline = await owner.call(fileApi.loader, { path: '/api/file/x', params: { id: ref } })
      expect(inline.status, ref).toBe(404)
      const download = await owner.call(downloadApi.loader, { path: '/api/file/download/x', params: { key: ref } })
      expect(download.status, ref).toBe(404)
    }
    expect(recording.keys).toEqual([])
  })
})

describe('organisation files', () => {
  it('reads a file only with the permission of its purpose; another organisation gets 404', async () => {
    const saved = await saveUpload({ ...a.t, user: { id: a.owner.id } }, text(10), 'downloadable')
    if ('error' in saved) throw new Error(saved.error)
    const paths = (ref: string) => ({ path: `/api/file/download/${ref}`, params: { key: ref } })

    expect((await (await a.as(a.owner)).call(downloadApi.loader, { ...paths(saved.key), raw: true })).status).toBe(200)
    expect((await (await a.as(a.librarian)).call(downloadApi.loader, { ...paths(saved._id), raw: true })).status).toBe(200)
    const clerk = await (await a.as(a.clerk)).call(downloadApi.loader, paths(saved.key))
    expect(clerk.status).toBe(403)

    const rival = await b.as(b.owner)
    expect((await rival.call(downloadApi.loader, paths(saved.key))).status).toBe(404)
    expect((await rival.call(fileApi.loader, { path: `/api/file/${saved._id}`, params: { id: saved._id } })).status).toBe(404)
  })

  it('lets the uploader read a generic upload; a downloadable claims it for READ_DOWNLOADABLES', async () => {
    const clerk = await a.as(a.clerk)
    const up = await clerk.call(uploadApi.action, { path: '/api/file/upload', body: form('notes.txt', 'my notes') })
    expect(up.status).toBe(200)
    const key: string = up.json.file.key
    const read = (client: Client) => client.call(downloadApi.loader, { path: `/api/file/download/${key}`, params: { key } })
    expect((await read(clerk)).status).toBe(200)
    const librarian = await a.as(a.librarian)
    expect((await read(librarian)).status).toBe(403)

    expect(await claimFile(a.t, key, 'downloadable')).toMatchObject({ key })
    expect((await read(librarian)).status).toBe(200)
    // Once a downloadable, it cannot be re-claimed for another purpose (that would change its readers).
    expect(await claimFile(a.t, key, 'contract')).toBeNull()
    expect(await claimFile(b.t, key, 'downloadable')).toBeNull()
  })

  it('refuses an unknown purpose, and a purpose the uploader may not write', async () => {
    const clerk = await a.as(a.clerk)
    const unknown = await clerk.call(uploadApi.action, { path: '/api/file/upload', body: form('x.txt', 'x', { purpose: 'avatar' }) })
    expect(unknown.status).toBe(400)
    expect(unknown.json.error).toBe('Unknown file purpose')
    const denied = await clerk.call(uploadApi.action, { path: '/api/file/upload', body: form('x.txt', 'x', { purpose: 'downloadable' }) })
    expect(denied.status).toBe(403)
  })
})

describe('avatars', () => {
  it('serves a current avatar to its own realm and the platform only; any other avatar-like key is 404', async () => {
    const key = newStorageKey('avatar', 'png')
    await storage().put(key, PNG)
    const stray = newStorageKey('avatar', 'png')
    await storage().put(stray, PNG)
    await platformDb.updateTable('users').set({ profile_img: key }).where('id', '=', a.librarian.id).execute()
    const get = (client: Client, ref: string) => client.call(fileApi.loader, { path: `/api/file/${ref}`, params: { id: ref } })

    const colleague = await a.as(a.clerk)
    const served = await colleague.call(fileApi.loader, { path: `/api/file/${key}`, params: { id: key }, raw: true })
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/png')
    expect(served.bytes?.equals(PNG)).toBe(true)
    expect((await get(await b.as(b.owner), key)).status).toBe(404)
    const platform = await createUser({ superadmin: true })
    expect((await get(await signIn(new Client(), platform.email, null, TEST_PASSWORD), key)).status).toBe(200)

    // A key in storage that is nobody's avatar (an old one, or someone's guess) is not served.
    expect((await get(colleague, stray)).status).toBe(404)
    // Nor is an organisation file dressed up as an avatar.
    const file = await saveUpload(a.t, { ...text(3), extension: 'png' }, 'upload')
    if ('error' in file) throw new Error(file.error)
    expect((await get(colleague, `avatar_..%2F${file.key}`)).status).toBe(404)
  })
})

describe('storage quota', () => {
  it('refuses an upload past the quota with 413 and leaves no bytes behind', async () => {
    const full = await makeOrg('Full')
    await full.t.db
      .insertInto('files')
      .values({
        client_id: full.org.id,
        public_id: 'quotafill' + String(Date.now()).slice(-15),
        storage_key: newStorageKey(full.org.id, 'bin'),
        original_name: 'big.bin',
        mime_type: 'application/zip',
        size: ORGANISATION_STORAGE_QUOTA_BYTES - 5,
        purpose: 'upload',
      })
      .execute()
    const owner = await full.as(full.owner)
    recording.keys = []
    const res = await owner.call(uploadApi.action, { path: '/api/file/upload', body: form('ten.txt', '0123456789') })
    expect(res.status).toBe(413)
    expect(res.json.error).toBe(STORAGE_QUOTA_MESSAGE)
    expect(recording.keys.filter((k) => k.startsWith(`${full.org.id}_`))).toEqual([])
    // What still fits is stored.
    expect((await owner.call(uploadApi.action, { path: '/api/file/upload', body: form('four.txt', '0123') })).status).toBe(200)
  })

  it('counts parallel uploads one after the other: only one of two squeezes in', async () => {
    const tight = await makeOrg('Tight')
    const results = await Promise.all([saveUpload(tight.t, text(600), 'upload', 1000), saveUpload(tight.t, text(600), 'upload', 1000)])
    expect(results.filter((r) => 'error' in r)).toHaveLength(1)
    expect(results.filter((r) => !('error' in r))).toHaveLength(1)
    const rows = await tight.t.db.selectFrom('files').select('size').where('client_id', '=', tight.org.id).execute()
    expect(rows.map((r) => Number(r.size))).toEqual([600])
  })
})

describe('contract editor repopulation', () => {
  it('sends a refused form back with the content sanitized', async () => {
    const owner = await a.as(a.owner)
    const body = new FormData()
    body.set('title', '')
    body.set('content', '<p>Terms</p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)" target="_top">x</a>')
    const res = await owner.call(contractCreate.action, { path: '/products/contracts/create', body })
    expect(res.status).toBe(422)
    expect(res.json.fieldErrors.title).toBeTruthy()
    expect(res.json.repopulateFields.content).toBe('<p>Terms</p><a rel="noopener noreferrer">x</a>')
    expect(res.json.repopulateFields.title).toBe('')
  })
})
