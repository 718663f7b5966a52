// Payments to an organisation (Stripe Connect direct charges) through the payments service, the real
// SDK and the Stripe emulator, with order invoices in the real database: the charge lands on the
// connected account with the platform's fee, a decline charges nothing, a retry charges once, and a
// refund is made on the charge's account, which no other account can see or refund.
import Stripe from 'stripe'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { refundInvoice } from '#app/models/order-invoices.server'
import { tenantDb } from '#app/services/db.server'
import { REFUND_ACCOUNT_UNAVAILABLE, REFUND_PAYMENT_UNKNOWN, refundPayment } from '#app/services/payments.server'
import { createStripeClient, isConnectedAccountUnusable, paymentsService } from '#app/services/stripe.server'
import { createConnectedAccount } from '#tests/factories/connect'
import { createTenant } from '#tests/factories/index'
import { activityOf, createInvoice, invoiceRow } from '#tests/factories/order-invoices'
import { createOrderWorld } from '#tests/factories/orders'

const emulator = await vi.hoisted(async () => (await import('./stripe-emulator-fixture')).emulatorForThisFile())
let stripe: Stripe
let sequence = 0
const key = (what: string) => `${what}-${++sequence}-${Date.now()}`

beforeAll(() => {
  stripe = createStripeClient('sk_test_connected_payments', emulator.url)
})

const sale = (accountId: string, extra: Partial<Parameters<ReturnType<typeof paymentsService>['chargeConnected']>[0]> = {}) => ({
  accountId,
  paymentMethodId: 'pm_card_visa',
  amountCents: 12_500,
  currency: 'usd',
  applicationFeeCents: 625,
  description: 'Resume Essentials',
  metadata: { cartId: `cart_${++sequence}` },
  ...extra,
})

describe('chargeConnected', () => {
  it('a direct charge lands on the connected account with the application fee; the platform does not see it', async () => {
    const accountId = await createConnectedAccount()
    const charge = await paymentsService().chargeConnected(sale(accountId, { metadata: { cartId: 'cart_fee' } }), key('checkout'))
    expect(charge).toMatchObject({ status: 'succeeded', amountCents: 12_500, currency: 'usd', metadata: { cartId: 'cart_fee' } })
    const atAccount = await stripe.charges.retrieve(charge.chargeId!, {}, { stripeAccount: accountId })
    expect(atAccount).toMatchObject({ paid: true, amount: 12_500, application_fee_amount: 625, payment_intent: charge.paymentIntentId, description: 'Resume Essentials' })
    expect(atAccount.application_fee).toMatch(/^fee_/)
    await expect(stripe.paymentIntents.retrieve(charge.paymentIntentId)).rejects.toMatchObject({ code: 'resource_missing' })
  })

  it('a fee of 0 (the default configuration) takes nothing', async () => {
    const accountId = await createConnectedAccount()
    const charge = await paymentsService().chargeConnected(sale(accountId, { applicationFeeCents: 0 }), key('checkout'))
    expect(await stripe.charges.retrieve(charge.chargeId!, {}, { stripeAccount: accountId })).toMatchObject({ application_fee_amount: null, application_fee: null })
  })

  it('a declined card throws the card error and charges nothing', async () => {
    const accountId = await createConnectedAccount()
    const attempt = paymentsService().chargeConnected(sale(accountId, { paymentMethodId: 'pm_card_chargeDeclined', metadata: { cartId: 'cart_declined' } }), key('checkout'))
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeCardError)
    await expect(attempt).rejects.toMatchObject({ message: 'Your card was declined.' })
    const charges = (await stripe.charges.list({}, { stripeAccount: accountId })).data
    expect(charges.filter((c) => c.paid)).toEqual([])
    expect(await paymentsService().findSucceededConnectedCharge(accountId, { cartId: 'cart_declined' })).toBeNull()
  })

  it('an idempotent retry returns the same intent and charges once', async () => {
    const accountId = await createConnectedAccount()
    const input = sale(accountId)
    const k = key('checkout')
    const first = await paymentsService().chargeConnected(input, k)
    const again = await paymentsService().chargeConnected(input, k)
    expect(again).toEqual(first)
    expect((await stripe.charges.list({}, { stripeAccount: accountId })).data).toHaveLength(1)
  })

  it('findSucceededConnectedCharge finds an earlier charge by its metadata, on its own account only', async () => {
    const accountId = await createConnectedAccount()
    const other = await createConnectedAccount()
    const charge = await paymentsService().chargeConnected(sale(accountId, { metadata: { cartId: 'cart_retry', attempt: '1' } }), key('checkout'))
    expect(await paymentsService().findSucceededConnectedCharge(accountId, { cartId: 'cart_retry' })).toEqual(charge)
    expect(await paymentsService().findSucceededConnectedCharge(accountId, { cartId: 'cart_other' })).toBeNull()
    expect(await paymentsService().findSucceededConnectedCharge(other, { cartId: 'cart_retry' })).toBeNull()
  })

  it('an account without charges, or one Stripe does not know, fails as the account’s problem, not the card’s', async () => {
    const pending = await createConnectedAccount({ chargesEnabled: false })
    const disabled = await paymentsService()
      .chargeConnected(sale(pending), key('checkout'))
      .catch((e: unknown) => e)
    expect(disabled).not.toBeInstanceOf(Stripe.errors.StripeCardError)
    expect(isConnectedAccountUnusable(disabled)).toBe(true)
    const unknown = await paymentsService()
      .chargeConnected(sale('acct_forgotten00000000'), key('checkout'))
      .catch((e: unknown) => e)
    expect(unknown).toBeInstanceOf(Stripe.errors.StripePermissionError)
    expect(isConnectedAccountUnusable(unknown)).toBe(true)
    const declined = await paymentsService()
      .chargeConnected(sale(await createConnectedAccount(), { paymentMethodId: 'pm_card_chargeDeclined' }), key('checkout'))
      .catch((e: unknown) => e)
    expect(isConnectedAccountUnusable(declined)).toBe(false)
  })
})

