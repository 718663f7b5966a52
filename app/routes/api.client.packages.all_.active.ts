// GET /api/client/packages/all/active: active, non-archived products (the order form's product list).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listActiveProducts } from '#app/models/products.server'
import { apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { any: ['READ_PRODUCTS', 'WRITE_ORDERS'] })
  const products = await listActiveProducts(t)
  return apiJson({ status: true, packages: products, data: products })
}

export const action = () => methodNotAllowed()
