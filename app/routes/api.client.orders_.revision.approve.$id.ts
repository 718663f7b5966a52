// GET /api/client/orders/revision/approve/{id}: pending → approved. A state-changing GET, as the spec
// has it: the same-origin rule (app/rules/same-origin.ts) refuses it from any other site.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { REVISION_APPROVED } from '#app/models/revisions.schema'
import { revisionActions } from '#app/models/revisions.server'
import { routeGuard } from '#app/rules/routes'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/orders/revisions'))
  const result = await revisionActions.approve(t, request, params.id ?? '')
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, message: REVISION_APPROVED, data: { _id: result.revisionId, order_id: result.orderId, adminApproval: result.status } })
}

export const action = () => methodNotAllowed()
