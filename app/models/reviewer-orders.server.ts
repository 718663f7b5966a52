// The reviewer's own orders (orders.reviewer_id is the signed-in account), newest first, with the
// latest-task label of each.
import { ORDER_COLUMNS, ordersQuery, ordersToJson, type OrderJson, type OrderRow } from './orders.server'
import type { ReviewerOrdersQuery } from './reviewer-orders.schema'
import type { TenantScope } from '#db/tenant'

type Reviewer = TenantScope & { user: { id: number } }

export async function listReviewerOrders(t: Reviewer, query: ReviewerOrdersQuery): Promise<{ orders: OrderJson[]; count: number }> {
  const mine = ordersQuery(t).where('o.reviewer_id', '=', t.user.id).where('o.archived', '=', query.archived)
  const [rows, total] = await Promise.all([
    mine.select(ORDER_COLUMNS).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(query.size).offset(query.start).execute() as Promise<OrderRow[]>,
    mine.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { orders: await ordersToJson(t, rows), count: Number(total.count) }
}
