// POST /api/writer/orders/{id}/drafts/{draftId}/approve (ADR 0067): the order's reviewer approves a pending draft of
// this order (never their own, never another order's); the revisions queue's rule and messages.
import type { ActionFunctionArgs } from '@remix-run/node'
import { REVISION_APPROVED } from '#app/models/revisions.schema'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireContributorOrder } from './contributor-access.server'
import { callRefusal, logInAsRefusal, workActions } from './work-order.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requireContributorOrder(request, params.id)
  const refused = await logInAsRefusal(request)
  if (refused) return callRefusal(refused)
  const result = await workActions.approve(t, request, params.draftId ?? '')
  if (!result.ok) return callRefusal(result)
  return apiJson({ status: true, message: REVISION_APPROVED, data: { _id: result.revisionId, order_id: result.orderId, adminApproval: result.status } })
}

export const loader = () => methodNotAllowed()
