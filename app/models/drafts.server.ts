// Drafts of a project as the back-office handles them: the spec's Draft JSON, withdrawing a draft
// and reopening an accepted revision of one service.
import { type Selectable, sql } from 'kysely'
import { audited } from './audit.server'
import { actorName } from './order-tags.server'
import { findOrder, recordActivity, reopenTask, type OrderRow, type PersonRef } from './orders.server'
import { scoped, scopedUpdate, type TenantScope } from '#db/tenant'
import type { Database } from '#db/types'

export const REVISION_TASK = 'revision_process'

export const DRAFT_COLUMNS = [
  'id',
  'public_id',
  'order_id',
  'service_id',
  'writer_id',
  'data',
  'approval_status',
  'rejection_reason',
  'rejection_files',
  'rating',
  'review',
  'reviewed_by_user',
  'review_file',
  'deleted_by',
  'deleted_reason',
  'deleted_at',
  'created_at',
  'updated_at',
] as const

export type DraftRow = Pick<Selectable<Database['drafts']>, (typeof DRAFT_COLUMNS)[number]>

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)
const nameOf = (p: PersonRef | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : null)

/**
 * The spec's Draft. A draft that needed no admin approval (approval_status NULL) went straight to the
 * customer, so it reads as approved and not pending. Withdrawn drafts carry who, why and when.
 */
