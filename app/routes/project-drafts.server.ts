// The project page's draft work (issue 25, ADR 0062): delivering a draft of one workflow and uploading final
// documents (UPDATE_ORDERS), and what the page shows of the customer's answers. Kept out of the route module so
// the page's action needs one line for it.
import { data } from '@remix-run/node'
import { auditAction } from '#app/models/audit.server'
import { deliverDraft, FINAL_MODULES, uploadFinalDocuments } from '#app/models/draft-delivery.server'
import type { Tenant } from '#app/models/auth-guards.server'
import { findOrder } from '#app/models/orders.server'
import { FILE_NAME_RULE, isAllowedFileName } from '#app/rules/file-name'
import { redirectWithToast } from '#app/services/flash.server'
import { notFound } from '#app/services/http.server'
import { DOCUMENT_TYPES, isUploadError, MAX_UPLOAD_BYTES, type SniffedUpload, sniffUpload } from '#app/services/storage.server'
import { scopedAs, scopedJoin, type TenantScope } from '#db/tenant'
import type { DraftFile } from '#db/tables/orders'

export const DRAFT_INTENTS = ['deliver-draft', 'final-documents'] as const
export const DRAFT_DELIVERED = 'Draft delivered'
export const DRAFT_WAITS_FOR_APPROVAL = 'Draft uploaded: it waits for approval in Revisions'
export const FINAL_UPLOADED = 'Final documents uploaded'

export type DraftWorkAnswer = { intent: (typeof DRAFT_INTENTS)[number]; ok: false; error: string }

export const isDraftIntent = (intent: string): intent is (typeof DRAFT_INTENTS)[number] => (DRAFT_INTENTS as readonly string[]).includes(intent)

const filesOf = (form: FormData, name: string) => form.getAll(name).filter((v): v is File => typeof v !== 'string' && v.size > 0)

async function sniffAll(files: File[]): Promise<SniffedUpload[] | string> {
  const out: SniffedUpload[] = []
  for (const file of files) {
    if (!isAllowedFileName(file.name)) return FILE_NAME_RULE
    const sniffed = await sniffUpload(file, { allowed: DOCUMENT_TYPES, maxBytes: MAX_UPLOAD_BYTES })
    if (isUploadError(sniffed)) return `${file.name}: ${sniffed.error}`
    out.push(sniffed)
  }
  return out
}

/** The page's action for the two intents; a foreign order is the 404 page, other refusals stay in the card. */
export async function draftWorkAction(t: Tenant, request: Request, orderId: string, form: FormData, intent: (typeof DRAFT_INTENTS)[number], back: string) {
  const fail = (error: string, status = 400) => data<DraftWorkAnswer>({ intent, ok: false, error }, { status })
  const serviceId = String(form.get('serviceId') ?? '')
  if (intent === 'deliver-draft') {
    const slots = await sniffAll([...filesOf(form, 'pdf').slice(0, 1), ...filesOf(form, 'word').slice(0, 1), ...filesOf(form, 'other').slice(0, 1)])
    if (typeof slots === 'string') return fail(slots)
    const additional = await sniffAll(filesOf(form, 'additional'))
    if (typeof additional === 'string') return fail(additional)
    let i = 0
    const next = (name: string) => (filesOf(form, name).length ? slots[i++]! : null)
    const result = await deliverDraft(t, {
      orderPublicId: orderId,
      serviceId,
      pdf: next('pdf'),
      word: next('word'),
      other: next('other'),
      additional,
      notes: String(form.get('notes') ?? ''),
    })
    if (!result.ok) {
      if (result.status === 404) throw notFound()
      return fail(result.error, result.status)
    }
    await auditAction(t, request, {
      module: 'orders',
      action: 'deliver_draft',
      message: `Delivered draft ${result.draftId} of order ${orderId}${result.pending ? ' (waits for approval)' : ''}`,
    })
    return redirectWithToast(request, back, result.pending ? DRAFT_WAITS_FOR_APPROVAL : DRAFT_DELIVERED)
  }
  const uploads = await sniffAll(filesOf(form, 'files'))
  if (typeof uploads === 'string') return fail(uploads)
  const result = await uploadFinalDocuments(t, orderId, serviceId, uploads)
  if (!result.ok) {
    if (result.status === 404) throw notFound()
    return fail(result.error, result.status)
  }
  await auditAction(t, request, { module: 'orders', action: 'final_documents', message: `Uploaded ${uploads.length} final document(s) to order ${orderId}` })
  return redirectWithToast(request, back, FINAL_UPLOADED)
}

export type CustomerAnswerView = {
  draftId: string
  serviceId: string
  kind: 'accepted' | 'revision'
  automatic: boolean
  notes: string
  files: DraftFile[]
  createdAt: string
}

/** What the project page shows of the drafts' customer side: the answers, and which workflows have a final step. */
export async function projectDraftsView(t: TenantScope, orderPublicId: string) {
  const order = await findOrder(t, orderPublicId)
  if (!order) return { answers: [] as CustomerAnswerView[], finalServices: [] as { _id: string; serviceName: string }[] }
  const rows = await scopedAs(t, 'draft_responses', 'r')
    .innerJoin('drafts as d', (j) => scopedJoin(t, 'd', j.onRef('d.id', '=', 'r.draft_id')))
    .select(['d.public_id', 'd.service_id', 'r.kind', 'r.automatic', 'r.notes', 'r.files', 'r.created_at'])
    .where('r.order_id', '=', order.id)
    .orderBy('r.created_at', 'desc')
    .limit(200)
    .execute()
  return {
    answers: rows.map((r): CustomerAnswerView => ({
      draftId: r.public_id,
      serviceId: r.service_id,
      kind: r.kind,
      automatic: !!r.automatic,
      notes: r.notes ?? '',
      files: r.files ?? [],
      createdAt: new Date(r.created_at).toISOString(),
    })),
    finalServices: order.services
      .filter((s) => s.serviceModules.some((m) => (FINAL_MODULES as readonly string[]).includes(m.id)))
      .map((s) => ({ _id: s._id, serviceName: s.serviceName })),
  }
}
