// Revisions approval: drafts waiting for an admin's decision when the organisation enables it, and
// the two decisions (approve; reject with a reason and files for the writer).
import { sql } from 'kysely'
import { audited } from './audit.server'
import { approvedDraftReachedCustomer } from './draft-delivery.server'
import { claimFile, deleteFile, findFile, saveUpload, type StoredFile } from './files.server'
import { getWebsiteSettings } from './organisation-settings.server'
import { deliver, notify, type Outbox } from './notifications.server'
import { type MailIds, orderMail } from './order-mail.server'
import { peopleById, recordActivity } from './orders.server'
import { REJECTION_FILE_NOT_FOUND, REVISION_ALREADY_DECIDED, REVISION_NOT_FOUND, REVISIONS_APPROVAL_OFF, REVISIONS_PAGE_SIZES, UPLOAD_FAILED } from './revisions.schema'
import type { SniffedUpload } from '#app/services/storage.server'
import { scoped, scopedAs, scopedJoin, scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import { kickOutbox } from '#app/services/outbox.server'
import type { DraftData, DraftFile, OrderServiceSnapshot } from '#db/tables/orders'

type Actor = TenantScope & { user: { id: number; firstName: string; lastName: string; role: string } }

/** The spec's Revision (back-office section 3), plus the order it belongs to. */
export type RevisionJson = {
  _id: string
  order_id: string
  packageName: string
  serviceName: string
  customerName: string
  writerName: string | null
  createdAt: string
  data: { notes: string; dataPdf: DraftFile | null; dataWord: DraftFile | null; dataOther: DraftFile | null; additionalFiles: DraftFile[] }
}

export type RevisionsPage = { settings: { enable_revisions_approval_feature: boolean }; revisions: RevisionJson[]; count: number }

/** Rejection files are read by whoever handles the order and by the writer the rejection goes back to. */
export const REJECTION_FILE_PURPOSE = 'draft_rejection' as const

const serviceNameOf = (services: OrderServiceSnapshot[], serviceId: string) => services.find((s) => s._id === serviceId)?.serviceName ?? ''

function pendingDrafts(t: TenantScope) {
  // Withdrawn drafts (deleted_by / deleted_at) are never decided.
  return scopedAs(t, 'drafts', 'd').where('d.approval_status', '=', 'pending').where('d.deleted_at', 'is', null).where('d.deleted_by', 'is', null)
}

/**
 * The approval queue, oldest first (ADR 0025): the longest-waiting writer is answered first. One
 * query for the page, one for the writers' names, one for the count; nothing per row.
 */
export async function listRevisions(t: TenantScope, opts: { start?: number; size?: number } = {}): Promise<RevisionsPage> {
  const enabled = (await getWebsiteSettings(t)).enable_revisions_approval_feature
  const settings = { enable_revisions_approval_feature: enabled }
  if (!enabled) return { settings, revisions: [], count: 0 }
  const size = opts.size ?? REVISIONS_PAGE_SIZES[0]
  const [rows, total] = await Promise.all([
    pendingDrafts(t)
      .innerJoin('orders as o', (j) => scopedJoin(t, 'o', j.onRef('o.id', '=', 'd.order_id')))
      .select([
        'd.id',
        'd.public_id',
        'd.service_id',
        'd.writer_id',
        'd.data',
        'd.created_at',
        'o.public_id as order_public_id',
        'o.package_name',
        'o.customer_name',
        'o.services',
        'o.writer_id as order_writer_id',
      ])
      .orderBy('d.created_at', 'asc')
      .orderBy('d.id', 'asc')
      .limit(size)
      .offset(opts.start ?? 0)
      .execute(),
    pendingDrafts(t)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ])
  const people = await peopleById(
    t,
    rows.map((r) => r.writer_id ?? r.order_writer_id),
  )
  const revisions = rows.map((r): RevisionJson => {
    const writer = people.get((r.writer_id ?? r.order_writer_id) as number)
    const data: DraftData = r.data ?? {}
    return {
      _id: r.public_id,
      order_id: r.order_public_id,
      packageName: r.package_name,
      serviceName: serviceNameOf(r.services, r.service_id),
      customerName: r.customer_name,
      writerName: writer ? `${writer.firstName} ${writer.lastName}`.trim() : null,
      createdAt: new Date(r.created_at).toISOString(),
      data: {
        notes: data.notes ?? '',
        dataPdf: data.dataPdf ?? null,
        dataWord: data.dataWord ?? null,
        dataOther: data.dataOther ?? null,
        additionalFiles: data.additionalFiles ?? [],
      },
    }
  })
  return { settings, revisions, count: Number(total.count) }
}

export type DecisionResult = { ok: true; revisionId: string; orderId: string; status: 'approved' | 'rejected' } | { ok: false; status: number; error: string }

/** The draft with its order; `lock` holds the row until the transaction ends, so decisions queue up. */
async function findDraft(t: TenantScope, publicId: string, lock = false) {
  let query = scopedAs(t, 'drafts', 'd')
    .innerJoin('orders as o', (j) => scopedJoin(t, 'o', j.onRef('o.id', '=', 'd.order_id')))
    .select(['d.id', 'd.order_id', 'd.approval_status', 'd.deleted_at', 'd.deleted_by', 'd.service_id', 'o.public_id as order_public_id', 'o.services'])
    .where('d.public_id', '=', publicId)
  if (lock) query = query.forUpdate()
  const row = await query.executeTakeFirst()
  if (!row) return undefined
  return { ...row, deleted: row.deleted_at !== null || row.deleted_by !== null }
}

type DraftToDecide = NonNullable<Awaited<ReturnType<typeof findDraft>>>

/** Why this draft cannot be decided now (null: it can): unknown or foreign 404, withdrawn or decided 409. */
function refusal(draft: DraftToDecide | undefined): { status: number; error: string } | null {
  if (!draft) return { status: 404, error: REVISION_NOT_FOUND }
  if (draft.deleted || draft.approval_status !== 'pending') return { status: 409, error: REVISION_ALREADY_DECIDED }
  return null
}

async function featureRefusal(t: TenantScope): Promise<{ ok: false; status: number; error: string } | null> {
  return (await getWebsiteSettings(t)).enable_revisions_approval_feature ? null : { ok: false, status: 409, error: REVISIONS_APPROVAL_OFF }
}

const who = (t: Actor) => `${t.user.firstName} ${t.user.lastName}`.trim()

/** pending → approved, under a row lock so a second decision (or a parallel one) is refused. */
export async function approveRevision(t: Actor, publicId: string): Promise<DecisionResult> {
  const off = await featureRefusal(t)
  if (off) return off
  let outbox: Outbox = []
  let mails: MailIds = []
  const result = await tenantTransaction(t, async (tx): Promise<DecisionResult> => {
    const draft = await findDraft(tx, publicId, true)
    const refused = refusal(draft)
    if (refused || !draft) return { ok: false, ...(refused ?? { status: 404, error: REVISION_NOT_FOUND }) }
    await scopedUpdate(tx, 'drafts')
      .set({ approval_status: 'approved', delivered_at: sql<Date>`CURRENT_TIMESTAMP(3)`, updated_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
      .where('id', '=', draft.id)
      .execute()
    await recordActivity(tx, draft.order_id, t.user.id, `${serviceNameOf(draft.services, draft.service_id) || 'Draft'} revision approved by ${who(t)}`)
    outbox = await notify.revisionDecided(tx, { draftId: draft.id, decision: 'approved', actorUserId: t.user.id })
    // The contributor's and the customer's e-mails commit with the decision (ADR 0109).
    mails = await orderMail.draftApproved(tx, publicId)
    return { ok: true, revisionId: publicId, orderId: draft.order_public_id, status: 'approved' }
  })
  await kickOutbox(mails)
  await deliver(outbox)
  if (result.ok) await approvedDraftReachedCustomer(t, publicId)
  return result
}

/** The files to send back, each an upload of this organisation (a generic one, or already a rejection file). */
async function usableRejectionFiles(t: TenantScope, keys: readonly string[]): Promise<boolean> {
  for (const key of new Set(keys)) {
    const row = await findFile(t, key)
    if (!row || row.storage_key !== key || (row.purpose !== 'upload' && row.purpose !== REJECTION_FILE_PURPOSE)) return false
  }
  return true
}

const asDraftFile = (f: StoredFile): DraftFile => ({ file: { key: f.key, originalname: f.originalname, size: f.size, mimetype: f.mimetype } })

/**
 * pending → rejected with the reason and the files (storage keys of this organisation's uploads,
 * stored in the draft's file shape). Nothing changes unless every file is usable.
 */
export async function rejectRevision(t: Actor, publicId: string, input: { rejectionReason: string; uploadedFiles: readonly string[] }): Promise<DecisionResult> {
  const off = await featureRefusal(t)
  if (off) return off
  if (!(await usableRejectionFiles(t, input.uploadedFiles))) {
    // Say 404 for the draft first: a foreign id must not learn anything from the files check.
    const exists = await scoped(t, 'drafts').select('id').where('public_id', '=', publicId).executeTakeFirst()
    return exists ? { ok: false, status: 400, error: REJECTION_FILE_NOT_FOUND } : { ok: false, status: 404, error: REVISION_NOT_FOUND }
  }
  let outbox: Outbox = []
  let mails: MailIds = []
  const result = await tenantTransaction(t, async (tx): Promise<DecisionResult> => {
    const draft = await findDraft(tx, publicId, true)
    const refused = refusal(draft)
    if (refused || !draft) return { ok: false, ...(refused ?? { status: 404, error: REVISION_NOT_FOUND }) }
    const files: DraftFile[] = []
    for (const key of new Set(input.uploadedFiles)) {
      const claimed = await claimFile(tx, key, REJECTION_FILE_PURPOSE)
      // Checked above; only a parallel change of the file could get here, and the transaction undoes the claims.
      if (!claimed) throw new Error(`Rejection file ${key} changed while rejecting`)
      files.push(asDraftFile(claimed))
    }
    await scopedUpdate(tx, 'drafts')
      .set({
        approval_status: 'rejected',
        rejection_reason: input.rejectionReason,
        rejection_files: files.length ? JSON.stringify(files) : null,
        updated_at: sql<Date>`CURRENT_TIMESTAMP(3)`,
      })
      .where('id', '=', draft.id)
      .execute()
    await recordActivity(tx, draft.order_id, t.user.id, `${serviceNameOf(draft.services, draft.service_id) || 'Draft'} revision rejected by ${who(t)}: ${input.rejectionReason}`)
    outbox = await notify.revisionDecided(tx, { draftId: draft.id, decision: 'rejected', reason: input.rejectionReason, actorUserId: t.user.id })
    mails = await orderMail.draftRejected(tx, publicId)
    return { ok: true, revisionId: publicId, orderId: draft.order_public_id, status: 'rejected' }
  })
  await kickOutbox(mails)
  await deliver(outbox)
  return result
}

/** Is this draft of ours and still waiting? Checked before a form's files are stored, so a refused rejection stores nothing. */
export async function decisionRefusal(t: TenantScope, publicId: string): Promise<{ ok: false; status: number; error: string } | null> {
  const off = await featureRefusal(t)
  if (off) return off
  const refused = refusal(await findDraft(t, publicId))
  return refused ? { ok: false, ...refused } : null
}

/**
 * The reject dialog's path: stores the attached files as rejection files, then rejects with them.
 * If the rejection is refused after all (decided meanwhile), the stored files are removed again.
 */
export async function rejectRevisionWithUploads(t: Actor, publicId: string, rejectionReason: string, uploads: readonly SniffedUpload[]): Promise<DecisionResult> {
  const before = await decisionRefusal(t, publicId)
  if (before) return before
  const stored: StoredFile[] = []
  for (const upload of uploads) {
    const saved = await saveUpload(t, upload, REJECTION_FILE_PURPOSE)
    if ('error' in saved) {
      for (const f of stored) await deleteFile(t, f.key)
      return { ok: false, status: saved.status ?? 400, error: `${UPLOAD_FAILED} ${saved.error}` }
    }
    stored.push(saved)
  }
  const result = await rejectRevision(t, publicId, { rejectionReason, uploadedFiles: stored.map((f) => f.key) })
  if (!result.ok) for (const f of stored) await deleteFile(t, f.key)
  return result
}

/** A decision's audit row: on the revision's order, or the refusal. */
const decision = (action: 'revision_approve' | 'revision_reject', publicId: string) => {
  const what = `${action === 'revision_approve' ? 'Approved' : 'Rejected'} revision ${publicId}`
  return { module: 'orders', action, message: (r: DecisionResult) => (r.ok ? `${what} (order ${r.orderId})` : `${what} refused: ${r.error}`) }
}

/** The revision actions as routes call them: each writes its audit row, success or refusal. */
export const revisionActions = {
  list: listRevisions,
  async approve(t: Actor, request: Request, publicId: string) {
    return audited(t, request, decision('revision_approve', publicId), await approveRevision(t, publicId))
  },
  async reject(t: Actor, request: Request, publicId: string, input: { rejectionReason: string; uploadedFiles: readonly string[] }) {
    return audited(t, request, decision('revision_reject', publicId), await rejectRevision(t, publicId, input))
  },
  async rejectWithUploads(t: Actor, request: Request, publicId: string, rejectionReason: string, uploads: readonly SniffedUpload[]) {
    return audited(t, request, decision('revision_reject', publicId), await rejectRevisionWithUploads(t, publicId, rejectionReason, uploads))
  },
}
