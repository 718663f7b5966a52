// Tips on orders (the dashboard's monthTips and totalTips, ADR 0043): recorded once paid, in cents.
// The customer portal's tip step writes through here; the rollups hear of each tip.
import { newPublicId } from '#app/services/crypto.server'
import { scoped, scopedInsert, type TenantScope } from '#db/tenant'
import { noteAnalyticsChange } from './analytics-events.server'

export type TipInput = { orderId: number; amountCents: number; currency?: string; paidAt?: Date }

/** A paid tip on an order of this organisation; null when the order is not one of its orders. */
export async function recordOrderTip(t: TenantScope, input: TipInput): Promise<{ id: number; publicId: string } | null> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new Error('A tip is a positive number of cents')
  const order = await scoped(t, 'orders').select(['id', 'currency']).where('id', '=', input.orderId).executeTakeFirst()
  if (!order) return null
  const publicId = newPublicId()
  const result = await scopedInsert(t, 'order_tips', {
    public_id: publicId,
    order_id: order.id,
    amount_cents: input.amountCents,
    currency: input.currency ?? order.currency,
    paid_at: input.paidAt ?? new Date(),
  }).executeTakeFirstOrThrow()
  const id = Number(result.insertId)
  await noteAnalyticsChange(t, 'tip', [id])
  return { id, publicId }
}
