// Uploads on an S3-compatible store (ADR 0088) against s3rver started in-process: the adapter's calls,
// uploads and downloads through the routes with the same tenant and purpose checks, the configuration
// that picks the backend, and `npm run storage:migrate` moving local files to the bucket.
import { spawn } from 'node:child_process'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as downloadApi from '#app/routes/api.file.download.$key'
import * as fileApi from '#app/routes/api.file.$id'
import * as uploadApi from '#app/routes/api.file.upload'
import { parseEnv, parseStorageEnv } from '#app/services/env.server'
import { S3Storage } from '#app/services/s3-storage.server'
import { migrateLocalFiles } from '#app/services/storage-migrate.server'
import {
  configuredStorage,
  getStream,
  InvalidStorageKeyError,
  LocalDiskStorage,
  moveObject,
  newStorageKey,
  putStream,
  setStorageBackend,
  storage,
  type StorageBackend,
} from '#app/services/storage.server'
import { tenantDb } from '#app/services/db.server'
import { createOrganisation, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { S3_EMULATOR_CREDENTIALS, startS3Emulator, type S3Emulator } from '../../tools/s3-emulator/index'
import { Client, signIn } from './helpers'

const BUCKET = 'draftdesk-test'
let emulator: S3Emulator
let s3: S3Storage
let previous: StorageBackend
let tmp: string

function s3At(bucket = BUCKET) {
  return new S3Storage({ bucket, region: 'us-east-1', endpoint: emulator.url, ...S3_EMULATOR_CREDENTIALS, forcePathStyle: true })
}

async function text(stream: Readable | null) {
  if (!stream) return null
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString()
}

/** Runs the command as the image does. Not spawnSync: the store answers from this very process. */
function migrateCommand(args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/storage-migrate.ts', ...args], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', APP_ENV: 'test', ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('close', (status) => resolve({ status, stdout, stderr }))
  })
}

function form(name: string, data: string, fields: Record<string, string> = {}) {
  const body = new FormData()
  body.set('file', new File([data], name))
  for (const [k, v] of Object.entries(fields)) body.set(k, v)
  return body
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'draftdesk-s3-'))
  emulator = await startS3Emulator({ directory: path.join(tmp, 'store'), buckets: [BUCKET] })
  s3 = s3At()
  previous = storage()
  setStorageBackend(s3)
})

afterAll(async () => {
  setStorageBackend(previous)
  s3?.close()
  await emulator?.close()
  await fs.rm(tmp, { recursive: true, force: true })
})

