// One order as its contributor works on it (issue 26, ADR 0067): what the writer or reviewer reads (the brief,
// the modules and what each waits on, drafts with the customer's and the reviewer's answers, activity) with the
// customer's contact details left out, and what they do (deliver, replace or withdraw a draft, mark a step done,
// follow-up questions, final documents, approve or reject as the reviewer). Every function takes the order the
// route found through requireContributorOrder, so another person's order never reaches here.
import { sql } from 'kysely'
import { customerForContributor, type CustomerContact } from '#app/rules/contributor'
import { orderTimeline } from '#app/rules/order-timeline'
import { projectStatus } from '#app/rules/project-status'
import {
  contributorWait,
  type ContributorModule,
  DRAFT_SEEN,
  draftSeen,
  isWriterTask,
  mayWithdrawDraft,
  needsWriter,
  NOT_WRITER_TASK,
  NOTES_OFF,
  ONLY_THE_REVIEWER,
  ONLY_THE_WRITER,
  OWN_DRAFT,
  redactCustomerText,
  TASK_ALREADY_DONE,
  TASK_AMBIGUOUS,
  TASK_NOT_ON_ORDER,
} from '#app/rules/work-order'
import type { SniffedUpload } from '#app/services/storage.server'
import type { DraftFile } from '#db/tables/orders'
import { scoped, scopedAs, scopedJoin, scopedUpdate } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import { sendFollowUpQuestions, staffBrief, type StaffBriefSection } from './brief.server'
import type { Contributor, ContributorOrder } from './contributor-orders.server'
import { deliverDraft, FINAL_MODULES, uploadFinalDocuments } from './draft-delivery.server'
import { ALREADY_WITHDRAWN, DRAFT_COLUMNS, DRAFT_NOT_FOUND, type DraftJson, type DraftRow, toDraftJson } from './drafts.server'
import { getWebsiteSettings, type WebsiteSettings } from './organisation-settings.server'
import { completeTask, findOrder, peopleById, recordActivity, tagsOfOrders, type OrderRow, type OrderTag } from './orders.server'
import { approveRevision, rejectRevisionWithUploads } from './revisions.server'

/** The route's contributor on the order it found (requireContributorOrder). */
export type WorkCtx = Contributor & ContributorOrder

export type Failure = { ok: false; status: number; error: string; errors?: Record<string, string> }
const fail = (status: number, error: string): Failure => ({ ok: false, status, error })

const ACTIVITY_LIMIT = 100

export type WorkAnswer = { kind: 'accepted' | 'revision'; automatic: boolean; notes: string; files: DraftFile[]; createdAt: string }

export type WorkDraft = DraftJson & {
  serviceName: string
  /** Delivered to the customer (they can open it) or decided by the reviewer: no longer withdrawn or replaced. */
  seen: boolean
  canWithdraw: boolean
  deliveredAt: string | null
  /** The customer's answer: accepted, or a revision request with its reason and files. */
  customerAnswer: WorkAnswer | null
}

export type WorkService = { _id: string; serviceName: string; finalStep: boolean }

