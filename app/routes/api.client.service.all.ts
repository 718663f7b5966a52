// GET /api/client/service/all[?archived=true]: the organisation's workflows (services).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listWorkflows } from '#app/models/workflows.server'
import { listQuerySchema, pageOf } from '#app/models/workflows.schema'
import { routeGuard } from '#app/rules/routes'
import { parseQuery, methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/customer-services/all'))
  const query = parseQuery(request, listQuerySchema)
  if (!query.ok) return query.response
  const { services, count } = await listWorkflows(t, { archived: query.data.archived, search: query.data.search, ...pageOf(query.data) })
  return apiJson({ status: true, services, data: services, count })
}

export const action = () => methodNotAllowed()
