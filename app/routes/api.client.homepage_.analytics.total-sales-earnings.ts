// GET /api/client/homepage/analytics/total-sales-earnings: {status, monthRevenue, monthTips, totalRevenue, totalTips, currencyType}. From the rollups (ADR 0043).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { totalSalesEarnings } from '#app/models/dashboard.server'
import { SALES_GUARD } from '#app/rules/dashboard'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, SALES_GUARD)
  return apiJson({ status: true, ...(await totalSalesEarnings(t)) })
}

export const action = () => methodNotAllowed()
