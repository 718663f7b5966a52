// PATCH /api/client/orders/assign/set-due-date {orderIds, dueDate}: a date, not before today, on each own order → {status, orders}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { orderActions } from '#app/models/order-actions.server'
import { dueDateSchema } from '#app/models/order-actions.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { orderActionAnswer } from './order-actions-api.server'
import { requirePermission } from '#app/models/auth-guards.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_ORDERS'] })
  const body = await parseBody(request, dueDateSchema)
  if (!body.ok) return body.response
  return orderActionAnswer(t, await orderActions.setDueDate(t, request, body.data.orderIds, body.data.dueDate))
}
