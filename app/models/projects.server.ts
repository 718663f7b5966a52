// The project detail (GET /api/client/project/{orderId} and /project/view/{orderId}): the order with its
// activity, attached files and drafts in a fixed number of queries, and attaching a file to it.
import { auditAction } from './audit.server'
import { staffBrief, type StaffBriefSection } from './brief.server'
import { draftsOfOrder, toDraftJson, type DraftJson } from './drafts.server'
import { saveUpload } from './files.server'
import { actorName } from './order-tags.server'
import { findOrder, peopleById, recordActivity, tagsOfOrders, toOrderJson, type OrderJson } from './orders.server'
import { newPublicId } from '#app/services/crypto.server'
import type { SniffedUpload, UploadError } from '#app/services/storage.server'
import { scoped, scopedAs, scopedInsert, scopedJoin, type TenantScope } from '#db/tenant'
import type { OrderFileKind } from '#db/tables/orders'

/** The newest entries only: the activity card is a 310px scrolling list, not an archive. */
export const ACTIVITY_LIMIT = 100
const FILE_LIMIT = 200

export type ActivityJson = { _id: string; contant: string; createdAt: string }
export type OrderFileJson = { _id: string; file: { originalname: string; size: number; key: string; mimetype: string }; kind: OrderFileKind; createdAt: string }
export type CompletedTaskJson = { serviceId: string; taskId: string; serviceType: string; createdAt: string }

export type Project = {
  order: OrderJson & { completed_tasks: CompletedTaskJson[] }
  notifications: ActivityJson[]
  files: OrderFileJson[]
  draftResumes: DraftJson[]
  /** The customer's brief: each customer task with its answers, documents or appointment (ADR 0061). */
  brief: StaffBriefSection[]
}

const iso = (d: Date) => new Date(d).toISOString()

/** Null when the order is not this organisation's (or does not exist). Seven queries, whatever the size of the project. */
export async function getProject(t: TenantScope, orderPublicId: string, now = new Date()): Promise<Project | null> {
  const row = await findOrder(t, orderPublicId)
  if (!row) return null
  const [activity, files, drafts, tasks, tags, brief] = await Promise.all([
    scoped(t, 'order_activity')
      .select(['id', 'content', 'created_at'])
      .where('order_id', '=', row.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(ACTIVITY_LIMIT)
      .execute(),
    scopedAs(t, 'order_files', 'of')
      .innerJoin('files as f', (j) => scopedJoin(t, 'f', j.onRef('f.id', '=', 'of.file_id')))
      .select(['of.public_id', 'of.kind', 'of.created_at', 'f.storage_key', 'f.original_name', 'f.size', 'f.mime_type'])
      .where('of.order_id', '=', row.id)
      .orderBy('of.created_at', 'desc')
      .orderBy('of.id', 'desc')
      .limit(FILE_LIMIT)
      .execute(),
    draftsOfOrder(t, row.id),
    scoped(t, 'order_tasks').select(['service_id', 'task_id', 'service_type', 'created_at']).where('order_id', '=', row.id).orderBy('created_at').orderBy('id').execute(),
    tagsOfOrders(t, [row.id]),
    staffBrief(t, row),
  ])
  const people = await peopleById(t, [row.writer_id, row.reviewer_id, row.customer_id, ...drafts.flatMap((d) => [d.writer_id, d.deleted_by])])
  return {
    order: {
      ...toOrderJson(row, people, tags.get(row.id) ?? [], now),
      completed_tasks: tasks.map((x) => ({ serviceId: x.service_id, taskId: x.task_id, serviceType: x.service_type, createdAt: iso(x.created_at) })),
    },
    // Activity rows have no public id of their own; the number is only a list key, it opens nothing.
    notifications: activity.map((a) => ({ _id: String(a.id), contant: a.content, createdAt: iso(a.created_at) })),
    files: files.map((f) => ({
      _id: f.public_id,
      file: { originalname: f.original_name, size: Number(f.size), key: f.storage_key, mimetype: f.mime_type },
      kind: f.kind,
      createdAt: iso(f.created_at),
    })),
    draftResumes: drafts.map((d) => toDraftJson(d, row.public_id, people)),
    brief,
  }
}

type Actor = TenantScope & { user: { id: number; firstName: string; lastName: string; role: string } }

export type AttachResult = { ok: true; file: OrderFileJson } | { ok: false; status: number; error: string }

/** Stores an upload (already sniffed) as an attachment of an order of this organisation, with activity and audit. */
export async function attachOrderFile(t: Actor, request: Request, orderPublicId: string, upload: SniffedUpload): Promise<AttachResult> {
  const order = await findOrder(t, orderPublicId)
  if (!order) return { ok: false, status: 404, error: 'Order not found' }
  const stored = await saveUpload(t, upload, 'order_file')
  if (isError(stored)) {
    await auditAction(t, request, { module: 'orders', action: 'upload_file', status: 'failure', message: `File not attached to order ${orderPublicId}: ${stored.error}` })
    return { ok: false, status: stored.status ?? 400, error: stored.error }
  }
  const file = await scoped(t, 'files').select('id').where('public_id', '=', stored._id).executeTakeFirstOrThrow()
  const publicId = newPublicId()
  const createdAt = new Date()
  await scopedInsert(t, 'order_files', { public_id: publicId, order_id: order.id, file_id: file.id, kind: 'attachment', uploaded_by: t.user.id, created_at: createdAt }).execute()
  await recordActivity(t, order.id, t.user.id, `${actorName(t)} attached the file ${stored.originalname}`)
  await auditAction(t, request, { module: 'orders', action: 'upload_file', message: `Attached ${stored.originalname} (${stored._id}) to order ${orderPublicId}` })
  return {
    ok: true,
    file: {
      _id: publicId,
      file: { originalname: stored.originalname, size: stored.size, key: stored.key, mimetype: stored.mimetype },
      kind: 'attachment',
      createdAt: createdAt.toISOString(),
    },
  }
}

const isError = (value: object): value is UploadError => 'error' in value
