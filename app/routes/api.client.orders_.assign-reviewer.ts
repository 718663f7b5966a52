// PATCH /api/client/orders/assign-reviewer {reviewerId, selectedOrdersIds}: assigns (or, empty, unassigns) the reviewer → {status, orders}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { orderActions } from '#app/models/order-actions.server'
import { assignReviewerSchema } from '#app/models/order-actions.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { orderActionAnswer } from './order-actions-api.server'
import { requirePermission } from '#app/models/auth-guards.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['ASSIGN_WRITER_REVIEWER'] })
  const body = await parseBody(request, assignReviewerSchema)
  if (!body.ok) return body.response
  return orderActionAnswer(t, await orderActions.assignReviewer(t, request, body.data.selectedOrdersIds, body.data.reviewerId))
}
