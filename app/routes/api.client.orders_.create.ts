// POST /api/client/orders/create {customer_id, package_id, price, markAsPaid, createInvoice}: {status, order, invoice} (ADR 0021).
import type { ActionFunctionArgs } from '@remix-run/node'
import { orderCreateSchema } from '#app/models/order-create.schema'
import { orderCreateActions } from '#app/models/order-create.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_ORDERS'] })
  const body = await parseBody(request, orderCreateSchema)
  if (!body.ok) return body.response
  const result = await orderCreateActions.create(t, request, body.data)
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, order: result.order, invoice: result.invoice })
}

export const loader = () => methodNotAllowed()
