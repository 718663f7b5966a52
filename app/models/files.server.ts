// Tenant-owned uploads: stores the bytes and a files row; reads only within the owning organisation.
import { newPublicId } from '#app/services/crypto.server'
import { newStorageKey, storage, type SniffedUpload } from '#app/services/storage.server'
import { scoped, scopedDelete, scopedInsert, type TenantScope } from '#db/tenant'

export type StoredFile = { _id: string; key: string; originalname: string; size: number; mimetype: string }

export async function saveUpload(t: TenantScope & { user?: { id: number } }, upload: SniffedUpload, purpose: string): Promise<StoredFile> {
  const key = newStorageKey(t.clientId, upload.extension)
  await storage().put(key, upload.data)
  const publicId = newPublicId()
  await scopedInsert(t, 'files', {
    public_id: publicId,
    storage_key: key,
    original_name: upload.originalName,
    mime_type: upload.mimeType,
    size: upload.size,
    purpose,
    uploaded_by: t.user?.id ?? null,
  }).execute()
  return { _id: publicId, key, originalname: upload.originalName, size: upload.size, mimetype: upload.mimeType }
}

/** The file's row if this organisation owns it (by public id or storage key). */
export async function findFile(t: TenantScope, idOrKey: string) {
  return scoped(t, 'files')
    .selectAll()
    .where((eb) => eb.or([eb('public_id', '=', idOrKey), eb('storage_key', '=', idOrKey)]))
    .executeTakeFirst()
}

export async function readFile(t: TenantScope, idOrKey: string) {
  const row = await findFile(t, idOrKey)
  if (!row) return null
  const data = await storage().get(row.storage_key)
  return data ? { row, data } : null
}

export async function deleteFile(t: TenantScope, idOrKey: string) {
  const row = await findFile(t, idOrKey)
  if (!row) return false
  await scopedDelete(t, 'files').where('id', '=', row.id).execute()
  await storage().delete(row.storage_key)
  return true
}
