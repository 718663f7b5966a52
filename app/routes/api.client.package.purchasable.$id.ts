// PATCH /api/client/package/purchasable/{id} {purchasable}: whether the portal sells the product.
import type { ActionFunctionArgs } from '@remix-run/node'
import { purchasableSchema } from '#app/models/products.schema'
import { productActions } from '#app/models/products.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_PRODUCTS'] })
  const body = await parseBody(request, purchasableSchema)
  if (!body.ok) return body.response
  const product = await productActions.setFlag(t, request, params.id ?? '', 'purchasable', body.data.purchasable)
  if (!product) return apiError(404, 'Product not found')
  return apiJson({ status: true, message: 'Changed Successfully!', data: product, package: product })
}

export const loader = () => methodNotAllowed()
