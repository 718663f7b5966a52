// Blob storage on an S3-compatible object store (AWS S3, MinIO, s3rver in tests) through the AWS SDK v3,
// behind the same StorageBackend interface as local disk. The SDK loads on first use, so a deployment on
// local disk never pays for it.
import type { Readable } from 'node:stream'
import type { S3Client } from '@aws-sdk/client-s3'
import { InvalidStorageKeyError, isStorageKey, type StorageBackend } from './storage.server'

export type S3Settings = {
  bucket: string
  region: string
  /** Another S3-compatible server (MinIO, s3rver); AWS itself when unset. */
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
  /** `http://host/bucket/key` instead of `http://bucket.host/key`: what most self-hosted stores need. */
  forcePathStyle: boolean
}

type Sdk = typeof import('@aws-sdk/client-s3')

/** What the store says about one object, or null when there is none. */
export type ObjectInfo = { size: number; etag: string | null }

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
}

export class S3Storage implements StorageBackend {
  private sdk: Promise<{ sdk: Sdk; client: S3Client }> | undefined
  constructor(readonly settings: S3Settings) {}

  private connect() {
    return (this.sdk ??= import('@aws-sdk/client-s3').then((sdk) => {
      const s = this.settings
      const client = new sdk.S3Client({
        region: s.region,
        endpoint: s.endpoint,
        forcePathStyle: s.forcePathStyle,
        credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
        // Checksums only where S3 requires them: newer SDKs otherwise send aws-chunked bodies with
        // trailing checksums, which many S3-compatible stores (s3rver, older MinIO) do not understand.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      })
      return { sdk, client }
    }))
  }

  private key(key: string) {
    // Callers validate keys; the adapter checks again, as the disk adapter does.
    if (!isStorageKey(key)) throw new InvalidStorageKeyError()
    return key
  }

  async put(key: string, data: Buffer) {
    const { sdk, client } = await this.connect()
    await client.send(new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key), Body: data, ContentLength: data.length }))
  }

  async get(key: string) {
    const stream = await this.getStream(key)
    if (!stream) return null
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
    return Buffer.concat(chunks)
  }

  async delete(key: string) {
    const { sdk, client } = await this.connect()
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }))
  }

  /**
   * Streams of unknown length go up as a multipart upload in 8 MiB parts, one part in memory at a
   * time (a report of a million orders never sits in memory whole). S3 needs every part but the last
   * to be at least 5 MiB, so a small stream is one plain PutObject.
   */
  async putStream(key: string, source: Readable) {
    const { sdk, client } = await this.connect()
    const Key = this.key(key)
    const Bucket = this.settings.bucket
    const PART = 8 * 1024 * 1024
    let buffered: Buffer[] = []
    let size = 0
    let uploadId: string | undefined
    const parts: { ETag: string | undefined; PartNumber: number }[] = []
    const flush = async () => {
      const body = Buffer.concat(buffered)
      buffered = []
      size = 0
      uploadId ??= (await client.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key }))).UploadId
      const PartNumber = parts.length + 1
      const { ETag } = await client.send(new sdk.UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.length }))
      parts.push({ ETag, PartNumber })
    }
    try {
      for await (const chunk of source) {
        const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
        buffered.push(b)
        size += b.length
        if (size >= PART) await flush()
      }
      if (!uploadId) {
        await this.put(key, Buffer.concat(buffered))
        return
      }
      if (size > 0) await flush()
      await client.send(new sdk.CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }))
    } catch (error) {
      // A failed upload leaves no parts behind to be billed for.
      if (uploadId) await client.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => {})
      throw error
    }
  }

  async getStream(key: string): Promise<Readable | null> {
    const { sdk, client } = await this.connect()
    try {
      const result = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }))
      // In Node the SDK's body is an http.IncomingMessage: a Readable.
      return (result.Body as Readable | undefined) ?? null
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async move(from: string, to: string) {
    const { sdk, client } = await this.connect()
    const Bucket = this.settings.bucket
    // An object store has no rename: a server-side copy (readers see the old object or the new one), then the delete.
    await client.send(new sdk.CopyObjectCommand({ Bucket, Key: this.key(to), CopySource: `${Bucket}/${encodeURIComponent(this.key(from))}` }))
    await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: from }))
  }

  /** Size and ETag of an object, or null when there is none (the migration command skips what is there). */
  async info(key: string): Promise<ObjectInfo | null> {
    const { sdk, client } = await this.connect()
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }))
      return { size: Number(head.ContentLength ?? 0), etag: head.ETag?.replaceAll('"', '') ?? null }
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  /** Creates the bucket when it is missing (the local emulator and first runs against a fresh store). */
  async ensureBucket() {
    const { sdk, client } = await this.connect()
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.settings.bucket }))
      return
    } catch (error) {
      if (!isMissing(error)) throw error
    }
    try {
      await client.send(new sdk.CreateBucketCommand({ Bucket: this.settings.bucket }))
    } catch (error) {
      // Another process made it meanwhile.
      const name = (error as { name?: string }).name
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error
    }
  }

  close() {
    void this.sdk?.then(({ client }) => client.destroy())
    this.sdk = undefined
  }
}
