// Blob storage behind one interface: local disk under .data/ by default, or an S3-compatible store
// (STORAGE_BACKEND=s3, ADR 0088). Uploads are type-sniffed from their bytes, never trusted by name.
import { createReadStream, createWriteStream, promises as fs } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileTypeFromBuffer } from 'file-type'
import { newToken } from './crypto.server'
import { env, type StorageEnv } from './env.server'
import { S3Storage, type S3Settings } from './s3-storage.server'

export interface StorageBackend {
  put(key: string, data: Buffer): Promise<void>
  get(key: string): Promise<Buffer | null>
  delete(key: string): Promise<void>
  /** Optional streaming calls (generated reports): a backend without them falls back to put/get in memory. */
  putStream?(key: string, source: Readable): Promise<void>
  getStream?(key: string): Promise<Readable | null>
  /** Replaces `to` with `from` in one step (a rename on disk, a copy-then-delete on an object store). */
  move?(from: string, to: string): Promise<void>
}

/**
 * Every key the app makes (`newStorageKey`, the seed's `<client>_seed-<name>.<ext>`): one flat name
 * of letters, digits, `_` and `-`, then one short extension. So no `/`, `\`, `..`, `%` or NUL.
 */
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{1,150}\.[A-Za-z0-9]{1,10}$/

export class InvalidStorageKeyError extends Error {
  constructor() {
    super('Invalid storage key')
  }
}

/**
 * The key named by a URL segment or form field, or null when it is not one we could have made.
 * Percent-encoding is undone first (twice-encoded too), so `%2e%2e%2f` is judged as `../`.
 */
export function parseStorageKey(raw: unknown): string | null {
  const key = fullyDecoded(raw)
  return key !== null && STORAGE_KEY_PATTERN.test(key) ? key : null
}

export function isStorageKey(key: unknown): key is string {
  return typeof key === 'string' && STORAGE_KEY_PATTERN.test(key)
}

/** Decodes until stable (at most a few rounds); null for a non-string or a malformed escape. */
export function fullyDecoded(raw: unknown): string | null {
  if (typeof raw !== 'string') return null
  let value = raw
  for (let round = 0; round < 4; round++) {
    let next: string
    try {
      next = decodeURIComponent(value)
    } catch {
      return null
    }
    if (next === value) return value
    value = next
  }
  return null
}

export class LocalDiskStorage implements StorageBackend {
  constructor(private readonly root: string) {}
  private file(key: string) {
    // Callers validate keys, but the disk adapter checks again: a bad key never becomes a path.
    if (!isStorageKey(key)) throw new InvalidStorageKeyError()
    const target = path.resolve(this.root, key)
    if (!target.startsWith(path.resolve(this.root) + path.sep)) throw new InvalidStorageKeyError()
    return target
  }
  async put(key: string, data: Buffer) {
    const target = this.file(key)
    await fs.mkdir(path.dirname(target), { recursive: true })
    await fs.writeFile(target, data)
  }
  async get(key: string) {
    const file = this.file(key)
    try {
      return await fs.readFile(file)
    } catch {
      return null
    }
  }
  async delete(key: string) {
    await fs.rm(this.file(key), { force: true })
  }
  async putStream(key: string, source: Readable) {
    const target = this.file(key)
    await fs.mkdir(path.dirname(target), { recursive: true })
    await pipeline(source, createWriteStream(target))
  }
  async getStream(key: string) {
    const file = this.file(key)
    try {
      await fs.access(file)
    } catch {
      return null
    }
    return createReadStream(file)
  }
  async move(from: string, to: string) {
    // Same directory, so rename(2) is atomic: a reader sees the old file or the whole new one.
    await fs.rename(this.file(from), this.file(to))
  }
}

/** Writes a stream under `key` without holding it in memory when the backend can stream. */
export async function putStream(key: string, source: Readable): Promise<void> {
  const b = storage()
  if (b.putStream) return b.putStream(key, source)
  const chunks: Buffer[] = []
  for await (const chunk of source) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  await b.put(key, Buffer.concat(chunks))
}

/** A stored object as a stream (null when absent). */
export async function getStream(key: string): Promise<Readable | null> {
  const b = storage()
  if (b.getStream) return b.getStream(key)
  const data = await b.get(key)
  return data ? Readable.from([data]) : null
}

