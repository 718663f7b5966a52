// GET /api/client/homepage/analytics/orders-history: Orders by month, last 6 months: {status, orders: [{month, label, count, completed, pending}]}. From the rollups (ADR 0043).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { ordersHistory } from '#app/models/dashboard.server'
import { SALES_GUARD } from '#app/rules/dashboard'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, SALES_GUARD)
  return apiJson({ status: true, ...(await ordersHistory(t)) })
}

export const action = () => methodNotAllowed()
