// Order invoices for tests: written as a payment would leave them (a provider-paid invoice has a
// positive provider_paid_cents and a provider payment id), for one or several orders of a customer.
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import type { OrderRow } from '#app/models/orders.server'

export async function createInvoice(
  clientId: number,
  orders: OrderRow[],
  opts: { status?: 'unpaid' | 'paid' | 'refunded'; providerPaidCents?: number; refundAmountCents?: number | null; currency?: string; isTest?: boolean; createdAt?: Date } = {},
) {
  const publicId = newPublicId()
  const price = orders.reduce((sum, o) => sum + Number(o.price_cents), 0)
  const status = opts.status ?? 'unpaid'
  const providerPaid = opts.providerPaidCents ?? 0
  const at = opts.createdAt ?? new Date()
  const result = await platformDb
    .insertInto('order_invoices')
    .values({
      public_id: publicId,
      client_id: clientId,
      customer_id: orders[0]!.customer_id,
      type: orders.length > 1 ? 'multiOrders' : 'single',
      currency: opts.currency ?? 'usd',
      status,
      price_cents: price,
      provider_paid_cents: providerPaid,
      provider_payment_id: providerPaid > 0 ? `pi_test_${publicId}` : null,
      refund_amount_cents: opts.refundAmountCents ?? null,
      is_test: opts.isTest ?? false,
      paid_at: status === 'unpaid' ? null : at,
      refunded_at: status === 'refunded' ? at : null,
      created_at: at,
      updated_at: at,
    })
    .executeTakeFirstOrThrow()
  const invoiceId = Number(result.insertId)
  await platformDb
    .insertInto('order_invoice_items')
    .values(orders.map((o) => ({ client_id: clientId, invoice_id: invoiceId, order_id: o.id, package_name: o.package_name, quantity: 1, price_cents: Number(o.price_cents) })))
    .execute()
  return { id: invoiceId, publicId }
}

export async function invoiceRow(publicId: string) {
  return platformDb.selectFrom('order_invoices').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow()
}

export async function activityOf(orderId: number) {
  return (await platformDb.selectFrom('order_activity').select('content').where('order_id', '=', orderId).orderBy('id').execute()).map((r) => r.content)
}
