// GET /api/client/orders: the orders list ({statusCode, orders, count}); PATCH: bulk flags {selectedOrdersIds, updateData}.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { parseOrdersListQuery } from '#app/models/orders-list.schema'
import { listOrders } from '#app/models/orders-list.server'
import { ordersToJson } from '#app/models/orders.server'
import { orderActions } from '#app/models/order-actions.server'
import { bulkFlagsSchema } from '#app/models/order-actions.schema'
import { orderActionAnswer } from './order-actions-api.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

// GET with archived, start, size, filters, sorting, search, showSixMonthsCompleted (and the cursors of ADR 0017).
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_ORDERS'] })
  const parsed = parseOrdersListQuery(new URL(request.url).searchParams)
  if (!parsed.ok) return apiJson({ status: false, error: parsed.error, errors: parsed.errors }, 400)
  const now = new Date()
  const page = await listOrders(t, parsed.query, { now })
  return apiJson({
    status: true,
    orders: await ordersToJson(t, page.rows, now, page.related),
    count: page.count,
    start: page.offset,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    lastCursor: page.lastCursor,
  })
}

// PATCH {selectedOrdersIds, updateData}: the bulk flag rule over the own orders among the ids (foreign ones are skipped).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_ORDERS'] })
  const body = await parseBody(request, bulkFlagsSchema)
  if (!body.ok) return body.response
  return orderActionAnswer(t, await orderActions.bulkFlags(t, request, body.data.selectedOrdersIds, body.data.updateData))
}
