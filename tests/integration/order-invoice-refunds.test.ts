// Order-invoice refunds against the real database and the Stripe emulator through the real SDK
// (ADR 0022, 0046): full and part refunds move money at Stripe, a refusal there leaves the invoice as
// it was, a retried refund pays once, and the seed's demo payments are refunded on record only.
import Stripe from 'stripe'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { REFUND_REFUSED } from '#app/models/order-invoices.schema'
import { refundInvoice } from '#app/models/order-invoices.server'
import { tenantDb, platformDb } from '#app/services/db.server'
import { REFUND_PAYMENT_UNKNOWN, REFUND_PROVIDER_DOWN, refundPayment } from '#app/services/payments.server'
import { createStripeClient, paymentsService } from '#app/services/stripe.server'
import { createTenant } from '#tests/factories/index'
import { activityOf, createInvoice, invoiceRow } from '#tests/factories/order-invoices'
import { createOrderWorld } from '#tests/factories/orders'

const emulator = await vi.hoisted(async () => (await import('./stripe-emulator-fixture')).emulatorForThisFile())
let stripe: Stripe

beforeAll(() => {
  stripe = createStripeClient('sk_test_refunds', emulator.url)
})

async function world() {
  const { org, owner } = await createTenant()
  const { orders } = await createOrderWorld(org.id, 2)
  const actor = { db: tenantDb(org.id), clientId: org.id, user: { id: owner.id, firstName: 'Olive', lastName: 'Owner', role: 'client' } }
  return { org, actor, orders }
}

async function chargeOf(paymentIntentId: string) {
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId)
  return stripe.charges.retrieve(intent.latest_charge as string)
}

const refundsAt = async (paymentIntentId: string) => (await stripe.refunds.list({ payment_intent: paymentIntentId })).data

describe('refunding an order invoice paid at Stripe', () => {
  it('the factory paid it for real: a succeeded PaymentIntent of the provider-paid price', async () => {
    const w = await world()
    const invoice = await createInvoice(w.org.id, [w.orders[0]!], { status: 'paid', providerPaidCents: 19900, currency: 'eur' })
    const row = await invoiceRow(invoice.publicId)
    expect(row.provider_payment_id).toMatch(/^pi_/)
    expect(await stripe.paymentIntents.retrieve(row.provider_payment_id!)).toMatchObject({
      status: 'succeeded',
      amount: 19900,
      currency: 'eur',
      metadata: { invoiceId: invoice.publicId },
    })
  })

  it('a full refund (the default amount) pays it all back at Stripe and records the refund id', async () => {
    const w = await world()
    const invoice = await createInvoice(w.org.id, w.orders, { status: 'paid', providerPaidCents: 19900 })
    const paymentId = (await invoiceRow(invoice.publicId)).provider_payment_id!
    const outcome = await refundInvoice(w.actor, invoice.publicId, undefined)
    expect(outcome).toMatchObject({ ok: true, invoice: { status: 'refunded', refund_amount: 199 } })
    const row = await invoiceRow(invoice.publicId)
    expect(row).toMatchObject({ status: 'refunded', refund_amount_cents: 19900 })
    expect(row.provider_refund_id).toMatch(/^re_/)
    expect(await chargeOf(paymentId)).toMatchObject({ amount_refunded: 19900, refunded: true })
    const [refund] = await refundsAt(paymentId)
    expect(refund).toMatchObject({ id: row.provider_refund_id, amount: 19900, metadata: { invoiceId: invoice.publicId } })
    for (const order of w.orders) expect(await activityOf(order.id)).toContain('Invoice refunded: $199')
  })

  it('a part refund pays back only that part; the invoice is then refunded for good', async () => {
    const w = await world()
    const invoice = await createInvoice(w.org.id, [w.orders[0]!], { status: 'paid', providerPaidCents: 15000 })
    const paymentId = (await invoiceRow(invoice.publicId)).provider_payment_id!
    expect(await refundInvoice(w.actor, invoice.publicId, 100.5)).toMatchObject({ ok: true, invoice: { status: 'refunded', refund_amount: 100.5 } })
    expect(await chargeOf(paymentId)).toMatchObject({ amount_refunded: 10050, refunded: false })
    expect(await refundInvoice(w.actor, invoice.publicId, 10)).toEqual({ ok: false, status: 400, error: REFUND_REFUSED })
    expect((await chargeOf(paymentId)).amount_refunded).toBe(10050)
  })

  it('more than the invoice allows is refused here; more than is left at Stripe is refused there; either way nothing changes', async () => {
    const w = await world()
    const invoice = await createInvoice(w.org.id, [w.orders[0]!], { status: 'paid', providerPaidCents: 19900 })
    const paymentId = (await invoiceRow(invoice.publicId)).provider_payment_id!
    expect(await refundInvoice(w.actor, invoice.publicId, 199.01)).toEqual({ ok: false, status: 400, error: 'The refund amount cannot be more than 199', field: 'amount' })
    expect(await refundsAt(paymentId)).toEqual([])

    // Someone refunded $50 in Stripe's dashboard: $149 is left there, though the invoice says $199.
    await stripe.refunds.create({ payment_intent: paymentId, amount: 5000 })
    const refused = await refundInvoice(w.actor, invoice.publicId, 199)
    expect(refused).toEqual({
      ok: false,
      status: 409,
      field: 'amount',
      error: 'The payment provider refused the refund: Refund amount ($199.00) is greater than unrefunded amount on charge ($149.00)',
    })
    expect(await invoiceRow(invoice.publicId)).toMatchObject({ status: 'paid', refund_amount_cents: null, provider_refund_id: null, refunded_at: null })
    expect((await chargeOf(paymentId)).amount_refunded).toBe(5000)
    expect((await activityOf(w.orders[0]!.id)).filter((a) => a.startsWith('Invoice refunded'))).toEqual([])

    // The same invoice, the amount that is left: the refused attempt did not spend the idempotency key.
    expect(await refundInvoice(w.actor, invoice.publicId, 149)).toMatchObject({ ok: true, invoice: { refund_amount: 149 } })
    expect((await chargeOf(paymentId)).amount_refunded).toBe(19900)
  })

  it('a payment Stripe does not know is refused with a clear message, the invoice unchanged', async () => {
    const w = await world()
    const invoice = await createInvoice(w.org.id, [w.orders[0]!], { status: 'paid', providerPaidCents: 19900 })
    // As after an emulator restart: the stored id names nothing at the provider.
    await platformDb.updateTable('order_invoices').set({ provider_payment_id: 'pi_forgotten0000000000' }).where('id', '=', invoice.id).execute()
    expect(await refundInvoice(w.actor, invoice.publicId, 20)).toEqual({ ok: false, status: 409, error: REFUND_PAYMENT_UNKNOWN })
    expect(await invoiceRow(invoice.publicId)).toMatchObject({ status: 'paid', refund_amount_cents: null })
  })
})

