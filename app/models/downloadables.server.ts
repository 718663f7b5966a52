// Downloadable files of an organisation: a title plus one stored upload; products attach them.
import { claimFile, type StoredFile } from './files.server'
import { iso, likePattern, type ListSort, type Paging } from './content-common.server'
import { newPublicId } from '#app/services/crypto.server'
import type { Downloadable } from '#db/tables/content'
import { scoped, scopedInsert, scopedUpdate, type TenantScope } from '#db/tenant'
import { audited, type TenantActor } from './audit.server'
import { withTotal } from './list-total.server'

export type DownloadableJson = {
  _id: string
  title: string
  data: { key: string; originalname: string; size: number }
  archived: boolean
  createdAt: string | null
  updatedAt: string | null
}

export function toDownloadableJson(row: Downloadable): DownloadableJson {
  return {
    _id: row.public_id,
    title: row.title,
    data: { key: row.file_key, originalname: row.file_name, size: Number(row.file_size) },
    archived: !!row.archived,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

export async function listDownloadables(t: TenantScope, paging: Pick<Paging, 'archived' | 'search' | 'offset' | 'size'> & ListSort) {
  let query = scoped(t, 'downloadables').where('archived', '=', paging.archived)
  if (paging.search) query = query.where('title', 'like', likePattern(paging.search))
  return withTotal(
    { offset: paging.offset, size: paging.size },
    query
      .selectAll()
      .orderBy(paging.sort === 'name' ? 'title' : 'created_at', paging.dir ?? 'desc')
      .orderBy('id', paging.dir ?? 'desc')
      .limit(paging.size)
      .offset(paging.offset)
      .execute(),
    () => query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  )
}

/** Non-archived files for the product editor's toggles. */
export async function listDownloadablesForPicker(t: TenantScope): Promise<{ _id: string; title: string }[]> {
  const rows = await scoped(t, 'downloadables').select(['public_id', 'title']).where('archived', '=', false).orderBy('title').execute()
  return rows.map((r) => ({ _id: r.public_id, title: r.title }))
}

export async function getDownloadable(t: TenantScope, publicId: string) {
  return scoped(t, 'downloadables').selectAll().where('public_id', '=', publicId).executeTakeFirst()
}

/**
 * The stored upload behind a key, only if this organisation owns it and it is a generic upload or
 * already a downloadable; it becomes a downloadable, so READ_DOWNLOADABLES opens it.
 */
export async function ownedUpload(t: TenantScope, key: string): Promise<StoredFile | null> {
  return claimFile(t, key, 'downloadable')
}

export async function createDownloadable(t: TenantScope, input: { title: string; file: StoredFile }) {
  const publicId = newPublicId()
  await scopedInsert(t, 'downloadables', {
    public_id: publicId,
    title: input.title,
    file_key: input.file.key,
    file_name: input.file.originalname,
    file_size: input.file.size,
  }).execute()
  return (await getDownloadable(t, publicId))!
}

/** 'unchanged' when neither the title nor the file differ (the spec asks for at least one change). */
export async function updateDownloadable(t: TenantScope, row: Downloadable, input: { title: string; file?: StoredFile | null }) {
  const fileChanged = !!input.file && input.file.key !== row.file_key
  if (input.title === row.title && !fileChanged) return 'unchanged' as const
  await scopedUpdate(t, 'downloadables')
    .set({
      title: input.title,
      ...(fileChanged ? { file_key: input.file!.key, file_name: input.file!.originalname, file_size: input.file!.size } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .execute()
  return (await getDownloadable(t, row.public_id))!
}

export async function setDownloadableArchived(t: TenantScope, row: Downloadable, archived: boolean) {
  await scopedUpdate(t, 'downloadables').set({ archived, updated_at: new Date() }).where('id', '=', row.id).execute()
}

type Actor = TenantScope & TenantActor

/** The file (downloadable) changes as the pages and JSON routes call them: each writes its audit row. */
export const downloadableActions = {
  async create(t: Actor, request: Request, input: { title: string; file: StoredFile }) {
    return audited(t, request, { module: 'DOWNLOADABLES', action: 'CREATE', message: (row) => `File "${row.title}" created` }, await createDownloadable(t, input))
  },
  /** 'unchanged' (nothing written, nothing audited) when neither the title nor the file differ. */
  async update(t: Actor, request: Request, row: Downloadable, input: { title: string; file?: StoredFile | null }) {
    const updated = await updateDownloadable(t, row, input)
    if (updated === 'unchanged') return updated
    return audited(t, request, { module: 'DOWNLOADABLES', action: 'UPDATE', message: `File "${updated.title}" updated` }, updated)
  },
  async setArchived(t: Actor, request: Request, row: Downloadable, archived: boolean) {
    await setDownloadableArchived(t, row, archived)
    await audited(t, request, { module: 'DOWNLOADABLES', action: archived ? 'ARCHIVE' : 'UNARCHIVE', message: `File "${row.title}" ${archived ? 'archived' : 'restored'}` }, row)
  },
}
