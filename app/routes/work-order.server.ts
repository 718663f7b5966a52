// The contributor's order page and its /api/writer calls share this (issue 26, ADR 0067): reading the multipart
// bodies into the model's inputs, refusing a log-in-as session's work, and running each action with its audit
// row. The page answers with its own shapes; the calls answer JSON {statusCode, message}.
import { impersonatorOf } from '#app/models/audit.server'
import { audited } from '#app/models/audit.server'
import { questionsFromText } from '#app/rules/brief'
import { FILE_NAME_RULE, isAllowedFileName } from '#app/rules/file-name'
import { LOG_IN_AS_REFUSED, WITHDRAW_REASON_REQUIRED } from '#app/rules/work-order'
import { rejectionReason, REJECTION_MAX_FILES, TOO_MANY_REJECTION_FILES } from '#app/models/revisions.schema'
import {
  completeWriterTask,
  deliverWriterDraft,
  type Failure,
  reviewerApprove,
  reviewerReject,
  withdrawWriterDraft,
  type WorkCtx,
  writerFinalDocuments,
  writerFollowUpQuestions,
  type WriterDraftInput,
} from '#app/models/work-order.server'
import { apiJson } from '#app/services/http.server'
import { DOCUMENT_TYPES, isUploadError, MAX_UPLOAD_BYTES, type SniffedUpload, sniffUpload } from '#app/services/storage.server'

/** A refusal of a call: the contract's {statusCode, message} (and `error`, as the other calls say it). */
export const callRefusal = (f: { status: number; error: string; errors?: Record<string, string> }) =>
  apiJson({ status: false, message: f.error, error: f.error, ...(f.errors ? { errors: f.errors } : {}) }, f.status)

/** A log-in-as session may read the contributor's order, never work in their name (ADR 0067). */
export async function logInAsRefusal(request: Request): Promise<Failure | null> {
  return (await impersonatorOf(request)) ? { ok: false, status: 403, error: LOG_IN_AS_REFUSED } : null
}

const filesOf = (form: FormData, name: string) => form.getAll(name).filter((v): v is File => typeof v !== 'string' && v.size > 0)
const text = (form: FormData, name: string) => {
  const v = form.get(name)
  return typeof v === 'string' ? v : ''
}

async function sniffAll(files: File[]): Promise<SniffedUpload[] | Failure> {
  const out: SniffedUpload[] = []
  for (const file of files) {
    if (!isAllowedFileName(file.name)) return { ok: false, status: 400, error: FILE_NAME_RULE }
    const sniffed = await sniffUpload(file, { allowed: DOCUMENT_TYPES, maxBytes: MAX_UPLOAD_BYTES })
    if (isUploadError(sniffed)) return { ok: false, status: sniffed.status ?? 400, error: `${file.name}: ${sniffed.error}` }
    out.push(sniffed)
  }
  return out
}

const isFailure = (v: unknown): v is Failure => !!v && typeof v === 'object' && 'ok' in v && (v as Failure).ok === false

/** The draft form and POST /api/writer/orders/{id}/drafts: serviceId, dataPdf, dataWord, dataOther, additionalFiles, notes, replaces. */
export async function readDraftForm(form: FormData): Promise<WriterDraftInput | Failure> {
  const one = async (name: string) => {
    const files = filesOf(form, name).slice(0, 1)
    const sniffed = await sniffAll(files)
    return isFailure(sniffed) ? sniffed : (sniffed[0] ?? null)
  }
  const pdf = await one('dataPdf')
  if (isFailure(pdf)) return pdf
  const word = await one('dataWord')
  if (isFailure(word)) return word
  const other = await one('dataOther')
  if (isFailure(other)) return other
  const additional = await sniffAll(filesOf(form, 'additionalFiles'))
  if (isFailure(additional)) return additional
  return { serviceId: text(form, 'serviceId'), pdf, word, other, additional, notes: text(form, 'notes'), replaces: text(form, 'replaces') || null }
}

type Result = { ok: true } | Failure

const AUDIT = { module: 'orders' } as const