/** Moves an object to its final key, replacing what was there. */
export async function moveObject(from: string, to: string): Promise<void> {
  const b = storage()
  if (b.move) return b.move(from, to)
  const data = await b.get(from)
  if (!data) throw new Error(`Nothing stored under ${from}`)
  await b.put(to, data)
  await b.delete(from)
}

/** Where local disk storage keeps files: STORAGE_DIR, else `.data/uploads/<APP_ENV>` under the working directory. */
export function localStorageDir(e: Pick<StorageEnv, 'APP_ENV'> = env()): string {
  return process.env.STORAGE_DIR ?? path.resolve('.data/uploads', e.APP_ENV)
}

/** The S3 settings of an environment, or null when it names no bucket. */
export function s3SettingsOf(e: StorageEnv = env()): S3Settings | null {
  if (!e.S3_BUCKET) return null
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  }
}

/** The backend the configuration names (env.server.ts refuses STORAGE_BACKEND=s3 without a bucket). */
export function configuredStorage(e: StorageEnv = env()): StorageBackend {
  const s3 = e.STORAGE_BACKEND === 's3' ? s3SettingsOf(e) : null
  return s3 ? new S3Storage(s3) : new LocalDiskStorage(localStorageDir(e))
}

let backend: StorageBackend | undefined
export function storage(): StorageBackend {
  return (backend ??= configuredStorage())
}

/** Lets tests or a deployment swap the backend (e.g. an S3 adapter). */
export function setStorageBackend(next: StorageBackend) {
  backend = next
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const
export const DOCUMENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/msword',
  'application/zip',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'text/plain',
] as const

export type SniffedUpload = { data: Buffer; mimeType: string; extension: string; originalName: string; size: number }
/** A refused upload: the message for the person, and 413 when it is about size or quota (else 400). */
export type UploadError = { error: string; status?: 400 | 413 }

function looksLikeText(data: Buffer) {
  if (data.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data)
    return true
  } catch {
    return false
  }
}

/**
 * Reads an uploaded File, checks its size and sniffs its real type from the bytes.
 * `allowed` lists MIME types; text/plain is accepted only for valid UTF-8 without NUL bytes.
 */
export async function sniffUpload(file: File | null | undefined, opts: { allowed: readonly string[]; maxBytes: number }): Promise<SniffedUpload | UploadError> {
  if (!file || typeof file === 'string' || file.size === 0) return { error: 'Please upload the file' }
  if (file.size > opts.maxBytes) return { error: `The file is too large (at most ${Math.round(opts.maxBytes / 1024 / 1024)} MB).`, status: 413 }
  const data = Buffer.from(await file.arrayBuffer())
  const detected = await fileTypeFromBuffer(data)
  let mimeType = detected?.mime as string | undefined
  let extension = detected?.ext as string | undefined
  // A .docx is a zip; file-type names it when it can, otherwise trust the name only for zip containers.
  if (mimeType === 'application/zip' && /\.docx$/i.test(file.name)) {
    mimeType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
    extension = 'docx'
  }
  if (!mimeType && looksLikeText(data)) {
    mimeType = 'text/plain'
    extension = 'txt'
  }
  if (!mimeType || !opts.allowed.includes(mimeType)) return { error: 'This file type is not allowed.' }
  return { data, mimeType, extension: extension ?? 'bin', originalName: path.basename(file.name).slice(0, 255), size: data.length }
}

export function isUploadError<T extends object>(value: T | UploadError): value is UploadError {
  return !(value instanceof FormData) && 'error' in value
}

/** A fresh, unguessable storage key; flat (no slashes) so it fits one URL segment. */
export function newStorageKey(prefix: string | number | null, extension: string): string {
  return `${prefix ?? 'platform'}_${newToken()}.${extension}`
}

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024

/**
 * Reads a multipart body. Its size is capped by the server while it streams (server/body-limit.ts
 * answers 413 per route); `sniffUpload` then checks the file itself against the route's limit.
 */
export async function readMultipart(request: Request): Promise<FormData | UploadError> {
  try {
    return await request.formData()
  } catch {
    return { error: 'Something went wrong!' }
  }
}
