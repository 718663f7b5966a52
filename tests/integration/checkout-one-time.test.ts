// One-time plans at checkout against the real database and the Stripe emulator through the real SDK
// (ADR 0046): one PaymentIntent charged now, the organisation active for good with its plan, user
// limit and payment recorded; declines, retries and double submits never charge twice.
import { randomBytes } from 'node:crypto'
import { checkoutBody } from '#tests/factories/checkout'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CheckoutInput, checkoutSchema } from '#app/models/checkout.schema'
import { checkout, organisationIdForCheckout } from '#app/models/checkout.server'
import { subscriptionOverview, userLimitOf } from '#app/models/subscription.server'
import { platformDb, tenantDb } from '#app/services/db.server'
import { createStripeClient, paymentsService, type PaymentsService } from '#app/services/stripe.server'
import { createPlan, createPromotion } from '#tests/factories/subscriptions'
import { startStripeEmulator, type StripeEmulator } from '../../tools/stripe-emulator'

let emulator: StripeEmulator
let stripe: Stripe
let payments: PaymentsService
let lifetime: Awaited<ReturnType<typeof createPlan>>

beforeAll(async () => {
  emulator = await startStripeEmulator({ port: 0 })
  stripe = createStripeClient('sk_test_one_time', emulator.url)
  payments = paymentsService(stripe)
  // A trial flag on a one-time plan means nothing: there is no later charge for a trial to put off.
  lifetime = await createPlan({ name: 'Lifetime Solo', oneTime: true, priceCents: 24900, maxUsers: 1, trialDays: 14 })
})

afterAll(async () => {
  await emulator.close()
})

const uid = () => randomBytes(5).toString('hex')
const ctx = () => ({ ip: `198.51.100.${randomBytes(1)[0]! % 250}-${uid()}` })
const newKey = () => uid() + uid()

function buyer(over: Partial<Record<keyof CheckoutInput, string>> = {}): CheckoutInput {
  return checkoutSchema.parse(checkoutBody(lifetime.public_id, over))
}

async function organisation(key: string) {
  return platformDb.selectFrom('organisations').selectAll().where('public_id', '=', organisationIdForCheckout(key)).executeTakeFirstOrThrow()
}

async function planRecord(clientId: number) {
  return platformDb.selectFrom('organisation_plans').selectAll().where('client_id', '=', clientId).executeTakeFirst()
}

async function intentsOf(customerId: string) {
  return (await stripe.paymentIntents.list({ customer: customerId, limit: 100 })).data
}

const succeeded = (intents: Stripe.PaymentIntent[]) => intents.filter((i) => i.status === 'succeeded')

