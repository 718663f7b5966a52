// Tenant-owned uploads: stores the bytes and a files row within the organisation's quota; reads only
// within the owning organisation; tells a member's avatar key from any other key.
import { sql } from 'kysely'
import type { FilePurpose } from '#app/rules/file-purposes'
import { newPublicId } from '#app/services/crypto.server'
import { fullyDecoded, isStorageKey, newStorageKey, parseStorageKey, storage, type SniffedUpload, type UploadError } from '#app/services/storage.server'
import { scoped, scopedDelete, scopedInsert, scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'

export type StoredFile = { _id: string; key: string; originalname: string; size: number; mimetype: string }

/** Bytes one organisation may keep in storage (every files row counts, attached or not). */
export const ORGANISATION_STORAGE_QUOTA_BYTES = 1024 ** 3

export const STORAGE_QUOTA_MESSAGE = 'Your organisation has used all of its 1 GiB of file storage. Delete files it no longer needs, then try again.'

/** Public ids of files rows (newPublicId and the seed's seedId): 24 lowercase base36 characters. */
const FILE_PUBLIC_ID = /^[0-9a-z]{24}$/

type Uploader = TenantScope & { user?: { id: number } }

/** What counts against the quota: every files row and every finished report's CSV (ADR 0082). */
export async function bytesInUse(t: TenantScope): Promise<number> {
  // One after the other: inside a transaction both go over its one connection anyway.
  const files = await scoped(t, 'files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size'), sql<number>`0`).as('bytes'))
    .executeTakeFirst()
  const reports = await scoped(t, 'order_reports')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('byte_size'), sql<number>`0`).as('bytes'))
    .where('file_key', 'is not', null)
    .executeTakeFirst()
  return Number(files?.bytes ?? 0) + Number(reports?.bytes ?? 0)
}

/**
 * Holds the organisation's row until the transaction ends: whatever counts against its limits (the
 * storage quota, reports on the way) is checked and written by one holder at a time.
 */
export async function lockOrganisation(tx: TenantScope): Promise<void> {
  await tx.db.selectFrom('organisations').select('id').where('id', '=', tx.clientId).forUpdate().executeTakeFirst()
}

/**
 * Stores the bytes, then records the row only if the organisation stays within its quota. The
 * check and the insert run under a lock on the organisation's row, so two parallel uploads are
 * counted one after the other and cannot both squeeze past the limit.
 */
export async function saveUpload(t: Uploader, upload: SniffedUpload, purpose: FilePurpose, quota = ORGANISATION_STORAGE_QUOTA_BYTES): Promise<StoredFile | UploadError> {
  const overQuota: UploadError = { error: STORAGE_QUOTA_MESSAGE, status: 413 }
  // A cheap first look, so a full organisation does not even write the bytes.
  if ((await bytesInUse(t)) + upload.size > quota) return overQuota
  const key = newStorageKey(t.clientId, upload.extension)
  await storage().put(key, upload.data)
  const publicId = newPublicId()
  let stored = false
  try {
    stored = await tenantTransaction(t, async (scope) => {
      await lockOrganisation(scope)
      // The first plain read of the transaction comes after the lock, so it sees every upload
      // committed by whoever held the lock before us.
      if ((await bytesInUse(scope)) + upload.size > quota) return false
      await scopedInsert(scope, 'files', {
        public_id: publicId,
        storage_key: key,
        original_name: upload.originalName,
        mime_type: upload.mimeType,
        size: upload.size,
        purpose,
        uploaded_by: t.user?.id ?? null,
      }).execute()
      return true
    })
  } finally {
    if (!stored)
      await storage()
        .delete(key)
        .catch(() => {})
  }
  if (!stored) return overQuota
  return { _id: publicId, key, originalname: upload.originalName, size: upload.size, mimetype: upload.mimeType }
}

/**
 * A file reference from a URL or body (public id, storage key or avatar key) after undoing any
 * percent-encoding; null when it has neither shape, so it never reaches a query or the disk.
 */
export function parseFileRef(raw: unknown): string | null {
  const key = parseStorageKey(raw)
  if (key !== null) return key
  const id = fullyDecoded(raw)
  return id !== null && FILE_PUBLIC_ID.test(id) ? id : null
}

/**
 * The file's row if this organisation owns it, by public id or storage key. Anything that is
 * neither shape is not looked up at all.
 */
export async function findFile(t: TenantScope, idOrKey: string) {
  if (FILE_PUBLIC_ID.test(idOrKey)) return scoped(t, 'files').selectAll().where('public_id', '=', idOrKey).executeTakeFirst()
  if (isStorageKey(idOrKey)) return scoped(t, 'files').selectAll().where('storage_key', '=', idOrKey).executeTakeFirst()
  return undefined
}

export function toStoredFile(row: { public_id: string; storage_key: string; original_name: string; size: number | string; mime_type: string }): StoredFile {
  return { _id: row.public_id, key: row.storage_key, originalname: row.original_name, size: Number(row.size), mimetype: row.mime_type }
}

/**
 * Attaches an upload of this organisation to a use: a generic upload takes the purpose (so the
 * purpose's readers can open it); a file already of that purpose stays; a file of another purpose
 * is refused (null), so attaching cannot widen who may read, say, a contract file.
 */
export async function claimFile(t: TenantScope, key: string, purpose: FilePurpose): Promise<StoredFile | null> {
  const row = await findFile(t, key)
  if (!row || row.storage_key !== key) return null
  if (row.purpose === purpose) return toStoredFile(row)
  if (row.purpose !== 'upload') return null
  await scopedUpdate(t, 'files').set({ purpose }).where('id', '=', row.id).where('purpose', '=', 'upload').execute()
  return toStoredFile(row)
}

export async function deleteFile(t: TenantScope, idOrKey: string) {
  const row = await findFile(t, idOrKey)
  if (!row) return false
  await scopedDelete(t, 'files').where('id', '=', row.id).execute()
  await storage().delete(row.storage_key)
  return true
}

export const AVATAR_PREFIX = 'avatar_'

/** Is this key the current avatar of an account of this organisation? (Old or made-up keys are not.) */
export async function isMemberAvatar(t: TenantScope, key: string): Promise<boolean> {
  if (!key.startsWith(AVATAR_PREFIX) || !isStorageKey(key)) return false
  return !!(await scoped(t, 'users').select('users.id').where('users.profile_img', '=', key).executeTakeFirst())
}
