// The team's side of a draft's life (issue 25, ADR 0062): delivering a draft of one service (the back
// office's project page today, the writer workspace later: both through deliverDraft) and uploading the
// final documents that close a service. Each reaches the customer only when the customer may see it.
import { newPublicId } from '#app/services/crypto.server'
import type { SniffedUpload } from '#app/services/storage.server'
import { scoped, scopedInsert, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import { kickOutbox } from '#app/services/outbox.server'
import type { DraftData, DraftFile } from '#db/tables/orders'
import { draftMail } from './draft-mail.server'
import { deleteFile, saveUpload, type StoredFile } from './files.server'
import { deliver, notify, notifyPortal, type Outbox } from './notifications.server'
import { getWebsiteSettings } from './organisation-settings.server'
import { type MailIds, orderMail } from './order-mail.server'
import { completeTask, findOrder, recordActivity, type OrderRow } from './orders.server'

type Actor = TenantScope & { user: { id: number; firstName: string; lastName: string } }

export const PDF_TYPE = 'application/pdf'
export const WORD_TYPES = ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/msword'] as const
export const FINAL_MODULES = ['final_document', 'final_linkedin'] as const

export const DRAFT_ORDER_NOT_FOUND = 'Order not found'
export const DRAFT_SERVICE_NOT_FOUND = 'Choose one of the order’s workflows'
export const DRAFT_FILE_REQUIRED = 'Attach the draft: a PDF, a Word file or another file'
export const DRAFT_PDF_ONLY = 'The PDF field takes a PDF file only'
export const DRAFT_WORD_ONLY = 'The Word field takes a Word document (.docx or .doc) only'
export const DRAFT_ORDER_COMPLETE = 'This order is marked as complete: no more drafts can be delivered'
export const NOTES_TOO_LONG = 'Notes can be at most 5000 characters'
export const FINAL_NOT_IN_WORKFLOW = 'This workflow has no final document step'
export const FINAL_FILE_REQUIRED = 'Attach at least one final document'
export const MAX_NOTES = 5000
export const MAX_ADDITIONAL_FILES = 10

export type Failure = { ok: false; status: number; error: string }

export type DeliverDraftInput = {
  orderPublicId: string
  serviceId: string
  pdf?: SniffedUpload | null
  word?: SniffedUpload | null
  other?: SniffedUpload | null
  additional?: readonly SniffedUpload[]
  notes?: string
  /** Who wrote it; the order's writer when not given. */
  writerUserId?: number | null
}

export type DeliverDraftResult = { ok: true; draftId: string; orderId: string; pending: boolean } | Failure

const asDraftFile = (f: StoredFile): DraftFile => ({ file: { key: f.key, originalname: f.originalname, size: f.size, mimetype: f.mimetype } })
const who = (t: Actor) => `${t.user.firstName} ${t.user.lastName}`.trim() || 'Someone'
const serviceNameOf = (order: OrderRow, serviceId: string) => order.services.find((s) => s._id === serviceId)?.serviceName ?? 'a service'
export const customerDraftPath = (orderPublicId: string, draftPublicId: string) => `/my-orders/${orderPublicId}/drafts/${draftPublicId}`

/** Stores every upload (or none: a refusal part-way removes what was stored). */
async function storeAll(t: Actor, uploads: readonly SniffedUpload[]): Promise<StoredFile[] | Failure> {
  const stored: StoredFile[] = []
  for (const upload of uploads) {
    const saved = await saveUpload(t, upload, 'order_file')
    if ('error' in saved) {
      await removeAll(t, stored)
      return { ok: false, status: saved.status ?? 400, error: saved.error }
    }
    stored.push(saved)
  }
  return stored
}

async function removeAll(t: TenantScope, files: readonly StoredFile[]) {
  for (const f of files) await deleteFile(t, f.key).catch(() => false)
}

/** Checks the order, the service and the files before anything is stored. */
export async function draftRefusal(t: TenantScope, input: DeliverDraftInput): Promise<Failure | { ok: true; order: OrderRow }> {
  const order = await findOrder(t, input.orderPublicId)
  if (!order) return { ok: false, status: 404, error: DRAFT_ORDER_NOT_FOUND }
  if (!order.services.some((s) => s._id === input.serviceId)) return { ok: false, status: 400, error: DRAFT_SERVICE_NOT_FOUND }
  if (order.marked_as_complete) return { ok: false, status: 409, error: DRAFT_ORDER_COMPLETE }
  if (!input.pdf && !input.word && !input.other) return { ok: false, status: 400, error: DRAFT_FILE_REQUIRED }
  if (input.pdf && input.pdf.mimeType !== PDF_TYPE) return { ok: false, status: 400, error: DRAFT_PDF_ONLY }
  if (input.word && !(WORD_TYPES as readonly string[]).includes(input.word.mimeType)) return { ok: false, status: 400, error: DRAFT_WORD_ONLY }
  if ((input.notes ?? '').length > MAX_NOTES) return { ok: false, status: 400, error: NOTES_TOO_LONG }
  if ((input.additional ?? []).length > MAX_ADDITIONAL_FILES) return { ok: false, status: 400, error: `Attach at most ${MAX_ADDITIONAL_FILES} additional files` }
  return { ok: true, order }
}

/**
 * Delivers a draft of one service of an order of this organisation. With revisions approval on it waits
 * for an admin (the /orders/revisions queue); otherwise it reaches the customer at once: delivered_at
 * starts the auto-accept clock, the customer gets a notification and the draft_uploaded/revised e-mail.
 */
export async function deliverDraft(t: Actor, input: DeliverDraftInput): Promise<DeliverDraftResult> {
  const checked = await draftRefusal(t, input)
  if (!checked.ok) return checked
  const order = checked.order
  const pending = (await getWebsiteSettings(t)).enable_revisions_approval_feature
  const slots = [input.pdf ?? null, input.word ?? null, input.other ?? null]
  const additional = input.additional ?? []
  const stored = await storeAll(t, [...slots.filter((s): s is SniffedUpload => s !== null), ...additional])
  if (!Array.isArray(stored)) return stored
  let i = 0
  const take = (upload: SniffedUpload | null) => (upload ? asDraftFile(stored[i++]!) : null)
  const data: DraftData = {
    dataPdf: take(slots[0]!),
    dataWord: take(slots[1]!),
    dataOther: take(slots[2]!),
    additionalFiles: additional.map(() => asDraftFile(stored[i++]!)),
    notes: (input.notes ?? '').trim(),
  }
  const publicId = newPublicId()
  let outbox: Outbox = []
  let mails: MailIds = []
  try {
    await tenantTransaction(t, async (tx) => {
      const inserted = await scopedInsert(tx, 'drafts', {
        public_id: publicId,
        order_id: order.id,
        service_id: input.serviceId,
        writer_id: input.writerUserId ?? order.writer_id,
        data: JSON.stringify(data),
        approval_status: pending ? 'pending' : null,
        delivered_at: pending ? null : new Date(),
      }).executeTakeFirstOrThrow()
      const draftId = Number(inserted.insertId)
      const name = serviceNameOf(order, input.serviceId)
      await recordActivity(tx, order.id, t.user.id, `${who(t)} uploaded a draft of ${name}${pending ? ': it waits for approval' : ''}`)
      outbox = await notify.draftUploaded(tx, { draftId, actorUserId: t.user.id })
      if (pending) return
      outbox = [...outbox, ...(await draftReachedCustomer(tx, order, publicId, name, t.user.id))]
      // The customer's e-mail commits with the draft (ADR 0109).
      mails = await orderMail.draftDelivered(tx, publicId)
    })
  } catch (error) {
    await removeAll(t, stored)
    throw error
  }
  await kickOutbox(mails)
  await deliver(outbox)
  return { ok: true, draftId: publicId, orderId: order.public_id, pending }
}

/** The customer hears that a draft is there for them (a delivered or an approved one). */
export function draftReachedCustomer(tx: TenantScope, order: Pick<OrderRow, 'id' | 'public_id'>, draftPublicId: string, serviceName: string, actorUserId: number | null) {
  return notifyPortal.customerInformed(tx, {
    orderId: order.id,
    actorUserId,
    content: `A new draft of ${serviceName} is ready for you`,
    link: customerDraftPath(order.public_id, draftPublicId),
  })
}

/** After an admin approved a draft (revisions.server.ts): the customer's notification, as deliverDraft gives it. */
export async function approvedDraftReachedCustomer(t: TenantScope, draftPublicId: string): Promise<void> {
  const draft = await scoped(t, 'drafts').select(['order_id', 'service_id', 'approval_status']).where('public_id', '=', draftPublicId).executeTakeFirst()
  if (!draft || draft.approval_status !== 'approved') return
  const order = await scoped(t, 'orders').select(['id', 'public_id', 'services']).where('id', '=', draft.order_id).executeTakeFirst()
  if (!order) return
  const name = order.services.find((s) => s._id === draft.service_id)?.serviceName ?? 'a service'
  await deliver(await draftReachedCustomer(t, order, draftPublicId, name, null))
}

export type FinalDocumentsResult = { ok: true; again: boolean; moduleId: string; completed: boolean } | Failure

/**
 * The final documents of one service: stored as the order's final_document files, the service's final
 * step (final_document or final_linkedin) completes, the customer hears of it and gets the e-mail
 * (final_documents_reuploaded when the service had final documents already). When every module is done
 * the order completes (completeTask moves the status percentage and completed_at).
 */
export async function uploadFinalDocuments(t: Actor, orderPublicId: string, serviceId: string, uploads: readonly SniffedUpload[]): Promise<FinalDocumentsResult> {
  const order = await findOrder(t, orderPublicId)
  if (!order) return { ok: false, status: 404, error: DRAFT_ORDER_NOT_FOUND }
  const service = order.services.find((s) => s._id === serviceId)
  if (!service) return { ok: false, status: 400, error: DRAFT_SERVICE_NOT_FOUND }
  const moduleId = service.serviceModules.map((m) => m.id).find((id) => (FINAL_MODULES as readonly string[]).includes(id))
  if (!moduleId) return { ok: false, status: 400, error: FINAL_NOT_IN_WORKFLOW }
  if (uploads.length === 0) return { ok: false, status: 400, error: FINAL_FILE_REQUIRED }
  if (uploads.length > MAX_ADDITIONAL_FILES) return { ok: false, status: 400, error: `Attach at most ${MAX_ADDITIONAL_FILES} files at once` }
  const stored = await storeAll(t, uploads)
  if (!Array.isArray(stored)) return stored
  const batchId = newPublicId()
  let outbox: Outbox = []
  let mails: MailIds = []
  let again = false
  try {
    await tenantTransaction(t, async (tx) => {
      const earlier = await scoped(tx, 'order_files')
        .select('id')
        .where('order_id', '=', order.id)
        .where('kind', '=', 'final_document')
        .where('service_id', '=', serviceId)
        .limit(1)
        .executeTakeFirst()
      again = !!earlier
      const ids = await scoped(tx, 'files')
        .select(['id', 'public_id'])
        .where(
          'public_id',
          'in',
          stored.map((f) => f._id),
        )
        .execute()
      for (const f of stored) {
        await scopedInsert(tx, 'order_files', {
          public_id: newPublicId(),
          order_id: order.id,
          file_id: ids.find((r) => r.public_id === f._id)!.id,
          kind: 'final_document',
          service_id: serviceId,
          uploaded_by: t.user.id,
        }).execute()
      }
      await completeTask(tx, order, { serviceId, taskId: moduleId })
      const names = stored.map((f) => f.originalname).join(', ')
      await recordActivity(tx, order.id, t.user.id, `${who(t)} ${again ? 're-uploaded' : 'uploaded'} the final documents of ${service.serviceName}: ${names}`)
      outbox = await notifyPortal.customerInformed(tx, {
        orderId: order.id,
        actorUserId: t.user.id,
        content: `${again ? 'Updated final documents' : 'Your final documents'} of ${service.serviceName} ${again ? 'are' : 'are ready'} to download`,
        link: `/my-orders/${order.public_id}#final-documents`,
      })
      mails = await draftMail.finalDocuments(tx, order.id, { again, serviceId, batchId, uploaderUserId: t.user.id })
    })
  } catch (error) {
    await removeAll(t, stored)
    throw error
  }
  await kickOutbox(mails)
  await deliver(outbox)
  const after = await findOrder(t, orderPublicId)
  return { ok: true, again, moduleId, completed: !!after?.completed_at }
}