describe('checkout of a one-time plan', () => {
  it('charges the price once, opens the organisation for good and records the plan, its user limit and the payment', async () => {
    const key = newKey()
    const outcome = await checkout(buyer(), key, ctx(), payments)
    expect(outcome).toMatchObject({ ok: true, user: { role: 'client', packageStatus: 'active' } })
    const org = await organisation(key)
    expect(org).toMatchObject({ active: true, package_status: 'active', stripe_subscription_id: null, subscription_status: null, trial_ends_at: null, payment_due_since: null })
    const [intent, ...others] = await intentsOf(org.stripe_customer_id!)
    expect(others).toEqual([])
    expect(intent).toMatchObject({ status: 'succeeded', amount: 24900, currency: 'usd', metadata: { clientId: org.public_id, purpose: 'checkout', packageId: lifetime.public_id } })
    expect((await stripe.subscriptions.list({ customer: org.stripe_customer_id!, status: 'all' })).data).toEqual([])
    expect(await planRecord(org.id)).toMatchObject({
      stripe_subscription_id: null,
      client_package_id: lifetime.id,
      quantity: 1,
      max_users: 1,
      stripe_payment_intent_id: intent!.id,
      paid_cents: 24900,
    })
    // The card stays on file (the default), as after a subscription checkout.
    expect((await payments.listPaymentMethods(org.stripe_customer_id!)).filter((m) => m.isDefault)).toHaveLength(1)

    const t = { db: tenantDb(org.id), clientId: org.id }
    expect(await userLimitOf(t, payments)).toBe(1)
    const overview = await subscriptionOverview(t, payments)
    expect(overview).toMatchObject({ packageStatus: 'active', subscription: null, maxUsers: 1, priceCents: 24900, plan: { id: lifetime.id } })
  })

  it('a promotion takes its discount off the one charge, and its redemption is counted', async () => {
    const promo = await createPromotion({ percent: 20, duration: 'repeating', months: 3 })
    const key = newKey()
    expect(await checkout(buyer({ promo: promo.coupon_code }), key, ctx(), payments)).toMatchObject({ ok: true })
    const org = await organisation(key)
    expect((await intentsOf(org.stripe_customer_id!)).map((i) => i.amount)).toEqual([19920])
    expect((await planRecord(org.id))!.paid_cents).toBe(19920)
    const after = await platformDb.selectFrom('promotions').select('availed_times').where('id', '=', promo.id).executeTakeFirstOrThrow()
    expect(Number(after.availed_times)).toBe(Number(promo.availed_times) + 1)
  })

  it('a 100% promotion makes it free: no charge at all, the organisation opened all the same', async () => {
    const promo = await createPromotion({ percent: 100, duration: 'once' })
    const key = newKey()
    expect(await checkout(buyer({ promo: promo.coupon_code }), key, ctx(), payments)).toMatchObject({ ok: true })
    const org = await organisation(key)
    expect(org.package_status).toBe('active')
    expect(await intentsOf(org.stripe_customer_id!)).toEqual([])
    expect(await planRecord(org.id)).toMatchObject({ stripe_payment_intent_id: null, paid_cents: 0, client_package_id: lifetime.id })
  })

  it("a declined card answers Stripe's message and opens nothing; the retry of that form with another card pays once", async () => {
    const input = buyer({ payment: 'pm_card_chargeDeclinedInsufficientFunds' })
    const key = newKey()
    expect(await checkout(input, key, ctx(), payments)).toEqual({ ok: false, status: 402, error: 'Your card has insufficient funds.', field: 'payment' })
    const held = await organisation(key)
    expect(held).toMatchObject({ active: false, package_status: 'pending' })
    expect(await planRecord(held.id)).toBeUndefined()
    expect(await checkout({ ...input, payment: 'pm_card_mastercard' }, key, ctx(), payments)).toMatchObject({ ok: true })
    const intents = await intentsOf(held.stripe_customer_id!)
    expect(intents.map((i) => i.status).sort()).toEqual(['requires_payment_method', 'succeeded'])
    expect(await organisation(key)).toMatchObject({ id: held.id, active: true, package_status: 'active' })
  })

  it('a double submit of one form charges once and signs the buyer in both times', async () => {
    const input = buyer()
    const key = newKey()
    const [a, b] = await Promise.all([checkout(input, key, ctx(), payments), checkout(input, key, ctx(), payments)])
    expect(a.ok && b.ok).toBe(true)
    if (!a.ok || !b.ok) return
    expect(a.user.id).toBe(b.user.id)
    const org = await organisation(key)
    expect(succeeded(await intentsOf(org.stripe_customer_id!))).toHaveLength(1)
    // Submitted again after it finished: the same answer, still one charge.
    expect(await checkout(input, key, ctx(), payments)).toMatchObject({ ok: true })
    expect(succeeded(await intentsOf(org.stripe_customer_id!))).toHaveLength(1)
  })

  it('a payment that went through while the organisation was never completed is used by the retry, not charged again', async () => {
    const input = buyer({ payment: 'pm_card_chargeDeclined' })
    const key = newKey()
    await checkout(input, key, ctx(), payments)
    const held = await organisation(key)
    // The lost attempt: paid at Stripe (another card, its own key), then the server died before completing.
    await payments.chargeOnce(
      {
        customerId: held.stripe_customer_id!,
        paymentMethodId: 'pm_card_visa',
        amountCents: 24900,
        currency: 'usd',
        metadata: { clientId: held.public_id, purpose: 'checkout', packageId: lifetime.public_id },
      },
      `lost-${key}`,
    )
    expect(await checkout({ ...input, payment: 'pm_card_amex' }, key, ctx(), payments)).toMatchObject({ ok: true })
    const intents = await intentsOf(held.stripe_customer_id!)
    expect(succeeded(intents)).toHaveLength(1)
    expect((await planRecord(held.id))!.stripe_payment_intent_id).toBe(succeeded(intents)[0]!.id)
  })
})
