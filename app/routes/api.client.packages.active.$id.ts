// GET /api/client/packages/active/{id}: actives a product (a GET in the original API: the same-origin
// middleware, server/security.ts, refuses it cross-site like a write).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { productActions } from '#app/models/products.server'
import { apiError, apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_PRODUCTS'] })
  const product = await productActions.setFlag(t, request, params.id ?? '', 'active', true)
  if (!product) return apiError(404, 'Product not found')
  return apiJson({ status: true, message: 'Product is Activated!', package: product, data: product })
}

/** POST does the same (the spec's GET stays, behind the same-origin check). */
export const action = (args: LoaderFunctionArgs) => (args.request.method === 'POST' ? loader(args) : methodNotAllowed())
