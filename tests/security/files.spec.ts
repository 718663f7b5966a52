// Stored files through the real HTTP server: traversal keys (raw and percent-encoded), another
// organisation's file, a member without the purpose's permission, keys that are nobody's avatar,
// and the storage quota. Each attack answers 4xx and never returns a byte it should not.
import http from 'node:http'
import { expect, test, type APIRequest, type APIRequestContext } from '@playwright/test'
import { ORGANISATION_STORAGE_QUOTA_BYTES, STORAGE_QUOTA_MESSAGE } from '#app/models/files.server'
import { platformDb } from '#app/services/db.server'
import { newStorageKey, storage } from '#app/services/storage.server'
import { createOrganisation, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { BASE_URL, ORIGIN_HEADERS, signIn } from './helpers'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082', 'hex')
const SECRET_TEXT = 'draftdesk security fixture: only members with READ_DOWNLOADABLES may read this'

test.describe.configure({ mode: 'serial' })

type Member = { email: string; request: APIRequestContext; cookie: string }
type Org = { id: number; name: string; owner: Member; clerk: Member; librarian: Member }

let a: Org
let b: Org
let file: { _id: string; key: string }

async function member(playwright: APIRequest, email: string, orgName: string): Promise<Member> {
  const request = await playwright.newContext({ baseURL: BASE_URL })
  const cookie = await signIn(request, email, orgName, TEST_PASSWORD)
  return { email, request, cookie }
}

async function organisation(playwright: APIRequest, label: string): Promise<Org> {
  const org = await createOrganisation({ name: `Security files ${label} ${Date.now()}` })
  const people = await Promise.all([
    createUser({ memberships: [{ clientId: org.id, role: 'client' }] }),
    createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS', 'READ_CUSTOMERS'] }] }),
    createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_DOWNLOADABLES'] }] }),
  ])
  const [owner, clerk, librarian] = await Promise.all(people.map((p) => member(playwright, p.email, org.name)))
  return { id: org.id, name: org.name, owner: owner!, clerk: clerk!, librarian: librarian! }
}

/** A GET whose path goes to the server byte for byte (no URL normalisation of `..` or `%2e`). */
function rawGet(path: string, cookie: string): Promise<{ status: number; body: string }> {
  const url = new URL(BASE_URL)
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method: 'GET', path, headers: { Cookie: cookie } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end()
  })
}

async function upload(m: Member, name: string, data: Buffer | string, purpose?: string) {
  return m.request.post('/api/file/upload', {
    headers: ORIGIN_HEADERS,
    multipart: { file: { name, mimeType: 'application/octet-stream', buffer: Buffer.from(data) }, ...(purpose ? { purpose } : {}) },
  })
}

test.beforeAll(async ({ playwright }) => {
  a = await organisation(playwright.request, 'A')
  b = await organisation(playwright.request, 'B')
  const res = await upload(a.owner, 'secret-guide.txt', SECRET_TEXT, 'downloadable')
  expect(res.status(), await res.text()).toBe(200)
  file = (await res.json()).file
})

test.afterAll(async () => {
  for (const org of [a, b]) for (const m of org ? [org.owner, org.clerk, org.librarian] : []) await m.request.dispose()
})

test('the owner and a member with READ_DOWNLOADABLES read the file by id and by key', async () => {
  for (const m of [a.owner, a.librarian]) {
    for (const path of [`/api/file/${file._id}`, `/api/file/download/${file.key}`]) {
      const res = await m.request.get(path)
      expect(res.status(), path).toBe(200)
      expect(await res.text()).toBe(SECRET_TEXT)
      // Never kept in the browser's cache, where it would outlive the access.
      expect(res.headers()['cache-control'], path).toBe('no-store')
    }
  }
})

test('a member without the purpose permission is refused', async () => {
  for (const path of [`/api/file/${file._id}`, `/api/file/download/${file.key}`]) {
    const res = await a.clerk.request.get(path)
    expect(res.status(), path).toBe(403)
    expect(await res.text()).not.toContain(SECRET_TEXT)
  }
})

test("another organisation's file id or key is a 404, even for its owner", async () => {
  for (const path of [`/api/file/${file._id}`, `/api/file/download/${file.key}`, `/api/file/download/${file._id}`]) {
    const res = await b.owner.request.get(path)
    expect(res.status(), path).toBe(404)
    expect(await res.text()).not.toContain(SECRET_TEXT)
  }
})

test('traversal keys, raw and percent-encoded, answer 404 and read nothing', async () => {
  const targets = ['package.json', '.env', file.key]
  const shapes = (target: string) => [
    `..%2F..%2F${target}`,
    `%2e%2e%2f%2e%2e%2f${target}`,
    `%252e%252e%252f${target}`,
    `..%5C..%5C${target}`,
    `avatar_..%2F${target}`,
    `avatar_x%2F..%2F..%2F${target}`,
    `${target}%00.png`,
    `%2F${target}`,
  ]
  for (const target of targets) {
    for (const ref of shapes(target)) {
      for (const path of [`/api/file/${ref}`, `/api/file/download/${ref}`]) {
        // B's owner: a foreign file must not leak through a crafted key either.
        const res = await rawGet(path, b.owner.cookie)
        expect(res.status, path).toBe(404)
        expect(res.body, path).not.toContain(SECRET_TEXT)
        expect(res.body, path).not.toContain('"name": "draftdesk"')
      }
    }
  }
  // Unnormalised `..` segments never reach a file route; whatever answers, nothing is read.
  for (const path of ['/api/file/../../package.json', '/api/file/download/../../../package.json', '/api/file/download/..%2f..%2fpackage.json']) {
    const res = await rawGet(path, a.owner.cookie)
    expect(res.status, path).toBeGreaterThanOrEqual(400)
    expect(res.status, path).toBeLessThan(500)
    expect(res.body, path).not.toContain('"name": "draftdesk"')
  }
})

