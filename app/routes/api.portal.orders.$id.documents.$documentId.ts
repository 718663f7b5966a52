// DELETE /api/portal/orders/{id}/documents/{documentId} on an organisation's host: takes a previous document off the
// customer's own order while Upload Documents is not done (ADR 0061).
import type { ActionFunctionArgs } from '@remix-run/node'
import { removeDocument } from '#app/models/brief.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { briefCaller, refusal } from './portal-brief.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed()
  const { t, who } = await briefCaller(request)
  const result = await removeDocument(t, who, params.id ?? '', params.documentId ?? '')
  if (!result.ok) return refusal(result)
  return apiJson({ status: true })
}
