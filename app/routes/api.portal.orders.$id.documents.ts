// POST /api/portal/orders/{id}/documents (multipart: file, serviceId?) on an organisation's host: one previous document
// for the customer's own order, sniffed, named by the spec's rule and within the quota (ADR 0061).
import type { ActionFunctionArgs } from '@remix-run/node'
import { uploadDocument } from '#app/models/brief.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { isUploadError, readMultipart } from '#app/services/storage.server'
import { briefCaller, refusal } from './portal-brief.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const { t, who } = await briefCaller(request)
  if (!/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '')) return apiError(400, 'Please send the file as multipart/form-data (field "file")')
  const form = await readMultipart(request)
  if (isUploadError(form)) return apiError(400, form.error)
  const file = form.get('file')
  const serviceId = form.get('serviceId')
  const result = await uploadDocument(t, who, params.id ?? '', file instanceof File ? file : null, typeof serviceId === 'string' && serviceId ? serviceId : null)
  if (!result.ok) return refusal(result)
  return apiJson({ status: true, document: result.document }, 201)
}