export function toDraftJson(row: DraftRow, orderPublicId: string, people: Map<number, PersonRef>) {
  const deleter = row.deleted_by ? people.get(row.deleted_by) : undefined
  return {
    _id: row.public_id,
    order_id: orderPublicId,
    serviceId: row.service_id,
    writer: nameOf(row.writer_id ? people.get(row.writer_id) : undefined),
    data: {
      dataPdf: row.data.dataPdf ?? null,
      dataWord: row.data.dataWord ?? null,
      dataOther: row.data.dataOther ?? null,
      additionalFiles: row.data.additionalFiles ?? [],
      notes: row.data.notes ?? '',
    },
    adminApproval: {
      pending: row.approval_status === 'pending',
      approved: row.approval_status === null || row.approval_status === 'approved',
      rejectionReason: row.approval_status === 'rejected' ? row.rejection_reason : null,
      rejectionFile: row.approval_status === 'rejected' ? (row.rejection_files ?? []) : [],
    },
    rating: row.rating,
    review: row.review,
    reviewedByUser: !!row.reviewed_by_user,
    reviewFile: row.review_file,
    deletedBy: row.deleted_at ? (deleter?._id ?? null) : null,
    deletedByName: row.deleted_at ? nameOf(deleter) : null,
    deletedReason: row.deleted_at ? row.deleted_reason : null,
    deletedAt: iso(row.deleted_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  }
}
export type DraftJson = ReturnType<typeof toDraftJson>

/** Every draft of one order, oldest first (Draft 1, Draft 2, ... per service). */
export async function draftsOfOrder(t: TenantScope, orderId: number, limit = 500): Promise<DraftRow[]> {
  return (await scoped(t, 'drafts').select(DRAFT_COLUMNS).where('order_id', '=', orderId).orderBy('created_at').orderBy('id').limit(limit).execute()) as DraftRow[]
}

export type DraftActionResult = { ok: true; order: OrderRow; message: string } | { ok: false; status: number; error: string }

export const ORDER_NOT_FOUND = 'Order not found'
export const DRAFT_NOT_FOUND = 'Draft not found'
export const SERVICE_NOT_FOUND = 'Service not found'
export const ALREADY_WITHDRAWN = 'This draft has already been withdrawn'
export const REVISION_NOT_ACCEPTED = 'The revision of this service has not been accepted, so there is nothing to reopen'
export const ORDER_COMPLETED = 'This order is marked as complete: its revisions cannot be reopened'

const serviceName = (order: OrderRow, serviceId: string) => order.services.find((s) => s._id === serviceId)?.serviceName ?? 'a service'

/**
 * Withdraws a draft of an order of this organisation: it stays visible, struck through, with who
 * withdrew it and why. The draft must belong to that very order, and a withdrawn draft stays so.
 */
export async function withdrawDraft(t: TenantScope & { user: { id: number } }, orderPublicId: string, draftPublicId: string, reason: string): Promise<DraftActionResult> {
  const order = await findOrder(t, orderPublicId)
  if (!order) return { ok: false, status: 404, error: ORDER_NOT_FOUND }
  const draft = await scoped(t, 'drafts').select(['id', 'service_id', 'deleted_at']).where('public_id', '=', draftPublicId).where('order_id', '=', order.id).executeTakeFirst()
  if (!draft) return { ok: false, status: 404, error: DRAFT_NOT_FOUND }
  if (draft.deleted_at) return { ok: false, status: 409, error: ALREADY_WITHDRAWN }
  // The deleted_at condition makes a parallel second withdrawal change nothing.
  const result = await scopedUpdate(t, 'drafts')
    .set({ deleted_by: t.user.id, deleted_reason: reason, deleted_at: sql<Date>`CURRENT_TIMESTAMP(3)`, updated_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
    .where('id', '=', draft.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) return { ok: false, status: 409, error: ALREADY_WITHDRAWN }
  return { ok: true, order, message: `withdrew a draft of ${serviceName(order, draft.service_id)}. Reason: ${reason}` }
}

/**
 * Takes back the accepted revision of one service of the order (its completed revision_process
 * task), which lowers the status percentage. Marking an order complete is irreversible, so a
 * marked-complete order refuses.
 */
export async function reopenRevision(t: TenantScope, orderPublicId: string, serviceId: string): Promise<DraftActionResult> {
  const order = await findOrder(t, orderPublicId)
  if (!order) return { ok: false, status: 404, error: ORDER_NOT_FOUND }
  if (!order.services.some((s) => s._id === serviceId)) return { ok: false, status: 404, error: SERVICE_NOT_FOUND }
  if (order.marked_as_complete) return { ok: false, status: 409, error: ORDER_COMPLETED }
  const reopened = await reopenTask(t, order, { serviceId, taskId: REVISION_TASK })
  if (!reopened) return { ok: false, status: 409, error: REVISION_NOT_ACCEPTED }
  return { ok: true, order: (await findOrder(t, orderPublicId))!, message: `reopened the revision of ${serviceName(order, serviceId)}` }
}

type Actor = TenantScope & { user: { id: number; firstName: string; lastName: string; role: string } }

/** The draft mutations as routes call them: each writes its activity entry (on success) and audit row. */
export const draftActions = {
  async withdraw(t: Actor, request: Request, orderPublicId: string, draftPublicId: string, reason: string) {
    const result = await withdrawDraft(t, orderPublicId, draftPublicId, reason)
    if (result.ok) await recordActivity(t, result.order.id, t.user.id, `${actorName(t)} ${result.message}`)
    return audited(
      t,
      request,
      {
        module: 'orders',
        action: 'withdraw_draft',
        message: result.ok ? `Withdrew draft ${draftPublicId} of order ${orderPublicId}` : `Draft ${draftPublicId} of order ${orderPublicId} not withdrawn: ${result.error}`,
      },
      result,
    )
  },
  async reopenRevision(t: Actor, request: Request, orderPublicId: string, serviceId: string) {
    const result = await reopenRevision(t, orderPublicId, serviceId)
    if (result.ok) await recordActivity(t, result.order.id, t.user.id, `${actorName(t)} ${result.message}`)
    return audited(
      t,
      request,
      {
        module: 'orders',
        action: 'reopen_revision',
        message: result.ok
          ? `Reopened the revision of service ${serviceId} of order ${orderPublicId}`
          : `Revision of service ${serviceId} of order ${orderPublicId} not reopened: ${result.error}`,
      },
      result,
    )
  },
}
