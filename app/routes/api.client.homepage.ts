// GET /api/client/homepage: the dashboard's stat cards for the signed-in organisation.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getHomepageStats } from '#app/models/homepage.server'
import { routeGuard } from '#app/rules/routes'
import { apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/dashboard'))
  return apiJson({ status: true, data: await getHomepageStats(t) })
}

export const action = () => methodNotAllowed()
