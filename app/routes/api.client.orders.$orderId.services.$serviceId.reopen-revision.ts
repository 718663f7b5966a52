// PATCH /api/client/orders/{orderId}/services/{serviceId}/reopen-revision: takes back the accepted revision of one service.
import type { ActionFunctionArgs } from '@remix-run/node'
import { draftActions } from '#app/models/drafts.server'
import { REOPENED } from '#app/models/projects.schema'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_ORDERS'] })
  const result = await draftActions.reopenRevision(t, request, params.orderId ?? '', params.serviceId ?? '')
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, message: REOPENED, statusPercentage: result.order.status_percentage })
}

export const loader = () => methodNotAllowed()
