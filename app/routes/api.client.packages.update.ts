// POST /api/client/packages/update {id, packageName, packagePrice, ...}: answers {status, data: {_id}}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { productUpdateSchema } from '#app/models/products.schema'
import { productActions } from '#app/models/products.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_PRODUCTS'] })
  const body = await parseBody(request, productUpdateSchema)
  if (!body.ok) return body.response
  const result = await productActions.update(t, request, body.data.id, body.data)
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, data: result.product, package: result.product })
}

export const loader = () => methodNotAllowed()
