// GET /api/client/orders/customTags: the organisation's custom tags {status, data: [{_id, text}]} (tag suggestions).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { organisationTags } from '#app/models/order-tags.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_ORDERS'] })
  return apiJson({ status: true, data: await organisationTags(t) })
}

export const action = () => methodNotAllowed()
