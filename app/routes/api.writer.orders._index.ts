// GET /api/writer/orders?filter&page&size → {orders: [{_id, productName, dueDate, priority, statusPercentage, nextTask}], count}:
// the signed-in contributor's orders as My work lists them (no customer data, no prices).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { workListQuerySchema } from '#app/models/work-list.schema'
import { listMyWork, toWorkOrderJson } from '#app/models/work-list.server'
import { methodNotAllowed, parseQuery } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireContributor } from './contributor-access.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireContributor(request)
  const query = parseQuery(request, workListQuerySchema)
  if (!query.ok) return query.response
  const { orders, count } = await listMyWork(t, query.data)
  return apiJson({ status: true, orders: orders.map(toWorkOrderJson), count })
}

export const action = () => methodNotAllowed()
