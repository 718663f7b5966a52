// POST /api/writer/orders/{id}/drafts/{draftId}/reject (ADR 0067), multipart or form: rejectionReason and files (at
// most 5) for the writer. The order's reviewer only, a pending draft of this order they did not write.
import type { ActionFunctionArgs } from '@remix-run/node'
import { REVISION_REJECTED } from '#app/models/revisions.schema'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireContributorOrder } from './contributor-access.server'
import { callRefusal, logInAsRefusal, readForm, workActions } from './work-order.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requireContributorOrder(request, params.id)
  const refused = await logInAsRefusal(request)
  if (refused) return callRefusal(refused)
  const form = await readForm(request)
  if ('ok' in form) return callRefusal(form)
  const result = await workActions.reject(t, request, params.draftId ?? '', form)
  if (!result.ok) return callRefusal(result)
  return apiJson({ status: true, message: REVISION_REJECTED, data: { _id: result.revisionId, order_id: result.orderId, adminApproval: result.status } })
}

export const loader = () => methodNotAllowed()