export type WorkOrderView = {
  _id: string
  role: WorkCtx['role']
  productName: string
  dueDate: string | null
  priority: OrderRow['priority']
  statusPercentage: number
  projectStatus: ReturnType<typeof projectStatus>
  markedAsComplete: boolean
  needsAction: boolean
  tags: OrderTag[]
  customer: CustomerContact
  brief: StaffBriefSection[]
  modules: ContributorModule[]
  services: WorkService[]
  drafts: WorkDraft[]
  activity: { content: string; createdAt: string }[]
  switches: { notes: boolean; approval: boolean; writerCustomerChat: boolean }
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

function customerOf(order: OrderRow, settings: WebsiteSettings): CustomerContact {
  return customerForContributor(
    { firstName: order.customer_first_name, lastName: order.customer_last_name, email: order.customer_email, phone: null, address: null },
    settings.show_customer_contact_to_writers,
  )
}

/** Drafts of the order with delivered_at (not in DRAFT_COLUMNS) and the customer's answers. */
async function draftsWithAnswers(t: WorkCtx) {
  const [rows, answers] = await Promise.all([
    scoped(t, 'drafts')
      .select([...DRAFT_COLUMNS, 'delivered_at'])
      .where('order_id', '=', t.order.id)
      .orderBy('created_at')
      .orderBy('id')
      .limit(500)
      .execute(),
    scoped(t, 'draft_responses').select(['draft_id', 'kind', 'automatic', 'notes', 'files', 'created_at']).where('order_id', '=', t.order.id).execute(),
  ])
  const byDraft = new Map(answers.map((a) => [a.draft_id, a]))
  return rows.map((r) => ({ row: r as DraftRow & { delivered_at: Date | null }, answer: byDraft.get(r.id) }))
}

/** Everything the order page and GET /api/writer/orders/{id} show; never the price the customer paid. */
export async function workOrderView(t: WorkCtx, now = new Date()): Promise<WorkOrderView> {
  const order = t.order
  const [settings, brief, drafts, tasks, tags, activity] = await Promise.all([
    getWebsiteSettings(t),
    staffBrief(t, order),
    draftsWithAnswers(t),
    scoped(t, 'order_tasks').select(['service_id', 'task_id']).where('order_id', '=', order.id).execute(),
    tagsOfOrders(t, [order.id]),
    scoped(t, 'order_activity')
      .select(['content', 'created_at'])
      .where('order_id', '=', order.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(ACTIVITY_LIMIT)
      .execute(),
  ])
  const show = settings.show_customer_contact_to_writers
  const plain = { firstName: order.customer_first_name, lastName: order.customer_last_name, email: order.customer_email }
  const redact = (text: string) => redactCustomerText(text, plain, show)
  const people = await peopleById(
    t,
    drafts.flatMap((d) => [d.row.writer_id, d.row.deleted_by]),
  )
  const serviceName = (id: string) => order.services.find((s) => s._id === id)?.serviceName ?? ''
  const workDrafts = drafts.map(({ row, answer }): WorkDraft => {
    const json = toDraftJson(row, order.public_id, people)
    return {
      ...json,
      serviceName: serviceName(row.service_id),
      seen: draftSeen(row),
      canWithdraw: t.role === 'writer' && mayWithdrawDraft(row),
      deliveredAt: iso(row.delivered_at),
      customerAnswer: answer
        ? { kind: answer.kind, automatic: !!answer.automatic, notes: redact(answer.notes ?? ''), files: answer.files ?? [], createdAt: iso(answer.created_at)! }
        : null,
    }
  })
  // The latest live draft of each service decides what the revision step waits on and whether the writer is needed.
  const latest = new Map<string, (typeof drafts)[number]>()
  for (const d of drafts) if (!d.row.deleted_at) latest.set(d.row.service_id, d)
  const revisionState = (serviceId: string): 'pending' | 'delivered' | 'none' => {
    const d = latest.get(serviceId)
    if (!d || d.answer) return 'none'
    if (d.row.approval_status === 'pending') return 'pending'
    return d.row.delivered_at ? 'delivered' : 'none'
  }
  const timeline = orderTimeline(
    order.services,
    tasks.map((x) => ({ serviceId: x.service_id, taskId: x.task_id })),
    !!order.marked_as_complete,
  )
  return {
    _id: order.public_id,
    role: t.role,
    productName: order.package_name,
    dueDate: iso(order.due_date),
    priority: order.priority,
    statusPercentage: order.status_percentage,
    projectStatus: projectStatus({ statusPercentage: order.status_percentage, dueDate: order.due_date }, now),
    markedAsComplete: !!order.marked_as_complete,
    needsAction: order.status_percentage < 100 && needsWriter([...latest.values()].map((d) => ({ approval_status: d.row.approval_status, answer: d.answer?.kind ?? null }))),
    tags: tags.get(order.id) ?? [],
    customer: customerOf(order, settings),
    brief: brief.map((s) => ({ ...s, answers: s.answers.map((a) => ({ ...a, answer: redact(a.answer) })) })),
    modules: timeline.map((m) => ({ ...m, serviceName: serviceName(m.serviceId), waits: contributorWait(m, revisionState(m.serviceId)), writerTask: isWriterTask(m.id) })),
    services: order.services.map((s) => ({ _id: s._id, serviceName: s.serviceName, finalStep: s.serviceModules.some((m) => (FINAL_MODULES as readonly string[]).includes(m.id)) })),
    drafts: workDrafts,
    activity: activity.map((a) => ({ content: redact(a.content), createdAt: iso(a.created_at)! })),
    switches: {
      notes: settings.enable_writer_notes,
      approval: settings.enable_revisions_approval_feature,
      writerCustomerChat: t.role === 'writer' && !settings.disable_writer_customer_chat,
    },
  }
}

/** The JSON of GET /api/writer/orders/{id}: the contract's {_id, brief, modules, drafts, customer} and the page's other fields. */
export function workOrderJson(view: WorkOrderView) {
  const { switches, ...rest } = view
  return { ...rest, settings: { enable_writer_notes: switches.notes, enable_revisions_approval_feature: switches.approval, writerCustomerChat: switches.writerCustomerChat } }
}

// ---------------------------------------------------------------------------------------------
// The writer's work

const writerOnly = (t: WorkCtx): Failure | null => (t.role === 'writer' ? null : fail(403, ONLY_THE_WRITER))
const fullName = (t: WorkCtx) => `${t.user.firstName} ${t.user.lastName}`.trim() || 'Someone'

export type WriterDraftInput = {
  serviceId: string
  pdf?: SniffedUpload | null
  word?: SniffedUpload | null
  other?: SniffedUpload | null
  additional?: readonly SniffedUpload[]
  notes?: string
  /** A draft of the same service this one replaces (withdrawn once the new one is stored). */
  replaces?: string | null
}

export type WriterDraftResult = { ok: true; draftId: string; pending: boolean; replaced: string | null } | Failure

/**
 * A draft from the order's writer through deliverDraft (one rule for approval on or off). Notes only with
 * enable_writer_notes. A replacement names an unseen draft of the same service, which is withdrawn after.
 */
export async function deliverWriterDraft(t: WorkCtx, input: WriterDraftInput): Promise<WriterDraftResult> {
  const refused = writerOnly(t)
  if (refused) return refused
  const settings = await getWebsiteSettings(t)
  if ((input.notes ?? '').trim() && !settings.enable_writer_notes) return { ...fail(400, NOTES_OFF), errors: { notes: NOTES_OFF } }
  if (input.replaces) {
    const old = await ownDraft(t, input.replaces)
    if (!old || old.service_id !== input.serviceId) return fail(404, DRAFT_NOT_FOUND)
    if (old.deleted_at) return fail(409, ALREADY_WITHDRAWN)
    if (!mayWithdrawDraft(old)) return fail(409, DRAFT_SEEN)
  }
  const result = await deliverDraft(t, { ...input, notes: settings.enable_writer_notes ? input.notes : '', orderPublicId: t.order.public_id, writerUserId: t.user.id })
  if (!result.ok) return result
  let replaced: string | null = null
  if (input.replaces) {
    const withdrawn = await withdrawUnseen(t, input.replaces, 'Replaced by a new draft')
    replaced = withdrawn.ok ? input.replaces : null
  }
  return { ok: true, draftId: result.draftId, pending: result.pending, replaced }
}

async function ownDraft(t: WorkCtx, draftPublicId: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(draftPublicId)) return undefined
  return scoped(t, 'drafts')
    .select(['id', 'public_id', 'service_id', 'writer_id', 'approval_status', 'delivered_at', 'deleted_at'])
    .where('public_id', '=', draftPublicId)
    .where('order_id', '=', t.order.id)
    .executeTakeFirst()
}

/** Withdraws a draft nobody has seen; the conditions in the update make a parallel decision win or lose cleanly. */
async function withdrawUnseen(t: WorkCtx, draftPublicId: string, reason: string): Promise<{ ok: true; serviceId: string } | Failure> {
  const draft = await ownDraft(t, draftPublicId)
  if (!draft) return fail(404, DRAFT_NOT_FOUND)
  if (draft.deleted_at) return fail(409, ALREADY_WITHDRAWN)
  if (!mayWithdrawDraft(draft)) return fail(409, DRAFT_SEEN)
  const result = await scopedUpdate(t, 'drafts')
    .set({ deleted_by: t.user.id, deleted_reason: reason, deleted_at: sql<Date>`CURRENT_TIMESTAMP(3)`, updated_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
    .where('id', '=', draft.id)
    .where('deleted_at', 'is', null)
    .where('delivered_at', 'is', null)
    .where('approval_status', '=', 'pending')
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) return fail(409, DRAFT_SEEN)
  const name = t.order.services.find((s) => s._id === draft.service_id)?.serviceName ?? 'a service'
  await recordActivity(t, t.order.id, t.user.id, `${fullName(t)} withdrew a draft of ${name}. Reason: ${reason}`)
  return { ok: true, serviceId: draft.service_id }
}

/** The writer takes back a draft before the reviewer decided on it (a delivered draft is seen: refused). */
export async function withdrawWriterDraft(t: WorkCtx, draftPublicId: string, reason: string): Promise<{ ok: true; serviceId: string } | Failure> {
  const refused = writerOnly(t)
  if (refused) return refused
  return withdrawUnseen(t, draftPublicId, reason)
}

export type TaskDoneResult = { ok: true; serviceId: string; taskId: string; statusPercentage: number; completed: boolean } | Failure

/**
 * Marks one of the writer's steps done (ADR 0067: the team's modules, never the customer's). The task id is
 * the module id; when the module is in several workflows the caller names the workflow.
 */
export async function completeWriterTask(t: WorkCtx, input: { taskId: string; serviceId?: string | null }): Promise<TaskDoneResult> {
  const refused = writerOnly(t)
  if (refused) return refused
  const order = t.order
  const holding = order.services.filter((s) => s.serviceModules.some((m) => m.id === input.taskId) && (!input.serviceId || s._id === input.serviceId))
  if (holding.length === 0) return fail(404, TASK_NOT_ON_ORDER)
  if (holding.length > 1) return fail(400, TASK_AMBIGUOUS)
  if (!isWriterTask(input.taskId)) return fail(403, NOT_WRITER_TASK)
  if (order.marked_as_complete) return fail(409, TASK_ALREADY_DONE)
  const service = holding[0]!
  const title = service.serviceModules.find((m) => m.id === input.taskId)?.title ?? input.taskId
  const done = await tenantTransaction(t, async (tx) => {
    const earlier = await scoped(tx, 'order_tasks')
      .select('id')
      .where('order_id', '=', order.id)
      .where('service_id', '=', service._id)
      .where('task_id', '=', input.taskId)
      .forUpdate()
      .executeTakeFirst()
    if (earlier) return false
    await completeTask(tx, order, { serviceId: service._id, taskId: input.taskId })
    await recordActivity(tx, order.id, t.user.id, `${fullName(t)} marked ${title} of ${service.serviceName} as done`)
    return true
  })
  if (!done) return fail(409, TASK_ALREADY_DONE)
  const after = (await findOrder(t, order.public_id))!
  return { ok: true, serviceId: service._id, taskId: input.taskId, statusPercentage: after.status_percentage, completed: !!after.completed_at }
}

export async function writerFollowUpQuestions(t: WorkCtx, serviceId: string, questions: readonly string[]) {
  const refused = writerOnly(t)
  if (refused) return refused
  return sendFollowUpQuestions(t, t.order.public_id, serviceId, questions)
}

export async function writerFinalDocuments(t: WorkCtx, serviceId: string, uploads: readonly SniffedUpload[]) {
  const refused = writerOnly(t)
  if (refused) return refused
  return uploadFinalDocuments(t, t.order.public_id, serviceId, uploads)
}

// ---------------------------------------------------------------------------------------------
// The reviewer's decisions

/**
 * May this contributor decide this draft here? Only the order's reviewer, only a draft of this very order
 * (a draft id of another order is not found), never a draft they wrote themselves.
 */
export async function reviewerRefusal(t: WorkCtx, draftPublicId: string): Promise<Failure | null> {
  const draft = await ownDraft(t, draftPublicId)
  if (!draft) return fail(404, DRAFT_NOT_FOUND)
  if (draft.writer_id === t.user.id) return fail(403, OWN_DRAFT)
  if (t.role !== 'reviewer' || t.order.reviewer_id !== t.user.id) return fail(403, ONLY_THE_REVIEWER)
  return null
}

export async function reviewerApprove(t: WorkCtx, draftPublicId: string) {
  const refused = await reviewerRefusal(t, draftPublicId)
  if (refused) return refused
  return approveRevision(t, draftPublicId)
}

export async function reviewerReject(t: WorkCtx, draftPublicId: string, reason: string, uploads: readonly SniffedUpload[]) {
  const refused = await reviewerRefusal(t, draftPublicId)
  if (refused) return refused
  return rejectRevisionWithUploads(t, draftPublicId, reason, uploads)
}

// ---------------------------------------------------------------------------------------------
// Files of the order a contributor may download

/**
 * A file of this order by reference: an order file's public id (the customer's documents, final documents)
 * or the storage key of a draft's file, a rejection file or a revision request's file of this order. Anything
 * else, including another order's file, is null.
 */
export async function workOrderFile(t: WorkCtx, ref: string): Promise<{ key: string; name: string } | null> {
  if (!ref || ref.length > 300) return null
  const orderFile = await scopedAs(t, 'order_files', 'of')
    .innerJoin('files as f', (j) => scopedJoin(t, 'f', j.onRef('f.id', '=', 'of.file_id')))
    .select(['f.storage_key', 'f.original_name'])
    .where('of.order_id', '=', t.order.id)
    .where('of.public_id', '=', ref)
    .executeTakeFirst()
  if (orderFile) return { key: orderFile.storage_key, name: orderFile.original_name }
  const drafts = await draftsWithAnswers(t)
  for (const { row, answer } of drafts) {
    const files: DraftFile[] = [
      ...[row.data.dataPdf, row.data.dataWord, row.data.dataOther].filter((f): f is DraftFile => !!f),
      ...(row.data.additionalFiles ?? []),
      ...(row.rejection_files ?? []),
      ...(answer?.files ?? []),
    ]
    const hit = files.find((f) => f.file.key === ref)
    if (hit) return { key: hit.file.key, name: hit.file.originalname }
  }
  return null
}

/** One draft of this order in the spec's drafts shape (the answer of POST /api/writer/orders/{id}/drafts). */
export async function workDraftJson(t: WorkCtx, draftPublicId: string): Promise<DraftJson | null> {
  const row = (await scoped(t, 'drafts').select(DRAFT_COLUMNS).where('public_id', '=', draftPublicId).where('order_id', '=', t.order.id).executeTakeFirst()) as DraftRow | undefined
  if (!row) return null
  return toDraftJson(row, t.order.public_id, await peopleById(t, [row.writer_id, row.deleted_by]))
}
