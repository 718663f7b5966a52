// POST /api/writer/pool/{orderId}/claim → {status, orderId}: a writer claims an unassigned order of the open pool;
// first come, first served (409 for the others), 404 when the pool is off or the order is not in it.
import type { ActionFunctionArgs } from '@remix-run/node'
import { workActions } from '#app/models/work-list.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requireContributor } from './contributor-access.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requireContributor(request)
  const result = await workActions.claim(t, request, params.orderId ?? '')
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, orderId: result.orderId })
}
