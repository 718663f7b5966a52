// GET /api/client/need-actions: the open orders that wait on the team (ADR 0018) → {needsActionOrders, writers, count, cursors}.
// Takes the list's parameters (size, cursor, start, sort); soonest due first by default.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { parseOrdersListQuery } from '#app/models/orders-list.schema'
import { activeWriters, listOrders } from '#app/models/orders-list.server'
import { ordersToJson } from '#app/models/orders.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_ORDERS'] })
  const parsed = parseOrdersListQuery(new URL(request.url).searchParams, { sort: 'dueDate' })
  if (!parsed.ok) return apiJson({ status: false, error: parsed.error, errors: parsed.errors }, 400)
  const now = new Date()
  const [page, writers] = await Promise.all([listOrders(t, parsed.query, { now, needsAction: true }), activeWriters(t)])
  return apiJson({
    status: true,
    needsActionOrders: await ordersToJson(t, page.rows, now, page.related),
    writers,
    count: page.count,
    start: page.offset,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    lastCursor: page.lastCursor,
  })
}

export const action = () => methodNotAllowed()
