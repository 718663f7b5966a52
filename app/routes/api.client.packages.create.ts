// POST /api/client/packages/create {packageName, packagePrice, packageServices, packageDownloadables, contractID, purchasable}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { productCreateSchema } from '#app/models/products.schema'
import { productActions } from '#app/models/products.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_PRODUCTS'] })
  const body = await parseBody(request, productCreateSchema)
  if (!body.ok) return body.response
  const result = await productActions.create(t, request, body.data)
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, package: result.product })
}

export const loader = () => methodNotAllowed()
