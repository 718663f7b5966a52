// GET /api/client/packages/active/{id}: actives a product (a GET in the original API, so cross-site requests are refused).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { productActions } from '#app/models/products.server'
import { requirePermission } from '#app/services/auth.server'
import { apiError, apiJson } from '#app/utils/http.server'
import { methodNotAllowed } from '#app/utils/api.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_PRODUCTS'] })
  // A changing GET: a link on another site must not flip it with the visitor's cookie.
  if (request.headers.get('Sec-Fetch-Site') === 'cross-site') return apiError(403, 'Cross-site request refused')
  const product = await productActions.setFlag(t, request, params.id ?? '', 'active', true)
  if (!product) return apiError(404, 'Product not found')
  return apiJson({ status: true, message: 'Product is Activated!', package: product, data: product })
}

/** POST does the same (the spec's GET stays, behind the same-origin check). */
export const action = (args: LoaderFunctionArgs) => (args.request.method === 'POST' ? loader(args) : methodNotAllowed())
