// POST /api/portal/drafts/{id}/accept (issue 25, ADR 0062): the customer accepts a draft they may see; 404 for any
// other draft, 409 when it was answered already (or a newer draft of the workflow waits).
import type { ActionFunctionArgs } from '@remix-run/node'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { accept } from './portal-drafts.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const result = await accept(t, customer, params.id ?? '')
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, draft: { _id: result.draftId, order_id: result.orderId, answer: 'accepted' } })
}
