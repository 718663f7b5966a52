// GET /api/client/orders/reviewer-orders?archived=true&start=&size=: the signed-in reviewer's orders ({status, data: {orders, count}, count}).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { reviewerOrdersQuerySchema } from '#app/models/reviewer-orders.schema'
import { listReviewerOrders } from '#app/models/reviewer-orders.server'
import { methodNotAllowed, parseQuery } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireReviewer } from './reviewer-access.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireReviewer(request)
  const query = parseQuery(request, reviewerOrdersQuerySchema)
  if (!query.ok) return query.response
  const { orders, count } = await listReviewerOrders(t, query.data)
  return apiJson({ status: true, data: { orders, count }, count })
}

export const action = () => methodNotAllowed()
