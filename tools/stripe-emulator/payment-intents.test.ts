// One-time charges (POST /v1/payment_intents, /confirm) and refunds of them, through the real Stripe SDK.
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStripeEmulator, type StripeEmulator } from './server'

let emulator: StripeEmulator
let stripe: Stripe
let sequence = 0
const key = (what: string) => `${what}-${++sequence}-${Date.now()}`

beforeAll(async () => {
  emulator = await startStripeEmulator({ port: 0 })
  const url = new URL(emulator.url)
  stripe = new Stripe('sk_test_payment_intents', { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 })
})

afterAll(async () => {
  await emulator?.close()
})

async function customer() {
  return stripe.customers.create({ email: `buyer${++sequence}@example.test` })
}

async function chargesOf(intentId: string) {
  return (await stripe.charges.list({ payment_intent: intentId })).data
}

describe('POST /v1/payment_intents with confirm=true', () => {
  it('charges a paying test card at once: succeeded, one paid charge carrying the metadata', async () => {
    const buyer = await customer()
    const intent = await stripe.paymentIntents.create(
      {
        amount: 4900,
        currency: 'USD',
        customer: buyer.id,
        payment_method: 'pm_card_visa',
        confirm: true,
        allowed_payment_method_types: ['card'],
        description: 'Lifetime plan',
        metadata: { clientId: 'org_1' },
      },
      { idempotencyKey: key('pi') },
    )
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 4900,
      amount_received: 4900,
      currency: 'usd',
      customer: buyer.id,
      description: 'Lifetime plan',
      metadata: { clientId: 'org_1' },
      last_payment_error: null,
    })
    expect(intent.client_secret).toMatch(/^pi_.+_secret_/)
    const [charge] = await chargesOf(intent.id)
    expect(charge).toMatchObject({
      id: intent.latest_charge,
      paid: true,
      status: 'succeeded',
      amount: 4900,
      customer: buyer.id,
      payment_intent: intent.id,
      metadata: { clientId: 'org_1' },
    })
    const events = (await stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 })).data
    expect(events.some((e) => (e.data.object as Stripe.PaymentIntent).id === intent.id)).toBe(true)
  })

  it.each([
    ['pm_card_chargeDeclined', 'generic_decline', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('%s: a 402 card_error naming the intent, left in requires_payment_method', async (card, declineCode, message) => {
    const buyer = await customer()
    const attempt = stripe.paymentIntents.create(
      { amount: 2500, currency: 'usd', customer: buyer.id, payment_method: card, confirm: true, off_session: true },
      { idempotencyKey: key('pi') },
    )
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeCardError)
    const error = (await attempt.catch((e: unknown) => e)) as Stripe.errors.StripeCardError
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: declineCode, message, statusCode: 402 })
    const failed = error.payment_intent!
    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      amount_received: 0,
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: declineCode, message },
    })
    expect(await stripe.paymentIntents.retrieve(failed.id)).toMatchObject({ status: 'requires_payment_method' })
    const [charge] = await chargesOf(failed.id)
    expect(charge).toMatchObject({ status: 'failed', paid: false, failure_code: 'card_declined' })
  })

  it('honours Idempotency-Key: a replay answers the same intent (or the same decline) and charges nothing more', async () => {
    const buyer = await customer()
    const params = { amount: 3000, currency: 'usd', customer: buyer.id, payment_method: 'pm_card_visa', confirm: true }
    const k = key('pi')
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: k })
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: k })
    expect(again.id).toBe(first.id)
    expect(await chargesOf(first.id)).toHaveLength(1)
    expect((await stripe.paymentIntents.list({ customer: buyer.id })).data).toHaveLength(1)
    await expect(stripe.paymentIntents.create({ ...params, amount: 3100 }, { idempotencyKey: k })).rejects.toMatchObject({ type: 'StripeIdempotencyError' })

    const declinedKey = key('pi')
    const declined = { ...params, payment_method: 'pm_card_chargeDeclined' }
    const a = (await stripe.paymentIntents.create(declined, { idempotencyKey: declinedKey }).catch((e: unknown) => e)) as Stripe.errors.StripeCardError
    const b = (await stripe.paymentIntents.create(declined, { idempotencyKey: declinedKey }).catch((e: unknown) => e)) as Stripe.errors.StripeCardError
    expect(b.payment_intent!.id).toBe(a.payment_intent!.id)
    expect(await chargesOf(a.payment_intent!.id)).toHaveLength(1)
  })

  it('refuses what Stripe refuses: below the minimum, no currency, off_session without confirm, unknown customer, a card of another customer', async () => {
    const buyer = await customer()
    await expect(stripe.paymentIntents.create({ amount: 49, currency: 'usd', payment_method: 'pm_card_visa', confirm: true })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_small',
      param: 'amount',
    })
    await expect(stripe.paymentIntents.create({ amount: 500 } as Stripe.PaymentIntentCreateParams)).rejects.toMatchObject({ code: 'parameter_missing', param: 'currency' })
    await expect(stripe.paymentIntents.create({ amount: 500, currency: 'usd', payment_method: 'pm_card_visa', off_session: true })).rejects.toMatchObject({ param: 'off_session' })
    await expect(stripe.paymentIntents.create({ amount: 500, currency: 'usd', customer: 'cus_missing', confirm: true, payment_method: 'pm_card_visa' })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'customer',
      statusCode: 400,
    })
    const other = await customer()
    const othersCard = await stripe.paymentMethods.attach('pm_card_visa', { customer: other.id })
    await expect(stripe.paymentIntents.create({ amount: 500, currency: 'usd', customer: buyer.id, payment_method: othersCard.id, confirm: true })).rejects.toMatchObject({
      code: 'payment_method_unexpected_state',
    })
    expect(await chargesOf(othersCard.id)).toEqual([])
  })
})

