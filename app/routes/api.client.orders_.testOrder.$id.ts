// PATCH /api/client/orders/testOrder/{id} {testOrder}: marks or unmarks a test order → {status, order}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { orderActions } from '#app/models/order-actions.server'
import { testOrderSchema } from '#app/models/order-actions.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { orderActionAnswer } from './order-actions-api.server'
import { requirePermission } from '#app/models/auth-guards.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_ORDERS'] })
  const body = await parseBody(request, testOrderSchema)
  if (!body.ok) return body.response
  return orderActionAnswer(t, await orderActions.setTestOrder(t, request, params.id!, body.data.testOrder), { single: true })
}
