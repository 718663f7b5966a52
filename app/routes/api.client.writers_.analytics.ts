// GET /api/client/writers/analytics: the organisation's contributors for the Contributors Analytics
// multi-select, and the settings that shape the page: {status, writers, settings} (ADR 0047).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { analyticsOverview } from '#app/models/contributors-analytics.server'
import { CONTRIBUTORS_ANALYTICS_GUARD } from '#app/rules/contributors-analytics'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, CONTRIBUTORS_ANALYTICS_GUARD)
  return apiJson({ status: true, ...(await analyticsOverview(t)) })
}

export const action = () => methodNotAllowed()