describe('the S3 adapter', () => {
  it('puts, gets, streams, moves and deletes objects; a missing key reads as null', async () => {
    const key = newStorageKey(1, 'txt')
    await s3.put(key, Buffer.from('hello s3'))
    expect((await s3.get(key))?.toString()).toBe('hello s3')
    expect(await text(await getStream(key))).toBe('hello s3')
    expect(await s3.info(key)).toMatchObject({ size: 8 })

    const moved = newStorageKey(1, 'txt')
    await moveObject(key, moved)
    expect(await s3.get(key)).toBeNull()
    expect((await s3.get(moved))?.toString()).toBe('hello s3')

    await s3.delete(moved)
    expect(await s3.get(moved)).toBeNull()
    expect(await s3.getStream(moved)).toBeNull()
    expect(await s3.info(moved)).toBeNull()
    // Deleting what is not there is no error (as on disk).
    await s3.delete(moved)
  })

  it('streams a large object up in parts and back, without a whole copy in memory on the way up', async () => {
    const key = newStorageKey(1, 'csv')
    const line = 'x'.repeat(1023) + '\n'
    // 9 MiB in 1 KiB chunks: more than one 8 MiB part, so the multipart path runs.
    const chunks = 9 * 1024
    await putStream(
      key,
      Readable.from(
        (function* () {
          for (let i = 0; i < chunks; i++) yield Buffer.from(line)
        })(),
      ),
    )
    expect((await s3.info(key))?.size).toBe(chunks * 1024)
    let size = 0
    for await (const chunk of (await getStream(key))!) size += (chunk as Buffer).length
    expect(size).toBe(chunks * 1024)
    await s3.delete(key)
  })

  it('refuses a key the app could not have made before any request', async () => {
    for (const bad of ['../x.txt', 'a/b.txt', 'x', '%2e%2e.txt']) {
      await expect(s3.put(bad, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError)
      await expect(s3.get(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError)
    }
  })
})

describe('configuration', () => {
  const base = { DATABASE_URL: 'mysql://x', REDIS_URL: 'redis://x', SESSION_SECRET: 'x'.repeat(32), APP_ENV: 'test' }

  it('keeps local disk by default and picks S3 when STORAGE_BACKEND=s3 names a bucket', () => {
    expect(configuredStorage(parseEnv(base))).toBeInstanceOf(LocalDiskStorage)
    const chosen = configuredStorage(parseEnv({ ...base, STORAGE_BACKEND: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:4569' }))
    expect(chosen).toBeInstanceOf(S3Storage)
    // A self-hosted endpoint means path-style addressing unless told otherwise.
    expect((chosen as S3Storage).settings).toMatchObject({ bucket: 'b', forcePathStyle: true, region: 'us-east-1' })
  })

  it('refuses S3 without a bucket, a bad endpoint, and half a key pair, with one clear message', () => {
    expect(() => parseEnv({ ...base, STORAGE_BACKEND: 's3' })).toThrow('S3_BUCKET: required when STORAGE_BACKEND is s3')
    expect(() => parseStorageEnv({ STORAGE_BACKEND: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x/y' })).toThrow('S3_ENDPOINT: must be an http(s) origin')
    expect(() => parseStorageEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together')
  })
})

describe('uploads and downloads through the routes on S3', () => {
  it('stores the upload in the bucket and streams it back under the same tenant and purpose checks', async () => {
    const org = await createOrganisation({ name: `S3 A ${Date.now()}` })
    const rival = await createOrganisation({ name: `S3 B ${Date.now()}` })
    const [clerk, librarian, rivalOwner] = await Promise.all([
      createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS'] }] }),
      createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_DOWNLOADABLES'] }] }),
      createUser({ memberships: [{ clientId: rival.id, role: 'client' }] }),
    ])
    const [asClerk, asLibrarian, asRival] = await Promise.all([
      signIn(new Client(), clerk.email, org.name, TEST_PASSWORD),
      signIn(new Client(), librarian.email, org.name, TEST_PASSWORD),
      signIn(new Client(), rivalOwner.email, rival.name, TEST_PASSWORD),
    ])

    const up = await asClerk.call(uploadApi.action, { path: '/api/file/upload', body: form('notes.txt', 'kept in the bucket') })
    expect(up.status).toBe(200)
    const key: string = up.json.file.key
    const id: string = up.json.file._id
    // In the bucket, and not on the local disk.
    expect(await s3.info(key)).toMatchObject({ size: 18 })
    expect(await previous.get(key)).toBeNull()

    const download = (client: Client, ref: string) => client.call(downloadApi.loader, { path: `/api/file/download/${ref}`, params: { key: ref }, raw: true })
    const own = await download(asClerk, key)
    expect(own.status).toBe(200)
    expect(own.bytes?.toString()).toBe('kept in the bucket')
    expect(own.headers.get('Content-Length')).toBe('18')
    expect(own.headers.get('Content-Disposition')).toMatch(/^attachment;/)
    expect((await asClerk.call(fileApi.loader, { path: `/api/file/${id}`, params: { id }, raw: true })).bytes?.toString()).toBe('kept in the bucket')
    // The purpose's readers only (a generic upload is its uploader's), and another organisation sees nothing.
    expect((await download(asLibrarian, key)).status).toBe(403)
    expect((await download(asRival, key)).status).toBe(404)
    expect((await download(asRival, id)).status).toBe(404)

    // A row whose object is gone from the bucket is a 404, not a 500.
    await s3.delete(key)
    expect((await download(asClerk, key)).status).toBe(404)
    const rows = await tenantDb(org.id).selectFrom('files').select('storage_key').where('client_id', '=', org.id).execute()
    expect(rows.map((r) => r.storage_key)).toEqual([key])
  })
})

describe('npm run storage:migrate', () => {
  it('copies every stored key once, ignores other names, copies again only what changed, and can remove the local copies', async () => {
    const dir = path.join(tmp, 'uploads')
    await fs.mkdir(path.join(dir, 'nested'), { recursive: true })
    const keys = [newStorageKey(7, 'txt'), newStorageKey(7, 'pdf'), newStorageKey('avatar', 'png')]
    await Promise.all(keys.map((key, i) => fs.writeFile(path.join(dir, key), `file ${i}`)))
    await fs.writeFile(path.join(dir, 'notes.txt~'), 'not a key')
    const to = s3At('draftdesk-migrate')

    const first = await migrateLocalFiles({ fromDir: dir, to })
    expect(first).toMatchObject({ copied: 3, skipped: 0, removed: 0, failed: [], ignored: ['nested', 'notes.txt~'] })
    expect((await Promise.all(keys.map((k) => to.get(k)))).map(String)).toEqual(['file 0', 'file 1', 'file 2'])

    // Run again: nothing moves. A file changed on disk since (same size, other bytes) is copied again.
    expect(await migrateLocalFiles({ fromDir: dir, to })).toMatchObject({ copied: 0, skipped: 3 })
    await fs.writeFile(path.join(dir, keys[0]!), 'FILE 0')
    expect(await migrateLocalFiles({ fromDir: dir, to })).toMatchObject({ copied: 1, skipped: 2 })
    expect(String(await to.get(keys[0]!))).toBe('FILE 0')

    // The command itself, as the image runs it: it finds everything there, and removes the local copies.
    const cli = await migrateCommand(['--remove-local'], {
      STORAGE_DIR: dir,
      S3_BUCKET: 'draftdesk-migrate',
      S3_ENDPOINT: emulator.url,
      S3_ACCESS_KEY_ID: S3_EMULATOR_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_EMULATOR_CREDENTIALS.secretAccessKey,
    })
    expect(cli.stderr).toBe('')
    expect(cli.stdout).toContain('0 copied, 3 already there, 3 removed from disk, 0 failed, 2 ignored')
    expect(cli.status).toBe(0)
    expect((await fs.readdir(dir)).sort()).toEqual(['nested', 'notes.txt~'])
    expect(String(await to.get(keys[2]!))).toBe('file 2')
    to.close()
  })

  it('stops with a clear message when no bucket is configured', async () => {
    const cli = await migrateCommand([], {})
    expect(cli.status).toBe(2)
    expect(cli.stderr).toContain('Set S3_BUCKET')
  })
})
