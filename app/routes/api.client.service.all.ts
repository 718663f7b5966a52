// GET /api/client/service/all[?archived=true]: the organisation's workflows (services).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listWorkflows } from '#app/models/workflows.server'
import { listQuerySchema, pageOf } from '#app/models/workflows.schema'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { parseQuery, methodNotAllowed } from '#app/utils/api.server'
import { apiJson } from '#app/utils/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/customer-services/all'))
  const query = parseQuery(request, listQuerySchema)
  if (!query.ok) return query.response
  const { services, count } = await listWorkflows(t, { archived: query.data.archived, search: query.data.search, ...pageOf(query.data) })
  return apiJson({ status: true, services, data: services, count })
}

export const action = () => methodNotAllowed()