async function world() {
  const { org, owner } = await createTenant()
  const { orders } = await createOrderWorld(org.id, 1)
  const actor = { db: tenantDb(org.id), clientId: org.id, user: { id: owner.id, firstName: 'Olive', lastName: 'Owner', role: 'client' } }
  return { org, actor, orders }
}

describe('refunding an order invoice paid on a connected account', () => {
  it('the refund is made on the charge’s account and recorded on the invoice', async () => {
    const w = await world()
    const accountId = await createConnectedAccount({ clientId: w.org.id })
    const invoice = await createInvoice(w.org.id, w.orders, { status: 'paid', providerPaidCents: 9900, connectedAccountId: accountId })
    const row = await invoiceRow(invoice.publicId)
    expect(row.provider_account_id).toBe(accountId)
    expect(await refundInvoice(w.actor, invoice.publicId, 40)).toMatchObject({ ok: true, invoice: { status: 'refunded', refund_amount: 40 } })
    const [refund] = (await stripe.refunds.list({ payment_intent: row.provider_payment_id! }, { stripeAccount: accountId })).data
    expect(refund).toMatchObject({ id: (await invoiceRow(invoice.publicId)).provider_refund_id, amount: 4000, metadata: { invoiceId: invoice.publicId } })
    expect(await activityOf(w.orders[0]!.id)).toContain('Invoice refunded: $40')
  })

  it('another account (or the platform) cannot see or refund it: refused, nothing refunded', async () => {
    const w = await world()
    const accountId = await createConnectedAccount({ clientId: w.org.id })
    const other = await createConnectedAccount()
    const invoice = await createInvoice(w.org.id, w.orders, { status: 'paid', providerPaidCents: 5000, connectedAccountId: accountId })
    const paymentId = (await invoiceRow(invoice.publicId)).provider_payment_id!
    const request = { clientId: w.org.id, invoiceId: invoice.publicId, providerPaymentId: paymentId, amountCents: 5000, idempotencyKey: key('refund') }
    expect(await refundPayment({ ...request, providerAccountId: other })).toEqual({ ok: false, status: 409, error: REFUND_PAYMENT_UNKNOWN })
    expect(await refundPayment({ ...request, providerAccountId: null })).toEqual({ ok: false, status: 409, error: REFUND_PAYMENT_UNKNOWN })
    expect(await refundPayment({ ...request, providerAccountId: 'acct_forgotten00000000' })).toEqual({ ok: false, status: 409, error: REFUND_ACCOUNT_UNAVAILABLE })
    expect((await stripe.charges.list({ payment_intent: paymentId }, { stripeAccount: accountId })).data[0]).toMatchObject({ amount_refunded: 0 })
  })

  it('a retried refund of a connected payment pays once', async () => {
    const w = await world()
    const accountId = await createConnectedAccount({ clientId: w.org.id })
    const invoice = await createInvoice(w.org.id, w.orders, { status: 'paid', providerPaidCents: 7000, connectedAccountId: accountId })
    const paymentId = (await invoiceRow(invoice.publicId)).provider_payment_id!
    const request = {
      clientId: w.org.id,
      invoiceId: invoice.publicId,
      providerPaymentId: paymentId,
      providerAccountId: accountId,
      amountCents: 2000,
      idempotencyKey: key('refund'),
    }
    const first = await refundPayment(request)
    expect(first).toMatchObject({ ok: true, amountCents: 2000, recordedOnly: false })
    // Another key (Stripe forgot the first after 24 hours): the metadata finds the refund on the account.
    expect(await refundPayment({ ...request, idempotencyKey: key('refund') })).toEqual(first)
    expect((await stripe.refunds.list({ payment_intent: paymentId }, { stripeAccount: accountId })).data).toHaveLength(1)
  })
})