test('a download is saved under the sniffed type: a dangerous uploaded extension never reaches the browser', async () => {
  const uploads = await Promise.all(
    ['invoice.hta', 'run.bat', 'page.html', 'logo.svg', 'app.js', 'setup.exe'].map(async (name) => {
      const res = await upload(a.owner, name, `<script>alert(1)</script> ${name}`, 'downloadable')
      expect(res.status(), name).toBe(200)
      return { name, file: (await res.json()).file as { _id: string; key: string } }
    }),
  )
  await Promise.all(
    uploads.flatMap(({ name, file }) =>
      [`/api/file/${file._id}`, `/api/file/download/${file.key}`].map(async (path) => {
        const res = await a.owner.request.get(path)
        expect(res.status(), path).toBe(200)
        const headers = res.headers()
        expect(headers['content-type'], name).toMatch(/^text\/plain\b/)
        expect(headers['x-content-type-options'], name).toContain('nosniff')
        expect(headers['content-disposition'], name).toBe(`attachment; filename*=UTF-8''${name.replace(/\.[a-z]+$/, '.txt')}`)
      }),
    ),
  )
})

test("an avatar is served to its realm only; a key that is nobody's avatar is a 404", async () => {
  const res = await a.librarian.request.post('/api/profile/update_profile_img', {
    headers: ORIGIN_HEADERS,
    multipart: { image: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
  })
  expect(res.status(), await res.text()).toBe(200)
  const avatar: string = (await res.json()).profile_img
  const served = await a.clerk.request.get(`/api/file/${avatar}`)
  expect(served.status()).toBe(200)
  expect(served.headers()['cache-control']).toMatch(/^private, max-age=\d+$/)
  expect((await b.owner.request.get(`/api/file/${avatar}`)).status()).toBe(404)

  // Bytes under an avatar-shaped key that no account uses (an old avatar, a guess): not served.
  const stray = newStorageKey('avatar', 'png')
  await storage().put(stray, PNG)
  expect((await a.clerk.request.get(`/api/file/${stray}`)).status()).toBe(404)
  // An organisation file's key is no avatar, on the avatar route or dressed up as one.
  expect((await b.owner.request.get(`/api/file/avatar_${file.key}`)).status()).toBe(404)
  expect((await rawGet(`/api/file/avatar_..%2F${file.key}`, b.owner.cookie)).status).toBe(404)
})

test('an organisation over its storage quota gets 413 with a clear message', async ({ playwright }) => {
  const full = await organisation(playwright.request, 'Full')
  await platformDb
    .insertInto('files')
    .values({
      client_id: full.id,
      public_id: `quota${Date.now()}`.padEnd(24, '0').slice(0, 24),
      storage_key: newStorageKey(full.id, 'bin'),
      original_name: 'big.bin',
      mime_type: 'application/zip',
      size: ORGANISATION_STORAGE_QUOTA_BYTES - 5,
      purpose: 'upload',
    })
    .execute()
  const res = await upload(full.owner, 'ten.txt', '0123456789')
  expect(res.status()).toBe(413)
  expect((await res.json()).error).toBe(STORAGE_QUOTA_MESSAGE)
  for (const m of [full.owner, full.clerk, full.librarian]) await m.request.dispose()
})

test('ten parallel uploads at the edge of the quota: exactly the three that fit are stored, the rest 413', async ({ playwright }) => {
  const edge = await organisation(playwright.request, 'Edge')
  await platformDb
    .insertInto('files')
    .values({
      client_id: edge.id,
      public_id: `edge${Date.now()}`.padEnd(24, '0').slice(0, 24),
      storage_key: newStorageKey(edge.id, 'bin'),
      original_name: 'big.bin',
      mime_type: 'application/zip',
      // Room for three uploads of ten bytes, and not a byte more.
      size: ORGANISATION_STORAGE_QUOTA_BYTES - 30,
      purpose: 'upload',
    })
    .execute()
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => upload(edge.owner, `part${i}.txt`, `012345678${i}`)))
  const statuses = answers.map((res) => res.status()).sort()
  expect(statuses).toEqual([200, 200, 200, 413, 413, 413, 413, 413, 413, 413])
  for (const res of answers.filter((r) => r.status() === 413)) expect((await res.json()).error).toBe(STORAGE_QUOTA_MESSAGE)
  const rows = await platformDb.selectFrom('files').select('size').where('client_id', '=', edge.id).execute()
  expect(rows.reduce((sum, row) => sum + Number(row.size), 0)).toBe(ORGANISATION_STORAGE_QUOTA_BYTES)
  for (const m of [edge.owner, edge.clerk, edge.librarian]) await m.request.dispose()
})
