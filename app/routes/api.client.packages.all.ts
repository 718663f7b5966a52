// GET /api/client/packages/all[?archived=true]: the organisation's products.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listProducts } from '#app/models/products.server'
import { listQuerySchema, pageOf } from '#app/models/workflows.schema'
import { routeGuard } from '#app/rules/routes'
import { parseQuery, methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/view'))
  const query = parseQuery(request, listQuerySchema)
  if (!query.ok) return query.response
  const { products, count } = await listProducts(t, { archived: query.data.archived, search: query.data.search, ...pageOf(query.data) })
  return apiJson({ status: true, packages: products, data: products, count })
}

export const action = () => methodNotAllowed()
