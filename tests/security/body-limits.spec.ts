// Oversized request bodies are refused while they stream (413), before the server buffers them:
// with a declared Content-Length, and chunked without one. Nothing they carried is stored.
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createTenant, TEST_PASSWORD } from '#tests/factories/index'
import { BASE_URL, signIn } from './helpers'
import { rawRequest, streamUntilAnswered } from './raw-http'

const MB = 1024 * 1024
const CHUNK = Buffer.alloc(64 * 1024, 'a')
/** The attack bodies are 200 MB; the answer must arrive while most of that is still unsent. */
const ATTACK = 200 * MB
const HALF_OF_IT = ATTACK / 2

function multipart(field: string, fileName: string, type: string, content: Buffer) {
  const boundary = `----draftdesk${Date.now()}`
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return { body: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` }
}

test('a JSON body declared over 1 MB is refused before it is sent', async () => {
  const res = await streamUntilAnswered({
    path: '/api/auth/login',
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(ATTACK) },
    chunk: CHUNK,
    maxBytes: ATTACK,
  })
  expect(res.status).toBe(413)
  expect(JSON.parse(res.body)).toMatchObject({ status: false, statusCode: 413 })
  expect(res.bytesSent).toBeLessThan(HALF_OF_IT)
})

test('a chunked JSON body is cut off once it passes 1 MB', async () => {
  const res = await streamUntilAnswered({
    path: '/api/auth/login',
    headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
    chunk: CHUNK,
    maxBytes: ATTACK,
  })
  expect(res.status).toBe(413)
  expect(res.headers['cache-control']).toBe('no-store')
  expect(JSON.parse(res.body)).toMatchObject({ status: false, statusCode: 413, error: 'The request is too large.' })
  expect(res.bytesSent).toBeGreaterThan(1 * MB)
  expect(res.bytesSent).toBeLessThan(HALF_OF_IT)
})

test('a chunked form post to a page gets a plain 413 page', async () => {
  const res = await streamUntilAnswered({
    path: '/forgot-password',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' },
    chunk: CHUNK,
    maxBytes: ATTACK,
  })
  expect(res.status).toBe(413)
  expect(res.headers['content-type']).toMatch(/^text\/html/)
  expect(res.body).toContain('Request too large')
})

test('bodies under the limit still work, and the server keeps serving after refusals', async ({ request }) => {
  // 900 KB of JSON is read and validated (400: no e-mail), not refused for its size.
  const underLimit = await rawRequest({
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ pad: 'a'.repeat(900 * 1024) }),
  })
  expect(underLimit.status).toBe(400)
  expect((await request.get('/healthz')).status()).toBe(200)
})

test.describe('uploads', () => {
  test('an avatar over its limit is refused by length and chunked, and the avatar stays as it was', async ({ request }) => {
    const { owner } = await createTenant()
    const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
    const { body, contentType } = multipart('image', 'big.png', 'image/png', Buffer.alloc(3 * MB, 1))
    const headers = { Cookie: cookie, Origin: BASE_URL, 'Content-Type': contentType }

    const declared = await rawRequest({ method: 'POST', path: '/api/profile/update_profile_img', headers, body })
    expect(declared.status).toBe(413)
    const chunked = await streamUntilAnswered({
      path: '/api/profile/update_profile_img',
      headers: { ...headers, 'Transfer-Encoding': 'chunked' },
      chunk: body.subarray(0, 64 * 1024),
      maxBytes: 3 * MB,
    })
    expect(chunked.status).toBe(413)
    const row = await platformDb.selectFrom('users').select('profile_img').where('id', '=', owner.id).executeTakeFirstOrThrow()
    expect(row.profile_img).toBeNull()
  })

  test('an upload route takes more than 1 MB but not more than its own limit', async ({ request }) => {
    const { org, owner } = await createTenant()
    const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
    const countFiles = async () =>
      Number(
        (
          await platformDb
            .selectFrom('files')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('client_id', '=', org.id)
            .executeTakeFirstOrThrow()
        ).n,
      )

    const text = Buffer.alloc(Math.round(1.5 * MB), 'draft text ')
    const ok = multipart('file', 'notes.txt', 'text/plain', text)
    const empty = await countFiles()
    const accepted = await rawRequest({ method: 'POST', path: '/api/file/upload', headers: { Cookie: cookie, Origin: BASE_URL, 'Content-Type': ok.contentType }, body: ok.body })
    expect(accepted.status, accepted.body).toBe(200)
    // Stored whole: one row of the full size, and the same bytes served back to the uploader.
    const { file } = JSON.parse(accepted.body) as { file: { _id: string; size: number } }
    expect(file.size).toBe(text.length)
    const before = await countFiles()
    expect(before).toBe(empty + 1)
    const row = await platformDb.selectFrom('files').select(['size', 'client_id', 'original_name']).where('public_id', '=', file._id).executeTakeFirstOrThrow()
    expect(row).toEqual({ size: text.length, client_id: org.id, original_name: 'notes.txt' })
    const served = await rawRequest({ path: `/api/file/${file._id}`, headers: { Cookie: cookie } })
    expect(served.status).toBe(200)
    expect(served.body.length).toBe(text.length)
    expect(served.body === text.toString('utf8')).toBe(true)

    const huge = multipart('file', 'huge.txt', 'text/plain', Buffer.alloc(0))
    const refused = await streamUntilAnswered({
      path: '/api/file/upload',
      headers: { Cookie: cookie, Origin: BASE_URL, 'Content-Type': huge.contentType, 'Content-Length': String(ATTACK) },
      chunk: CHUNK,
      maxBytes: ATTACK,
    })
    expect(refused.status).toBe(413)
    expect(refused.bytesSent).toBeLessThan(HALF_OF_IT)
    expect(await countFiles()).toBe(before)
  })
})
