// GET /api/client/package/{id}: one product for the edit form; PATCH {archived}: archive or restore it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { archiveSchema } from '#app/models/workflows.schema'
import { getProduct, productActions } from '#app/models/products.server'
import { routeGuard } from '#app/rules/routes'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/view'))
  const product = await getProduct(t, params.id ?? '')
  if (!product) return apiError(404, 'Product not found')
  return apiJson({ status: true, data: product, package: product })
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_PRODUCTS'] })
  const body = await parseBody(request, archiveSchema)
  if (!body.ok) return body.response
  const product = await productActions.setFlag(t, request, params.id ?? '', 'archived', body.data.archived)
  if (!product) return apiError(404, 'Product not found')
  return apiJson({ status: true, data: product, package: product })
}