describe('a retried refund is paid once', () => {
  it('the same idempotency key answers the first refund instead of paying again', async () => {
    const w = await world()
    const invoice = await createInvoice(w.org.id, [w.orders[0]!], { status: 'paid', providerPaidCents: 8000 })
    const paymentId = (await invoiceRow(invoice.publicId)).provider_payment_id!
    const request = { clientId: w.org.id, invoiceId: invoice.publicId, providerPaymentId: paymentId, amountCents: 3000, idempotencyKey: `refund-${invoice.publicId}` }
    const first = await refundPayment(request)
    const second = await refundPayment(request)
    expect(first).toMatchObject({ ok: true, amountCents: 3000, recordedOnly: false })
    expect(second).toEqual(first)
    expect(await refundsAt(paymentId)).toHaveLength(1)
    expect((await chargeOf(paymentId)).amount_refunded).toBe(3000)
  })

  it('a refund that reached Stripe but was never recorded (the save failed) is found and recorded on the retry, not paid again', async () => {
    const w = await world()
    const invoice = await createInvoice(w.org.id, [w.orders[0]!], { status: 'paid', providerPaidCents: 8000 })
    const paymentId = (await invoiceRow(invoice.publicId)).provider_payment_id!
    // The lost attempt, with another key (Stripe forgets keys after 24 hours): only its metadata names the invoice.
    const lost = await paymentsService().refund({ paymentIntentId: paymentId, amountCents: 8000, metadata: { invoiceId: invoice.publicId } }, `lost-${invoice.publicId}`)
    expect(await invoiceRow(invoice.publicId)).toMatchObject({ status: 'paid' })
    expect(await refundInvoice(w.actor, invoice.publicId, undefined)).toMatchObject({ ok: true, invoice: { status: 'refunded', refund_amount: 80 } })
    expect((await invoiceRow(invoice.publicId)).provider_refund_id).toBe(lost.id)
    expect(await refundsAt(paymentId)).toHaveLength(1)
    expect((await chargeOf(paymentId)).amount_refunded).toBe(8000)
  })

  it('two refunds of one invoice at once: one is paid, the other finds it refunded', async () => {
    const w = await world()
    const invoice = await createInvoice(w.org.id, [w.orders[0]!], { status: 'paid', providerPaidCents: 6000 })
    const paymentId = (await invoiceRow(invoice.publicId)).provider_payment_id!
    const results = await Promise.all([refundInvoice(w.actor, invoice.publicId, 60), refundInvoice(w.actor, invoice.publicId, 60)])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, status: 400, error: REFUND_REFUSED })
    expect(await refundsAt(paymentId)).toHaveLength(1)
  })
})

describe('payments the provider never took', () => {
  it("the seed's demo payment (pi_seed_) is refunded on record only, and says so on its orders", async () => {
    const w = await world()
    const invoice = await createInvoice(w.org.id, [w.orders[0]!], { status: 'paid', providerPaidCents: 4000 })
    await platformDb.updateTable('order_invoices').set({ provider_payment_id: 'pi_seed_7_abc123' }).where('id', '=', invoice.id).execute()
    expect(await refundInvoice(w.actor, invoice.publicId, 40)).toMatchObject({ ok: true, invoice: { status: 'refunded', refund_amount: 40 } })
    expect((await invoiceRow(invoice.publicId)).provider_refund_id).toMatch(/^local_re_/)
    expect(await activityOf(w.orders[0]!.id)).toContain('Invoice refunded: $40 (recorded only: a demo payment that never went through the payment provider)')
  })

  it('a provider that cannot be reached: 502, nothing refunded', async () => {
    const unreachable = paymentsService(createStripeClient('sk_test_down', 'http://127.0.0.1:9'))
    const outcome = await refundPayment({ clientId: 1, invoiceId: 'inv', providerPaymentId: 'pi_any', amountCents: 100, idempotencyKey: 'refund-inv' }, unreachable)
    expect(outcome).toEqual({ ok: false, status: 502, error: REFUND_PROVIDER_DOWN })
  })
})
