// Order invoices for tests: written as a payment would leave them, for one or several orders of a
// customer. A provider-paid invoice was really paid at the payment provider (the test run's Stripe
// emulator): a PaymentIntent charged with a test card, refunded there too when the invoice is refunded,
// so refunds exercise the real path (ADR 0046).
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { paymentsService } from '#app/services/stripe.server'
import type { OrderRow } from '#app/models/orders.server'

/**
 * Pays `amountCents` at the provider as a customer's card payment of the invoice would; refunds
 * `refundCents` of it. With `accountId` it is a portal checkout's direct charge on that connected account.
 */
export async function providerPayment(invoicePublicId: string, amountCents: number, currency: string, refundCents?: number | null, accountId?: string | null) {
  const payments = paymentsService()
  const common = { paymentMethodId: 'pm_card_visa', amountCents, currency, description: `Order invoice ${invoicePublicId}`, metadata: { invoiceId: invoicePublicId } }
  const charge = accountId
    ? await payments.chargeConnected({ ...common, accountId, applicationFeeCents: 0 }, `test-invoice-payment-${invoicePublicId}`)
    : await payments.chargeOnce(common, `test-invoice-payment-${invoicePublicId}`)
  const refund = refundCents
    ? await payments.refund(
        { paymentIntentId: charge.paymentIntentId, amountCents: refundCents, metadata: { invoiceId: invoicePublicId }, accountId },
        `test-invoice-refund-${invoicePublicId}`,
      )
    : null
  return { paymentIntentId: charge.paymentIntentId, refundId: refund?.id ?? null }
}

export async function createInvoice(
  clientId: number,
  orders: OrderRow[],
  opts: {
    status?: 'unpaid' | 'paid' | 'refunded'
    providerPaidCents?: number
    refundAmountCents?: number | null
    currency?: string
    isTest?: boolean
    createdAt?: Date
    /** Paid on this connected account (a portal checkout's direct charge) instead of the platform's. */
    connectedAccountId?: string
  } = {},
) {
  const publicId = newPublicId()
  const price = orders.reduce((sum, o) => sum + Number(o.price_cents), 0)
  const status = opts.status ?? 'unpaid'
  const providerPaid = opts.providerPaidCents ?? 0
  const at = opts.createdAt ?? new Date()
  const currency = opts.currency ?? 'usd'
  const refundCents = status === 'refunded' ? (opts.refundAmountCents ?? null) : null
  const paid = providerPaid > 0 ? await providerPayment(publicId, providerPaid, currency, refundCents, opts.connectedAccountId) : null
  const result = await platformDb
    .insertInto('order_invoices')
    .values({
      public_id: publicId,
      client_id: clientId,
      customer_id: orders[0]!.customer_id,
      type: orders.length > 1 ? 'multiOrders' : 'single',
      currency,
      status,
      price_cents: price,
      provider_paid_cents: providerPaid,
      provider_payment_id: paid?.paymentIntentId ?? null,
      provider_account_id: paid ? (opts.connectedAccountId ?? null) : null,
      provider_refund_id: paid?.refundId ?? null,
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
