// GET /api/portal/orders/{id} on an organisation's host: one of the customer's orders, or 404 for any other (ADR 0060).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getMyOrder, myOrderJson } from '#app/models/customer-orders.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const order = await getMyOrder(t, customer.id, params.id ?? '')
  if (!order) return apiError(404, 'Order not found')
  return apiJson({ status: true, order: myOrderJson(order) })
}

export const action = () => methodNotAllowed()
