// The customer's brief (issue 25, ADR 0061): documents, questionnaires, follow-up questions and appointments
// of one of the customer's orders, shared by the portal's task pages and calls and by the project page.
// Every customer function starts from the customer's own order (not a test or hidden one); each submission
// completes its task, writes activity, notifies the team and queues its e-mail once.
import {
  ALREADY_SUBMITTED,
  answerable,
  answerText,
  briefKind,
  type BriefKind,
  CUSTOMER_DOCUMENT_TYPES,
  DOCUMENT_TYPE_REFUSED,
  followUpItems,
  formatAppointment,
  isAcceptableDocument,
  isFileList,
  MAX_FOLLOW_UP_QUESTIONS,
  MAX_PROPOSED_TIMES,
  mergeAnswers,
  missingRequired,
  NO_QUESTIONS_YET,
  parseTime,
  safeLink,
  SUBMIT_ERRORS,
} from '#app/rules/brief'
import { FILE_NAME_RULE, isAllowedFileName } from '#app/rules/file-name'
import { can, type Principal } from '#app/rules/permissions'
import { newPublicId } from '#app/services/crypto.server'
import { MAX_UPLOAD_BYTES, sniffUpload, type SniffedUpload } from '#app/services/storage.server'
import type { AnswerFile, Answers, Appointment, BriefResponse, FollowUpQuestion } from '#db/tables/brief'
import type { FormItem } from '#db/tables/content'
import type { OrderServiceSnapshot } from '#db/tables/orders'
import { scoped, scopedAs, scopedDelete, scopedInsert, scopedJoin, scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import { kickOutbox } from '#app/services/outbox.server'
import { deleteFile, saveUpload } from './files.server'
import { deliver, notifyPortal, type Outbox } from './notifications.server'
import { briefMail, type MailIds } from './order-mail.server'
import { completeTask, ORDER_COLUMNS, ordersQuery, recordActivity, type OrderRow } from './orders.server'
import { membersQuery } from './people.server'
import { getWebsiteSettings } from './organisation-settings.server'

const PUBLIC_ID = /^[A-Za-z0-9_-]{1,64}$/

/** Who fills the brief: the customer, or a staff member in a log-in-as session acting for them (ADR 0061). */
export type BriefCustomer = { id: number; firstName: string; lastName: string; impersonatorUserId: number | null }
/** Staff on the project page. */
export type BriefStaff = TenantScope & { user: Principal & { id: number; firstName: string; lastName: string } }

export type Failure = { ok: false; status: 400 | 403 | 404 | 409 | 413 | 422; error: string; errors?: Record<string, string> }
const fail = (status: Failure['status'], error: string, errors?: Record<string, string>): Failure => ({ ok: false, status, error, ...(errors ? { errors } : {}) })

export const ORDER_NOT_FOUND = 'Order not found'
export const TASK_NOT_FOUND = 'This step is not one of yours on this order'

const taskKey = (serviceId: string, taskId: string) => `${serviceId}\u0000${taskId}`

/** The customer's own order (never a test or hidden one, never another customer's). */
async function ownOrder(t: TenantScope, customerId: number, orderPublicId: string): Promise<OrderRow | undefined> {
  if (!PUBLIC_ID.test(orderPublicId)) return undefined
  return ordersQuery(t)
    .select(ORDER_COLUMNS)
    .where('o.customer_id', '=', customerId)
    .where('o.test_order', '=', false)
    .where('o.hide_order', '=', false)
    .where('o.public_id', '=', orderPublicId)
    .executeTakeFirst()
}

async function doneTasks(t: TenantScope, orderId: number): Promise<Set<string>> {
  const rows = await scoped(t, 'order_tasks').select(['service_id', 'task_id']).where('order_id', '=', orderId).execute()
  return new Set(rows.map((r) => taskKey(r.service_id, r.task_id)))
}

type Located = { order: OrderRow; service: OrderServiceSnapshot; moduleId: string; title: string; kind: BriefKind; done: boolean }

/**
 * The module of the order the customer works on: in the workflow named, else the first workflow holding
 * it that is not done (else the first holding it). Null for a module that is not customer work or not on the order.
 */
function locate(order: OrderRow, done: Set<string>, moduleId: string, serviceId?: string | null): Located | null {
  const kind = briefKind(moduleId)
  if (!kind) return null
  const holding = order.services.filter((s) => s.serviceModules.some((m) => m.id === moduleId))
  const service = serviceId ? holding.find((s) => s._id === serviceId) : (holding.find((s) => !done.has(taskKey(s._id, moduleId))) ?? holding[0])
  if (!service) return null
  const title = service.serviceModules.find((m) => m.id === moduleId)!.title
  return { order, service, moduleId, title, kind, done: !!order.marked_as_complete || done.has(taskKey(service._id, moduleId)) }
}

async function findTask(t: TenantScope, customerId: number, orderPublicId: string, moduleId: string, serviceId?: string | null): Promise<Located | Failure> {
  const order = await ownOrder(t, customerId, orderPublicId)
  if (!order) return fail(404, ORDER_NOT_FOUND)
  const found = locate(order, await doneTasks(t, order.id), moduleId, serviceId)
  return found ?? fail(404, TASK_NOT_FOUND)
}

const isFailure = (v: object): v is Failure => 'ok' in v && (v as { ok: unknown }).ok === false

function responseQuery(t: TenantScope, orderId: number, serviceId: string, moduleId: string) {
  return scoped(t, 'brief_responses').where('order_id', '=', orderId).where('service_id', '=', serviceId).where('module_id', '=', moduleId)
}

async function responseOf(t: TenantScope, orderId: number, serviceId: string, moduleId: string): Promise<BriefResponse | undefined> {
  return responseQuery(t, orderId, serviceId, moduleId).selectAll().executeTakeFirst()
}

/** The task's row, created empty if need be, locked for the rest of the transaction. */
async function lockedResponse(tx: TenantScope, orderId: number, serviceId: string, moduleId: string): Promise<BriefResponse> {
  await scopedInsert(tx, 'brief_responses', { order_id: orderId, service_id: serviceId, module_id: moduleId, answers: '{}' }).ignore().execute()
  return responseQuery(tx, orderId, serviceId, moduleId).selectAll().forUpdate().executeTakeFirstOrThrow()
}

/** The published questions of a form module: the organisation's form, else a platform form template of that id. */
async function formItems(t: TenantScope, moduleId: string): Promise<FormItem[]> {
  const form = await scoped(t, 'forms').select('published_data').where('public_id', '=', moduleId).where('published_at', 'is not', null).executeTakeFirst()
  if (form) return form.published_data?.items ?? []
  const template = await t.db.selectFrom('form_templates').select('published_data').where('public_id', '=', moduleId).where('published_at', 'is not', null).executeTakeFirst()
  return template?.published_data?.items ?? []
}

async function itemsOf(t: TenantScope, found: Located, row: BriefResponse | undefined): Promise<FormItem[]> {
  if (found.kind === 'questions') return formItems(t, found.moduleId)
  if (found.kind === 'follow_up') return followUpItems(row?.questions ?? [])
  return []
}

async function staffName(t: TenantScope, userId: number): Promise<string> {
  const row = await membersQuery(t).select(['u.first_name', 'u.last_name']).where('u.id', '=', userId).executeTakeFirst()
  return row ? `${row.first_name} ${row.last_name}`.trim() : 'A team member'
}

/** "Olive Owner", or "Sam Staff on behalf of Olive Owner" in a log-in-as session; and the user the activity names. */
async function actorOf(t: TenantScope, who: BriefCustomer): Promise<{ userId: number; name: string }> {
  const customer = `${who.firstName} ${who.lastName}`.trim()
  if (!who.impersonatorUserId) return { userId: who.id, name: customer }
  return { userId: who.impersonatorUserId, name: `${await staffName(t, who.impersonatorUserId)} on behalf of ${customer}` }
}

export const taskPath = (orderPublicId: string, serviceId: string, moduleId: string) => `/my-orders/${orderPublicId}/tasks/${serviceId}/${moduleId}`

/** Completes the task and tells the team, inside the submission's transaction; the push goes out after. */
async function completed(tx: TenantScope, found: Located, who: BriefCustomer, sentence: string): Promise<Outbox> {
  const actor = await actorOf(tx, who)
  await completeTask(tx, found.order, { serviceId: found.service._id, taskId: found.moduleId })
  const content = `${actor.name} ${sentence}`
  await recordActivity(tx, found.order.id, actor.userId, content)
  return notifyPortal.customerActed(tx, { orderId: found.order.id, customerUserId: who.id, content })
}

/** A submission's pushes and e-mails, both written in its transaction (ADR 0109): sent once it has committed. */
async function afterCommit(written: { live: Outbox; mails: MailIds }): Promise<void> {
  await kickOutbox(written.mails)
  await deliver(written.live)
}

// ---------------------------------------------------------------------------------------------
// The customer's task page

export type BriefDocument = { _id: string; name: string; size: number; createdAt: string }

export type BriefTask = {
  order: { _id: string; productName: string }
  serviceId: string
  serviceName: string
  moduleId: string
  title: string
  kind: BriefKind
  /** The task is done (submitted, or completed by the team): read-only. */
  done: boolean
  submittedAt: string | null
  items: FormItem[]
  answers: Answers
  /** Follow-up questions: whether the team has sent them. */
  questionsSent: boolean
  documents: BriefDocument[]
  appointment: { link: string | null; proposals: string[]; chosen: string | null } | null
  hideClickToUpload: boolean
  /** Changes whenever the saved answers change: the form's inputs are keyed on it. */
  version: string
}

async function documentsOf(t: TenantScope, orderId: number): Promise<BriefDocument[]> {
  const rows = await scopedAs(t, 'order_files', 'of')
    .innerJoin('files as f', (j) => scopedJoin(t, 'f', j.onRef('f.id', '=', 'of.file_id')))
    .select(['of.public_id', 'of.created_at', 'f.original_name', 'f.size'])
    .where('of.order_id', '=', orderId)
    .where('of.kind', '=', 'customer_document')
    .orderBy('of.created_at')
    .orderBy('of.id')
    .limit(200)
    .execute()
  return rows.map((r) => ({ _id: r.public_id, name: r.original_name, size: Number(r.size), createdAt: new Date(r.created_at).toISOString() }))
}

async function schedulingLink(t: TenantScope, writerId: number | null): Promise<string | null> {
  if (writerId === null) return null
  const row = await scoped(t, 'writer_profiles').select('scheduling_link').where('user_id', '=', writerId).executeTakeFirst()
  return safeLink(row?.scheduling_link ?? null)
}

async function appointmentOf(t: TenantScope, order: OrderRow, row: BriefResponse | undefined): Promise<NonNullable<BriefTask['appointment']>> {
  const saved: Appointment = row?.appointment ?? { link: null, proposals: [], chosen: null }
  return { link: saved.link ?? (await schedulingLink(t, order.writer_id)), proposals: saved.proposals, chosen: saved.chosen }
}

/** One task of the customer's order as its page shows it; null for anything not theirs or not customer work. */
export async function getBriefTask(t: TenantScope, customerId: number, orderPublicId: string, serviceId: string, moduleId: string): Promise<BriefTask | null> {
  const found = await findTask(t, customerId, orderPublicId, moduleId, serviceId)
  if (isFailure(found)) return null
  const row = await responseOf(t, found.order.id, found.service._id, moduleId)
  const [items, documents, appointment, settings] = await Promise.all([
    itemsOf(t, found, row),
    found.kind === 'documents' ? documentsOf(t, found.order.id) : Promise.resolve([]),
    found.kind === 'appointment' ? appointmentOf(t, found.order, row) : Promise.resolve(null),
    getWebsiteSettings(t),
  ])
  return {
    order: { _id: found.order.public_id, productName: found.order.package_name },
    serviceId: found.service._id,
    serviceName: found.service.serviceName,
    moduleId,
    title: found.title,
    kind: found.kind,
    done: found.done || !!row?.submitted_at,
    submittedAt: row?.submitted_at ? new Date(row.submitted_at).toISOString() : null,
    items,
    answers: row?.answers ?? {},
    questionsSent: !!row?.questions_sent_at,
    documents,
    appointment,
    hideClickToUpload: settings.hide_click_to_upload,
    version: row ? String(new Date(row.updated_at).getTime()) : '0',
  }
}

// ---------------------------------------------------------------------------------------------
// Answers (questionnaires and follow-up questions)

export type AnswersInput = {
  moduleId: string
  serviceId?: string | null
  answers: Record<string, unknown>
  submit: boolean
  /** Files for file items (the page's multipart post), already read. */
  files?: { itemId: string; file: File }[]
  /** Files to take off file items: [itemId, file public id]. */
  removeFiles?: { itemId: string; fileId: string }[]
}

export type AnswersResult = { ok: true; status: 'saved' | 'submitted'; answers: Answers; submitted: boolean; serviceId: string } | (Failure & { answers?: Answers })

async function storeAnswerFiles(t: TenantScope, who: BriefCustomer, items: FormItem[], answers: Answers, files: NonNullable<AnswersInput['files']>): Promise<Failure | null> {
  const uploader = { ...t, user: { id: who.impersonatorUserId ?? who.id } }
  for (const { itemId, file } of files) {
    const item = items.find((i) => i.id === itemId && i.type === 'file_upload')
    if (!item) return fail(400, 'This question takes no file', { [itemId]: 'This question takes no file' })
    if (!isAllowedFileName(file.name)) return fail(400, FILE_NAME_RULE, { [itemId]: FILE_NAME_RULE })
    const upload = await sniffDocument(file)
    if ('error' in upload) return fail(upload.status, upload.error, { [itemId]: upload.error })
    const stored = await saveUpload(uploader, upload, 'form_upload')
    if ('error' in stored) return fail(stored.status ?? 400, stored.error, { [itemId]: stored.error })
    const list = isFileList(answers[itemId]) ? (answers[itemId] as AnswerFile[]) : []
    answers[itemId] = [...list, { _id: stored._id, name: stored.originalname }]
  }
  return null
}

/**
 * Saves answers as the customer types (autosave) or submits them: answers are checked against the items'
 * types; a submit also needs every required item and then completes the task. A done task refuses (409).
 */
export async function saveAnswers(t: TenantScope, who: BriefCustomer, orderPublicId: string, input: AnswersInput): Promise<AnswersResult> {
  const found = await findTask(t, who.id, orderPublicId, input.moduleId, input.serviceId)
  if (isFailure(found)) return found
  if (found.kind !== 'questions' && found.kind !== 'follow_up') return fail(404, TASK_NOT_FOUND)
  const before = await responseOf(t, found.order.id, found.service._id, found.moduleId)
  if (found.done || before?.submitted_at) return fail(409, ALREADY_SUBMITTED)
  if (found.kind === 'follow_up' && !before?.questions_sent_at) return fail(409, NO_QUESTIONS_YET)
  const items = await itemsOf(t, found, before)
  const merged = mergeAnswers(items, before?.answers ?? {}, input.answers)
  if (Object.keys(merged.errors).length) return { ...fail(400, Object.values(merged.errors)[0]!, merged.errors), answers: merged.answers }
  // Files taken off an answer are deleted once the answer without them is saved (they count against the quota).
  const dropped: string[] = []
  for (const r of input.removeFiles ?? []) {
    const list = merged.answers[r.itemId]
    if (!isFileList(list) || !list.some((f) => f._id === r.fileId)) continue
    merged.answers[r.itemId] = list.filter((f) => f._id !== r.fileId)
    dropped.push(r.fileId)
  }
  const fileProblem = await storeAnswerFiles(t, who, items, merged.answers, input.files ?? [])
  if (fileProblem) return { ...fileProblem, answers: merged.answers }
  const missing = input.submit ? missingRequired(items, merged.answers) : {}
  const submitting = input.submit && Object.keys(missing).length === 0
  const outcome = await tenantTransaction(t, async (tx) => {
    const row = await lockedResponse(tx, found.order.id, found.service._id, found.moduleId)
    if (row.submitted_at) return { refused: true as const }
    await scopedUpdate(tx, 'brief_responses')
      .set({
        answers: JSON.stringify(merged.answers),
        updated_at: new Date(),
        ...(submitting ? { submitted_at: new Date(), submitted_by: who.impersonatorUserId ?? who.id } : {}),
      })
      .where('id', '=', row.id)
      .execute()
    if (!submitting) return { refused: false as const, written: null }
    const sentence = found.kind === 'questions' ? `submitted the questionnaire ${found.title}` : 'answered the follow-up questions'
    const live = await completed(tx, found, who, sentence)
    const mails =
      found.kind === 'questions'
        ? await briefMail.formResponse(tx, found.order.public_id, found.service._id, found.moduleId, found.title)
        : await briefMail.followUpAnswered(tx, found.order.public_id, found.service._id, found.title)
    return { refused: false as const, written: { live, mails } }
  })
  if (outcome.refused) return fail(409, ALREADY_SUBMITTED)
  for (const fileId of dropped) await deleteFile(t, fileId)
  if (input.submit && !submitting) return { ...fail(422, SUBMIT_ERRORS, missing), answers: merged.answers }
  if (outcome.written) await afterCommit(outcome.written)
  return { ok: true, status: submitting ? 'submitted' : 'saved', answers: merged.answers, submitted: submitting, serviceId: found.service._id }
}

// ---------------------------------------------------------------------------------------------
// Documents

async function sniffDocument(file: File | null): Promise<SniffedUpload | { error: string; status: 400 | 413 }> {
  const sniffed = await sniffUpload(file, { allowed: CUSTOMER_DOCUMENT_TYPES, maxBytes: MAX_UPLOAD_BYTES })
  if ('error' in sniffed) return { error: sniffed.error === 'This file type is not allowed.' ? DOCUMENT_TYPE_REFUSED : sniffed.error, status: sniffed.status ?? 400 }
  if (!isAcceptableDocument(sniffed.originalName, sniffed.mimeType, sniffed.data.subarray(0, 8192).toString('utf8'))) return { error: DOCUMENT_TYPE_REFUSED, status: 400 }
  return sniffed
}

/** Documents stay removable until an Upload Documents task of the order is done (they are the order's, not one workflow's). */
async function documentsTask(t: TenantScope, who: BriefCustomer, orderPublicId: string, serviceId?: string | null): Promise<Located | Failure> {
  const found = await findTask(t, who.id, orderPublicId, 'previous_document', serviceId)
  if (isFailure(found)) return found
  if (found.done) return fail(409, ALREADY_SUBMITTED)
  return found
}

export type DocumentResult = { ok: true; document: BriefDocument } | Failure

/** Stores one previous document: the spec's file-name rule, a sniffed type that matches the name, the organisation's quota. */
export async function uploadDocument(t: TenantScope, who: BriefCustomer, orderPublicId: string, file: File | null, serviceId?: string | null): Promise<DocumentResult> {
  const found = await documentsTask(t, who, orderPublicId, serviceId)
  if (isFailure(found)) return found
  if (file && !isAllowedFileName(file.name)) return fail(400, FILE_NAME_RULE)
  const upload = await sniffDocument(file)
  if ('error' in upload) return fail(upload.status, upload.error)
  const uploaderId = who.impersonatorUserId ?? who.id
  const stored = await saveUpload({ ...t, user: { id: uploaderId } }, upload, 'order_file')
  if ('error' in stored) return fail(stored.status ?? 400, stored.error)
  const file_ = await scoped(t, 'files').select('id').where('public_id', '=', stored._id).executeTakeFirstOrThrow()
  const publicId = newPublicId()
  const createdAt = new Date()
  await scopedInsert(t, 'order_files', {
    public_id: publicId,
    order_id: found.order.id,
    file_id: file_.id,
    kind: 'customer_document',
    uploaded_by: uploaderId,
    created_at: createdAt,
  }).execute()
  return { ok: true, document: { _id: publicId, name: stored.originalname, size: stored.size, createdAt: createdAt.toISOString() } }
}

export async function removeDocument(t: TenantScope, who: BriefCustomer, orderPublicId: string, documentId: string): Promise<{ ok: true } | Failure> {
  const found = await documentsTask(t, who, orderPublicId)
  if (isFailure(found)) return found
  if (!PUBLIC_ID.test(documentId)) return fail(404, 'Document not found')
  const row = await scopedAs(t, 'order_files', 'of')
    .innerJoin('files as f', (j) => scopedJoin(t, 'f', j.onRef('f.id', '=', 'of.file_id')))
    .select(['of.id', 'f.public_id as file_public_id'])
    .where('of.public_id', '=', documentId)
    .where('of.order_id', '=', found.order.id)
    .where('of.kind', '=', 'customer_document')
    .executeTakeFirst()
  if (!row) return fail(404, 'Document not found')
  await scopedDelete(t, 'order_files').where('id', '=', row.id).execute()
  await deleteFile(t, row.file_public_id)
  return { ok: true }
}

/** The customer is done uploading: completes Upload Documents, tells the team and the contributor. */
export async function submitDocuments(t: TenantScope, who: BriefCustomer, orderPublicId: string, serviceId?: string | null): Promise<{ ok: true; serviceId: string } | Failure> {
  const found = await documentsTask(t, who, orderPublicId, serviceId)
  if (isFailure(found)) return found
  const documents = await documentsOf(t, found.order.id)
  const outcome = await tenantTransaction(t, async (tx) => {
    const row = await lockedResponse(tx, found.order.id, found.service._id, found.moduleId)
    if (row.submitted_at) return null
    await scopedUpdate(tx, 'brief_responses')
      .set({ submitted_at: new Date(), submitted_by: who.impersonatorUserId ?? who.id, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute()
    const names = documents.map((d) => d.name).join(', ')
    const sentence =
      documents.length === 0 ? 'has no previous documents to upload' : `uploaded ${documents.length === 1 ? 'the document' : `${documents.length} documents:`} ${names}`
    return { live: await completed(tx, found, who, sentence), mails: await briefMail.documentsUploaded(tx, found.order.public_id, found.service._id) }
  })
  if (!outcome) return fail(409, ALREADY_SUBMITTED)
  await afterCommit(outcome)
  return { ok: true, serviceId: found.service._id }
}

// ---------------------------------------------------------------------------------------------
// Appointments

export const NO_TIMES_YET = 'Your team has not proposed any times yet.'
export const PICK_A_PROPOSED_TIME = 'Please pick one of the proposed times.'
export const TIME_IN_THE_PAST = 'Please pick a time in the future.'

/** The customer picks a proposed time, or tells the time they booked through the scheduling link. */
export async function pickAppointment(
  t: TenantScope,
  who: BriefCustomer,
  orderPublicId: string,
  input: { time: unknown; serviceId?: string | null },
  now = new Date(),
): Promise<{ ok: true; chosen: string; serviceId: string } | Failure> {
  const found = await findTask(t, who.id, orderPublicId, 'schedule_appointment', input.serviceId)
  if (isFailure(found)) return found
  const row = await responseOf(t, found.order.id, found.service._id, found.moduleId)
  if (found.done || row?.submitted_at) return fail(409, ALREADY_SUBMITTED)
  const appointment = await appointmentOf(t, found.order, row)
  const time = parseTime(input.time)
  if (!time) return fail(400, appointment.proposals.length ? PICK_A_PROPOSED_TIME : 'Please enter the date and time of your appointment.', { time: 'Please choose a time' })
  const chosen = time.toISOString()
  // One of the team's proposals is fine as it is; any other time needs a scheduling link and must lie ahead.
  if (!appointment.proposals.includes(chosen)) {
    if (!appointment.link) return fail(appointment.proposals.length ? 400 : 409, appointment.proposals.length ? PICK_A_PROPOSED_TIME : NO_TIMES_YET, { time: PICK_A_PROPOSED_TIME })
    if (time.getTime() <= now.getTime()) return fail(400, TIME_IN_THE_PAST, { time: TIME_IN_THE_PAST })
  }
  const outbox = await tenantTransaction(t, async (tx) => {
    const locked = await lockedResponse(tx, found.order.id, found.service._id, found.moduleId)
    if (locked.submitted_at) return null
    const saved: Appointment = { link: locked.appointment?.link ?? null, proposals: locked.appointment?.proposals ?? [], chosen }
    await scopedUpdate(tx, 'brief_responses')
      .set({ appointment: JSON.stringify(saved), submitted_at: new Date(), submitted_by: who.impersonatorUserId ?? who.id, updated_at: new Date() })
      .where('id', '=', locked.id)
      .execute()
    return {
      live: await completed(tx, found, who, `scheduled the appointment for ${formatAppointment(chosen)}`),
      mails: await briefMail.appointmentScheduled(tx, found.order.public_id, found.service._id, formatAppointment(chosen)),
    }
  })
  if (!outbox) return fail(409, ALREADY_SUBMITTED)
  await afterCommit(outbox)
  return { ok: true, chosen, serviceId: found.service._id }
}

// ---------------------------------------------------------------------------------------------
// The team's side: follow-up questions, proposed times, and the answers on the project page

export const NOT_YOUR_ORDER = 'Only staff who update orders, or the order’s writer, can do this'
export const QUESTIONS_REQUIRED = 'Please enter at least one question (one per line)'
export const QUESTION_TOO_LONG = 'Each question can be at most 1000 characters'
export const TIMES_REQUIRED = 'Please enter a scheduling link or at least one time'

async function staffTask(t: BriefStaff, orderPublicId: string, serviceId: string, moduleId: string): Promise<Located | Failure> {
  if (!PUBLIC_ID.test(orderPublicId)) return fail(404, ORDER_NOT_FOUND)
  const order = await ordersQuery(t).select(ORDER_COLUMNS).where('o.public_id', '=', orderPublicId).executeTakeFirst()
  if (!order) return fail(404, ORDER_NOT_FOUND)
  if (!can(t.user, { all: ['UPDATE_ORDERS'] }) && order.writer_id !== t.user.id) return fail(403, NOT_YOUR_ORDER)
  // Staff always name the workflow (the project page's forms do): no guessing which one is meant.
  const found = serviceId ? locate(order, await doneTasks(t, order.id), moduleId, serviceId) : null
  if (!found) return fail(404, TASK_NOT_FOUND)
  if (found.done) return fail(409, ALREADY_SUBMITTED)
  return found
}

/** May this member send questions or times on this order? (UPDATE_ORDERS, or the order's writer.) */
export function canSendBrief(user: Principal & { id: number }, order: { writer_id: number | null }): boolean {
  return can(user, { all: ['UPDATE_ORDERS'] }) || order.writer_id === user.id
}

const staffFullName = (t: BriefStaff) => `${t.user.firstName} ${t.user.lastName}`.trim() || 'Someone'

/**
 * Sends (or, before the customer answered, replaces) the follow-up questions: the task
 * additional_questionnaire_submitted is recorded (last task 'Follow Up Questions Sent'), the customer is
 * notified in the portal and mailed once.
 */
export async function sendFollowUpQuestions(
  t: BriefStaff,
  orderPublicId: string,
  serviceId: string,
  texts: readonly string[],
): Promise<{ ok: true; questions: FollowUpQuestion[] } | Failure> {
  if (texts.length === 0) return fail(400, QUESTIONS_REQUIRED, { questions: QUESTIONS_REQUIRED })
  if (texts.length > MAX_FOLLOW_UP_QUESTIONS) return fail(400, `At most ${MAX_FOLLOW_UP_QUESTIONS} questions`, { questions: `At most ${MAX_FOLLOW_UP_QUESTIONS} questions` })
  if (texts.some((q) => q.length > 1000)) return fail(400, QUESTION_TOO_LONG, { questions: QUESTION_TOO_LONG })
  const found = await staffTask(t, orderPublicId, serviceId, 'additional_questionnaire')
  if (isFailure(found)) return found
  const questions = texts.map((text, i) => ({ id: `q${i + 1}`, text }))
  const outbox = await tenantTransaction(t, async (tx) => {
    const row = await lockedResponse(tx, found.order.id, serviceId, found.moduleId)
    if (row.submitted_at) return null
    await scopedUpdate(tx, 'brief_responses')
      .set({ questions: JSON.stringify(questions), questions_sent_at: new Date(), questions_sent_by: t.user.id, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute()
    await completeTask(tx, found.order, { serviceId, taskId: 'additional_questionnaire_submitted' })
    await recordActivity(tx, found.order.id, t.user.id, `${staffFullName(t)} sent ${questions.length === 1 ? '1 follow-up question' : `${questions.length} follow-up questions`}`)
    const live = await notifyPortal.customerInformed(tx, {
      orderId: found.order.id,
      actorUserId: t.user.id,
      content: `You have ${questions.length === 1 ? 'a follow-up question' : 'follow-up questions'} about your order ${found.order.package_name}`,
      link: taskPath(found.order.public_id, serviceId, found.moduleId),
    })
    return { live, mails: await briefMail.followUpQuestions(tx, found.order.public_id, serviceId, t.user.id) }
  })
  if (!outbox) return fail(409, ALREADY_SUBMITTED)
  await afterCommit(outbox)
  return { ok: true, questions }
}

/** Proposes up to three times and/or a scheduling link for the customer to pick from. */
export async function proposeAppointment(
  t: BriefStaff,
  orderPublicId: string,
  serviceId: string,
  input: { link: unknown; times: readonly unknown[] },
): Promise<{ ok: true; appointment: Appointment } | Failure> {
  const rawLink = typeof input.link === 'string' ? input.link.trim() : ''
  const link = rawLink ? safeLink(rawLink) : null
  if (rawLink && !link) return fail(400, 'Please enter a link starting with https://', { link: 'Please enter a link starting with https://' })
  const given = input.times.filter((v) => typeof v === 'string' && v.trim() !== '')
  if (given.length > MAX_PROPOSED_TIMES) return fail(400, `At most ${MAX_PROPOSED_TIMES} times`, { times: `At most ${MAX_PROPOSED_TIMES} times` })
  const times = given.map(parseTime)
  if (times.some((d) => d === null)) return fail(400, 'Please enter each time as a date and time', { times: 'Please enter each time as a date and time' })
  if (!link && times.length === 0) return fail(400, TIMES_REQUIRED, { times: TIMES_REQUIRED })
  const found = await staffTask(t, orderPublicId, serviceId, 'schedule_appointment')
  if (isFailure(found)) return found
  const appointment: Appointment = { link, proposals: [...new Set(times.map((d) => d!.toISOString()))].sort(), chosen: null }
  const outbox = await tenantTransaction(t, async (tx) => {
    const row = await lockedResponse(tx, found.order.id, serviceId, found.moduleId)
    if (row.submitted_at) return null
    await scopedUpdate(tx, 'brief_responses')
      .set({ appointment: JSON.stringify(appointment), updated_at: new Date() })
      .where('id', '=', row.id)
      .execute()
    await recordActivity(
      tx,
      found.order.id,
      t.user.id,
      `${staffFullName(t)} proposed ${appointment.proposals.length ? `${appointment.proposals.length} appointment time${appointment.proposals.length === 1 ? '' : 's'}` : 'a scheduling link'}`,
    )
    return notifyPortal.customerInformed(tx, {
      orderId: found.order.id,
      actorUserId: t.user.id,
      content: `Please pick a time for your appointment about ${found.order.package_name}`,
      link: taskPath(found.order.public_id, serviceId, found.moduleId),
    })
  })
  if (!outbox) return fail(409, ALREADY_SUBMITTED)
  await deliver(outbox)
  return { ok: true, appointment }
}

export type StaffBriefSection = {
  serviceId: string
  serviceName: string
  moduleId: string
  title: string
  kind: BriefKind
  done: boolean
  submittedAt: string | null
  /** Questions with the customer's answer as text (saved answers show before the submit, marked so). */
  answers: { id: string; question: string; type: FormItem['type']; answer: string }[]
  questionsSent: boolean
  documents: BriefDocument[]
  appointment: { link: string | null; proposals: string[]; chosen: string | null } | null
}

/** Every customer task of the order with what the customer gave: the project page and its JSON (`brief`). */
export async function staffBrief(t: TenantScope, order: Pick<OrderRow, 'id' | 'services' | 'writer_id' | 'marked_as_complete'>): Promise<StaffBriefSection[]> {
  const modules = order.services.flatMap((s) => s.serviceModules.filter((m) => briefKind(m.id)).map((m) => ({ service: s, module: m, kind: briefKind(m.id)! })))
  if (modules.length === 0) return []
  const formIds = [...new Set(modules.filter((m) => m.kind === 'questions').map((m) => m.module.id))]
  const [rows, done, forms, documents, link] = await Promise.all([
    scoped(t, 'brief_responses').selectAll().where('order_id', '=', order.id).execute(),
    doneTasks(t, order.id),
    formItemsMany(t, formIds),
    modules.some((m) => m.kind === 'documents') ? documentsOf(t, order.id) : Promise.resolve([]),
    modules.some((m) => m.kind === 'appointment') ? schedulingLink(t, order.writer_id) : Promise.resolve(null),
  ])
  return modules.map(({ service, module, kind }) => {
    const row = rows.find((r) => r.service_id === service._id && r.module_id === module.id)
    const items = kind === 'questions' ? (forms.get(module.id) ?? []) : kind === 'follow_up' ? followUpItems(row?.questions ?? []) : []
    return {
      serviceId: service._id,
      serviceName: service.serviceName,
      moduleId: module.id,
      title: module.title,
      kind,
      done: !!order.marked_as_complete || done.has(taskKey(service._id, module.id)),
      submittedAt: row?.submitted_at ? new Date(row.submitted_at).toISOString() : null,
      answers: answerable(items).map((i) => ({ id: i.id, question: i.text, type: i.type, answer: answerText(row?.answers?.[i.id]) })),
      questionsSent: !!row?.questions_sent_at,
      documents: kind === 'documents' ? documents : [],
      appointment: kind === 'appointment' ? { link: row?.appointment?.link ?? link, proposals: row?.appointment?.proposals ?? [], chosen: row?.appointment?.chosen ?? null } : null,
    }
  })
}

async function formItemsMany(t: TenantScope, ids: string[]): Promise<Map<string, FormItem[]>> {
  const out = new Map<string, FormItem[]>()
  if (ids.length === 0) return out
  const forms = await scoped(t, 'forms').select(['public_id', 'published_data']).where('public_id', 'in', ids).where('published_at', 'is not', null).execute()
  for (const f of forms) out.set(f.public_id, f.published_data?.items ?? [])
  const rest = ids.filter((id) => !out.has(id))
  if (rest.length) {
    const templates = await t.db.selectFrom('form_templates').select(['public_id', 'published_data']).where('public_id', 'in', rest).where('published_at', 'is not', null).execute()
    for (const f of templates) out.set(f.public_id, f.published_data?.items ?? [])
  }
  return out
}

/**
 * The order reports' questionnaire columns: each order's answers keyed `formId:questionId` as text (a
 * multiple choice joins its choices, a file item gives file names). An order with the form in two workflows
 * gives the submitted answers first.
 */
export async function reportAnswers(
  t: TenantScope,
  orderIds: readonly number[],
  questions: readonly { formId: string; questionId: string }[],
): Promise<Map<number, Map<string, string>>> {
  const out = new Map<number, Map<string, string>>()
  const formIds = [...new Set(questions.map((q) => q.formId))]
  if (orderIds.length === 0 || formIds.length === 0) return out
  const rows = await scoped(t, 'brief_responses')
    .select(['order_id', 'module_id', 'answers', 'submitted_at'])
    .where('order_id', 'in', [...orderIds])
    .where('module_id', 'in', formIds)
    .orderBy('id')
    .execute()
  rows.sort((a, b) => Number(!!b.submitted_at) - Number(!!a.submitted_at))
  for (const r of rows) {
    const byKey = out.get(Number(r.order_id)) ?? new Map<string, string>()
    for (const q of questions) {
      if (q.formId !== r.module_id) continue
      const key = `${q.formId}:${q.questionId}`
      const text = answerText(r.answers?.[q.questionId])
      if (!byKey.get(key) && text) byKey.set(key, text)
    }
    out.set(Number(r.order_id), byKey)
  }
  return out
}
