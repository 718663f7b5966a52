// The customer's draft answers as the draft page and the calls read them (ADR 0062): the same schemas, the same
// model functions; only the shape of the answer differs.
import { acceptDraft, type AnswerResult, MAX_REVISION_FILES, orderOfDraft, rateDraft, requestRevision, TIP_IMPERSONATION, tipWriter } from '#app/models/customer-drafts.server'
import { ratingSchema, revisionSchema, tipCents, tipSchema } from '#app/models/customer-drafts.schema'
import type { PortalCustomer } from '#app/models/portal-auth.server'
import { zodErrors } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { DOCUMENT_TYPES, isUploadError, MAX_UPLOAD_BYTES, type SniffedUpload, sniffUpload } from '#app/services/storage.server'
import { FILE_NAME_RULE, isAllowedFileName } from '#app/rules/file-name'
import type { TenantScope } from '#db/tenant'

export type Refusal = { ok: false; status: number; error: string; field?: string }

const firstError = (error: Parameters<typeof zodErrors>[0]) => {
  const errors = zodErrors(error)
  const [field, message] = Object.entries(errors)[0] ?? ['form', 'Please check the form']
  return { field, message }
}

/** The revision form's files (field `files`, any number of inputs), sniffed like every other document upload. */
export async function revisionUploads(values: FormDataEntryValue[]): Promise<SniffedUpload[] | Refusal> {
  const files = values.filter((v): v is File => typeof v !== 'string' && v.size > 0)
  if (files.length > MAX_REVISION_FILES) return { ok: false, status: 400, error: `Attach at most ${MAX_REVISION_FILES} files`, field: 'files' }
  const uploads: SniffedUpload[] = []
  for (const file of files) {
    if (!isAllowedFileName(file.name)) return { ok: false, status: 400, error: FILE_NAME_RULE, field: 'files' }
    const sniffed = await sniffUpload(file, { allowed: DOCUMENT_TYPES, maxBytes: MAX_UPLOAD_BYTES })
    if (isUploadError(sniffed)) return { ok: false, status: sniffed.status ?? 400, error: `${file.name}: ${sniffed.error}`, field: 'files' }
    uploads.push(sniffed)
  }
  return uploads
}

export function accept(t: TenantScope, customer: PortalCustomer, draftId: string): Promise<AnswerResult> {
  return acceptDraft(t, customer, draftId)
}

export async function revision(
  t: TenantScope,
  customer: PortalCustomer,
  draftId: string,
  body: Record<string, unknown>,
  files: FormDataEntryValue[],
): Promise<AnswerResult | Refusal> {
  const parsed = revisionSchema.safeParse(body)
  if (!parsed.success) {
    const { field, message } = firstError(parsed.error)
    // A foreign or unseen draft is a 404 before any word about the form.
    const probe = await acceptProbe(t, customer, draftId)
    return probe ?? { ok: false, status: 400, error: message, field }
  }
  const uploads = await revisionUploads(files)
  if (!Array.isArray(uploads)) return uploads
  return requestRevision(t, customer, draftId, { notes: parsed.data.notes, uploads })
}

/** 404 for a draft the customer may not see, else null (used to order the refusals). */
async function acceptProbe(t: TenantScope, customer: PortalCustomer, draftId: string): Promise<Refusal | null> {
  return (await orderOfDraft(t, customer.id, draftId)) ? null : { ok: false, status: 404, error: 'Draft not found' }
}

export async function rating(t: TenantScope, customer: PortalCustomer, draftId: string, body: Record<string, unknown>) {
  const parsed = ratingSchema.safeParse(body)
  if (!parsed.success) {
    const { field, message } = firstError(parsed.error)
    return (await acceptProbe(t, customer, draftId)) ?? { ok: false as const, status: 400, error: message, field }
  }
  return rateDraft(t, customer, draftId, parsed.data.rating, parsed.data.review)
}

export async function tip(t: TenantScope, customer: PortalCustomer, orderId: string, body: Record<string, unknown>) {
  // A log-in-as session never pays, whatever it sends.
  if (customer.impersonatorUserId) return { ok: false as const, status: 403, error: TIP_IMPERSONATION }
  const parsed = tipSchema.safeParse(body)
  if (!parsed.success) {
    const { field, message } = firstError(parsed.error)
    return { ok: false as const, status: 400, error: message, field }
  }
  return tipWriter(t, customer, orderId, { amountCents: tipCents(parsed.data.amount), paymentMethodId: parsed.data.paymentMethod, key: parsed.data.idempotencyKey ?? '' })
}

/** A refusal as the calls answer it: the message, and the field it is about when there is one. */
export function refusal(result: { status: number; error: string; field?: string }) {
  const field = result.field
  return apiJson({ status: false, error: result.error, ...(field ? { errors: { [field]: result.error } } : {}) }, result.status)
}
