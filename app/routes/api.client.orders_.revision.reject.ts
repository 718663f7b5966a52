// POST /api/client/orders/revision/reject {revisionId, rejectionReason, uploadedFiles}: pending → rejected,
// with the reason and files (keys of this organisation's uploads) for the writer.
import type { ActionFunctionArgs } from '@remix-run/node'
import { REVISION_REJECTED, rejectRevisionSchema } from '#app/models/revisions.schema'
import { revisionActions } from '#app/models/revisions.server'
import { routeGuard } from '#app/rules/routes'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, routeGuard('/orders/revisions'))
  const body = await parseBody(request, rejectRevisionSchema)
  if (!body.ok) return body.response
  const { revisionId, rejectionReason, uploadedFiles } = body.data
  const result = await revisionActions.reject(t, request, revisionId, { rejectionReason, uploadedFiles })
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, message: REVISION_REJECTED, data: { _id: result.revisionId, order_id: result.orderId, adminApproval: result.status } })
}

export const loader = () => methodNotAllowed()