describe('POST /v1/payment_intents/:id/confirm', () => {
  it('an unconfirmed intent waits in requires_confirmation; confirm charges it, a second confirm is refused', async () => {
    const buyer = await customer()
    const card = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: buyer.id })
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'eur', customer: buyer.id, payment_method: card.id })
    expect(intent).toMatchObject({ status: 'requires_confirmation', latest_charge: null })
    const confirmed = await stripe.paymentIntents.confirm(intent.id)
    expect(confirmed).toMatchObject({ status: 'succeeded', amount_received: 1500, currency: 'eur', payment_method: card.id })
    await expect(stripe.paymentIntents.confirm(intent.id)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' })
    expect(await chargesOf(intent.id)).toHaveLength(1)
  })

  it('after a decline, confirming again with another card succeeds on the same intent', async () => {
    const error = (await stripe.paymentIntents
      .create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true })
      .catch((e: unknown) => e)) as Stripe.errors.StripeCardError
    const retried = await stripe.paymentIntents.confirm(error.payment_intent!.id, { payment_method: 'pm_card_visa' })
    expect(retried).toMatchObject({ id: error.payment_intent!.id, status: 'succeeded', last_payment_error: null })
    expect((await chargesOf(retried.id)).map((c) => c.status).sort()).toEqual(['failed', 'succeeded'])
  })

  it('without a payment method there is nothing to confirm', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'usd' })
    expect(intent.status).toBe('requires_payment_method')
    await expect(stripe.paymentIntents.confirm(intent.id)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' })
    await expect(stripe.paymentIntents.confirm('pi_missing')).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 })
  })
})

describe('refunds of a one-time charge', () => {
  it('refunds part, then the rest; more than is left, or anything after, is refused; a retried refund pays once', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true })
    const k = key('refund')
    const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 2000 }, { idempotencyKey: k })
    const replay = await stripe.refunds.create({ payment_intent: intent.id, amount: 2000 }, { idempotencyKey: k })
    expect(replay.id).toBe(part.id)
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).amount_refunded).toBe(2000)
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 3001 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'amount',
      message: 'Refund amount ($30.01) is greater than unrefunded amount on charge ($30.00)',
    })
    const rest = await stripe.refunds.create({ payment_intent: intent.id })
    expect(rest).toMatchObject({ amount: 3000, status: 'succeeded', payment_intent: intent.id })
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({ amount_refunded: 5000, refunded: true })
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 100 })).rejects.toMatchObject({ code: 'charge_already_refunded' })
  })

  it('a declined intent has nothing to refund', async () => {
    const error = (await stripe.paymentIntents
      .create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true })
      .catch((e: unknown) => e)) as Stripe.errors.StripeCardError
    await expect(stripe.refunds.create({ payment_intent: error.payment_intent!.id })).rejects.toMatchObject({ code: 'charge_not_refundable' })
  })
})
