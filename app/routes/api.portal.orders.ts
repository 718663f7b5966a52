// GET /api/portal/orders on an organisation's host: the signed-in customer's orders {_id, productName, status, dueDate, waitingOn} (ADR 0060).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listMyOrders, orderSummaryJson } from '#app/models/customer-orders.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const { orders, more } = await listMyOrders(t, customer.id)
  return apiJson({ status: true, orders: orders.map(orderSummaryJson), more })
}

export const action = () => methodNotAllowed()
