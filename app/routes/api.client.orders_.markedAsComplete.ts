// POST /api/client/orders/markedAsComplete {orderId}: marks the order completed (irreversible) → {status, order}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { orderActions } from '#app/models/order-actions.server'
import { markCompleteSchema } from '#app/models/order-actions.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { orderActionAnswer } from './order-actions-api.server'
import { requirePermission } from '#app/models/auth-guards.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_ORDERS'] })
  const body = await parseBody(request, markCompleteSchema)
  if (!body.ok) return body.response
  return orderActionAnswer(t, await orderActions.markAsComplete(t, request, body.data.orderId), { single: true })
}
