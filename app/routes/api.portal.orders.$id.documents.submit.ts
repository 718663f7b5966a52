// POST /api/portal/orders/{id}/documents/submit {serviceId?} on an organisation's host: the customer is done uploading
// previous documents; completes Upload Documents (ADR 0061).
import type { ActionFunctionArgs } from '@remix-run/node'
import { documentsSubmitSchema } from '#app/models/brief.schema'
import { submitDocuments } from '#app/models/brief.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { briefCaller, jsonBody, refusal } from './portal-brief.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const { t, who } = await briefCaller(request)
  const body = await jsonBody(request, documentsSubmitSchema)
  if (!body.ok) return body.response
  const result = await submitDocuments(t, who, params.id ?? '', body.data.serviceId)
  if (!result.ok) return refusal(result)
  return apiJson({ status: 'submitted', submitted: true, serviceId: result.serviceId })
}