/** The work an order's contributor does, each audited (success or refusal), as the page and the calls run it. */
export const workActions = {
  async deliver(t: WorkCtx, request: Request, form: FormData) {
    const input = await readDraftForm(form)
    if (isFailure(input)) return input
    const result = await deliverWriterDraft(t, input)
    return audited(
      t,
      request,
      {
        ...AUDIT,
        action: 'deliver_draft',
        message: (r: typeof result) =>
          r.ok
            ? `Delivered draft ${r.draftId} of order ${t.order.public_id}${r.pending ? ' (waits for approval)' : ''}${r.replaced ? `, replacing ${r.replaced}` : ''}`
            : `Draft of order ${t.order.public_id} not delivered: ${r.error}`,
      },
      result,
    )
  },
  async withdraw(t: WorkCtx, request: Request, draftId: string, reason: string) {
    const trimmed = reason.trim()
    const result: Result = !trimmed
      ? { ok: false, status: 400, error: WITHDRAW_REASON_REQUIRED, errors: { reason: WITHDRAW_REASON_REQUIRED } }
      : trimmed.length > 1000
        ? { ok: false, status: 400, error: 'The reason can be at most 1000 characters' }
        : await withdrawWriterDraft(t, draftId, trimmed)
    return audited(
      t,
      request,
      {
        ...AUDIT,
        action: 'withdraw_draft',
        message: (r: Result) => (r.ok ? `Withdrew draft ${draftId} of order ${t.order.public_id}` : `Draft ${draftId} of order ${t.order.public_id} not withdrawn: ${r.error}`),
      },
      result,
    )
  },
  async taskDone(t: WorkCtx, request: Request, taskId: string, serviceId: string | null) {
    const result = await completeWriterTask(t, { taskId, serviceId })
    return audited(
      t,
      request,
      {
        ...AUDIT,
        action: 'complete_task',
        message: (r: typeof result) => (r.ok ? `Marked ${taskId} of order ${t.order.public_id} done` : `${taskId} of order ${t.order.public_id} not marked done: ${r.error}`),
      },
      result,
    )
  },
  async followUp(t: WorkCtx, request: Request, serviceId: string, questions: string) {
    const result = await writerFollowUpQuestions(t, serviceId, questionsFromText(questions))
    return audited(
      t,
      request,
      {
        ...AUDIT,
        action: 'follow_up_questions',
        message: (r: typeof result) => (r.ok ? `Sent follow-up questions on order ${t.order.public_id}` : `Follow-up questions on order ${t.order.public_id} not sent: ${r.error}`),
      },
      result,
    )
  },
  async finalDocuments(t: WorkCtx, request: Request, form: FormData) {
    const uploads = await sniffAll(filesOf(form, 'files'))
    const result = isFailure(uploads) ? uploads : await writerFinalDocuments(t, text(form, 'serviceId'), uploads)
    return audited(
      t,
      request,
      {
        ...AUDIT,
        action: 'final_documents',
        message: (r: typeof result) => (r.ok ? `Uploaded final documents to order ${t.order.public_id}` : `Final documents of order ${t.order.public_id} not uploaded: ${r.error}`),
      },
      result,
    )
  },
  async approve(t: WorkCtx, request: Request, draftId: string) {
    const result = await reviewerApprove(t, draftId)
    return audited(
      t,
      request,
      {
        ...AUDIT,
        action: 'revision_approve',
        message: (r: typeof result) => (r.ok ? `Approved revision ${draftId} (order ${t.order.public_id})` : `Approved revision ${draftId} refused: ${r.error}`),
      },
      result,
    )
  },
  async reject(t: WorkCtx, request: Request, draftId: string, form: FormData) {
    const reason = rejectionReason.safeParse(form.get('rejectionReason') ?? '')
    const files = filesOf(form, 'files')
    let result: Awaited<ReturnType<typeof reviewerReject>>
    if (!reason.success)
      result = {
        ok: false,
        status: 400,
        error: reason.error.issues[0]?.message ?? 'Please enter the reason for rejection',
        errors: { rejectionReason: reason.error.issues[0]?.message ?? '' },
      } as Failure
    else if (files.length > REJECTION_MAX_FILES) result = { ok: false, status: 400, error: TOO_MANY_REJECTION_FILES }
    else {
      const uploads = await sniffAll(files)
      result = isFailure(uploads) ? uploads : await reviewerReject(t, draftId, reason.data, uploads)
    }
    return audited(
      t,
      request,
      {
        ...AUDIT,
        action: 'revision_reject',
        message: (r: typeof result) => (r.ok ? `Rejected revision ${draftId} (order ${t.order.public_id})` : `Rejected revision ${draftId} refused: ${r.error}`),
      },
      result,
    )
  },
}

/** A multipart or urlencoded body, or a 400 refusal for a malformed one. */
export async function readForm(request: Request): Promise<FormData | Failure> {
  try {
    return await request.formData()
  } catch {
    return { ok: false, status: 400, error: MALFORMED_BODY }
  }
}

export const MALFORMED_BODY = 'The request body could not be read'

/** A small body of text fields (JSON, urlencoded or multipart; none at all is fine): malformed JSON is a 400. */
export async function readBodyFields(request: Request): Promise<{ ok: true; fields: Record<string, string | undefined> } | Failure> {
  const type = request.headers.get('content-type') ?? ''
  const pick = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'string')) as Record<string, string>
  try {
    if (type.includes('application/json')) {
      const raw = await request.text()
      if (!raw.trim()) return { ok: true, fields: {} }
      const body: unknown = JSON.parse(raw)
      if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, status: 400, error: MALFORMED_BODY }
      return { ok: true, fields: pick(body as Record<string, unknown>) }
    }
    if (type.includes('form')) return { ok: true, fields: pick(Object.fromEntries(await request.formData())) }
    return { ok: true, fields: {} }
  } catch {
    return { ok: false, status: 400, error: MALFORMED_BODY }
  }
}
