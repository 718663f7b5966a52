// PATCH /api/client/orders/{id}/custom-tags {tags}: replaces the order's tags; data [{_id, value, new}]
// where `new` marks tags this call added to the organisation.
import type { ActionFunctionArgs } from '@remix-run/node'
import { orderTagActions } from '#app/models/order-tags.server'
import { customTagsBodySchema, TAGS_SAVED } from '#app/models/projects.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_ORDERS'] })
  const body = await parseBody(request, customTagsBodySchema)
  if (!body.ok) return body.response
  const result = await orderTagActions.set(t, request, params.id ?? '', body.data.tags)
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, message: TAGS_SAVED, data: result.tags })
}

export const loader = () => methodNotAllowed()
