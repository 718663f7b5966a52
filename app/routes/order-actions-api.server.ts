// The JSON answers of the order-action routes: the updated orders in the spec's Order shape, or {status:false, error}.
import type { OrderActionResult } from '#app/models/order-actions.server'
import { ordersToJson } from '#app/models/orders.server'
import { apiJson } from '#app/services/http.server'
import type { Tenant } from '#app/models/auth-guards.server'

/** `{status, message, orders, changed}` (and `order` for a call about one order), or the refusal with its status. */
export async function orderActionAnswer(t: Tenant, result: OrderActionResult, opts: { single?: boolean; message?: string } = {}) {
  if (!result.ok) return apiJson({ status: false, error: result.error }, result.status)
  const orders = await ordersToJson(t, result.orders)
  return apiJson({
    status: true,
    message: opts.message ?? 'Saved Successfully!',
    ...(opts.single ? { order: orders[0] ?? null } : {}),
    orders,
    changed: result.changed,
    ...(result.warning ? { warning: result.warning } : {}),
  })
}
