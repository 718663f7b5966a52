// GET /api/client/service/all[?archived=true]: the organisation's workflows (services).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listWorkflows } from '#app/models/workflows.server'
import { listQuerySchema, pageOf } from '#app/models/workflows.schema'
import { WORKFLOW_LIST_FAILED } from '#app/models/workflows.names'
import { routeGuard } from '#app/rules/routes'
import { parseQuery, methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { rethrowOutage } from '#app/services/dependency-failure.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/customer-services/all'))
  const query = parseQuery(request, listQuerySchema)
  if (!query.ok) return query.response
  try {
    const { services, count } = await listWorkflows(t, { archived: query.data.archived, search: query.data.search, ...pageOf(query.data) })
    return apiJson({ status: true, services, data: services, count })
  } catch (error) {
    rethrowOutage(error)
    console.error(`[workflows] list failed: ${error instanceof Error ? error.message : String(error)}`)
    return apiError(500, WORKFLOW_LIST_FAILED)
  }
}

export const action = () => methodNotAllowed()
