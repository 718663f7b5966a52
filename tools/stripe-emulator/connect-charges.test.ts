// Direct charges on connected accounts (the `Stripe-Account` header, Connect): application fees, each
// account's payments kept apart, per-account idempotency, and the refusals Stripe gives, through the real SDK.
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
  stripe = new Stripe('sk_test_connect_charges', { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 })
})

afterAll(async () => {
  await emulator?.close()
})

/** A connected account as onboarding leaves it: charges enabled unless asked otherwise. */
async function account(chargesEnabled = true): Promise<string> {
  const created = await stripe.accounts.create({ type: 'express', email: `seller${++sequence}@example.test` })
  const res = await fetch(`${emulator.url}/_emulator/accounts/${created.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ details_submitted: 'true', charges_enabled: String(chargesEnabled), payouts_enabled: String(chargesEnabled) }),
  })
  expect(res.status).toBe(200)
  return created.id
}

const directCharge = (stripeAccount: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}, idempotencyKey = key('pi')) =>
  stripe.paymentIntents.create(
    { amount: 8000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true, allowed_payment_method_types: ['card'], application_fee_amount: 800, ...extra },
    { stripeAccount, idempotencyKey },
  )

describe('a direct charge (Stripe-Account)', () => {
  it('lands on the connected account with the application fee, and only that account sees it', async () => {
    const seller = await account()
    const other = await account()
    const intent = await directCharge(seller, { metadata: { cartId: 'cart_1' } })
    expect(intent).toMatchObject({ status: 'succeeded', amount: 8000, amount_received: 8000, application_fee_amount: 800, metadata: { cartId: 'cart_1' } })

    const charge = await stripe.charges.retrieve(intent.latest_charge as string, {}, { stripeAccount: seller })
    expect(charge).toMatchObject({ paid: true, amount: 8000, application_fee_amount: 800, payment_intent: intent.id, metadata: { cartId: 'cart_1' } })
    expect(charge.application_fee).toMatch(/^fee_/)
    expect((await stripe.paymentIntents.list({}, { stripeAccount: seller })).data.map((p) => p.id)).toEqual([intent.id])

    // The platform itself and another connected account: as if it did not exist.
    await expect(stripe.paymentIntents.retrieve(intent.id)).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 })
    await expect(stripe.paymentIntents.retrieve(intent.id, {}, { stripeAccount: other })).rejects.toMatchObject({ code: 'resource_missing' })
    await expect(stripe.charges.retrieve(charge.id, {}, { stripeAccount: other })).rejects.toMatchObject({ code: 'resource_missing' })
    expect((await stripe.paymentIntents.list({ limit: 100 })).data.some((p) => p.id === intent.id)).toBe(false)
    expect((await stripe.charges.list({ payment_intent: intent.id }, { stripeAccount: other })).data).toEqual([])
  })

  it('names the account on its events, which only that account lists', async () => {
    const seller = await account()
    const intent = await directCharge(seller)
    const events = (await stripe.events.list({ type: 'payment_intent.succeeded' }, { stripeAccount: seller })).data
    expect(events.map((e) => (e.data.object as Stripe.PaymentIntent).id)).toEqual([intent.id])
    expect(events[0]!.account).toBe(seller)
    const platforms = (await stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 })).data
    expect(platforms.some((e) => (e.data.object as Stripe.PaymentIntent).id === intent.id)).toBe(false)
  })

  it('a declined card charges nothing and takes no fee; the intent may be confirmed again on that account', async () => {
    const seller = await account()
    const error = (await directCharge(seller, { payment_method: 'pm_card_chargeDeclined' }).catch((e: unknown) => e)) as Stripe.errors.StripeCardError
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError)
    expect(error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline', statusCode: 402 })
    const failed = error.payment_intent!
    expect(failed).toMatchObject({ status: 'requires_payment_method', amount_received: 0, application_fee_amount: 800 })
    const [charge] = (await stripe.charges.list({ payment_intent: failed.id }, { stripeAccount: seller })).data
    expect(charge).toMatchObject({ status: 'failed', paid: false, application_fee: null })
    await expect(stripe.paymentIntents.confirm(failed.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({ code: 'resource_missing' })
    const retried = await stripe.paymentIntents.confirm(failed.id, { payment_method: 'pm_card_visa' }, { stripeAccount: seller })
    expect(retried).toMatchObject({ status: 'succeeded', amount_received: 8000 })
  })

  it('keeps idempotency keys per account: a retry replays, the same key on another account is another charge', async () => {
    const seller = await account()
    const other = await account()
    const k = key('checkout')
    const first = await directCharge(seller, {}, k)
    const replay = await directCharge(seller, {}, k)
    expect(replay.id).toBe(first.id)
    expect((await stripe.charges.list({ payment_intent: first.id }, { stripeAccount: seller })).data).toHaveLength(1)
    const elsewhere = await directCharge(other, {}, k)
    expect(elsewhere.id).not.toBe(first.id)
    // On the platform the key is unused too: other parameters are no idempotency error there.
    const platform = await stripe.paymentIntents.create({ amount: 990, currency: 'usd', payment_method: 'pm_card_visa', confirm: true }, { idempotencyKey: k })
    expect(platform.id).not.toBe(first.id)
    await expect(directCharge(seller, { amount: 9000 }, k)).rejects.toMatchObject({ type: 'StripeIdempotencyError' })
  })

  it('refunds go to the charge’s account; another account cannot see or refund it', async () => {
    const seller = await account()
    const other = await account()
    const intent = await directCharge(seller)
    await expect(stripe.refunds.create({ payment_intent: intent.id }, { stripeAccount: other })).rejects.toMatchObject({ code: 'resource_missing', param: 'payment_intent' })
    await expect(stripe.refunds.create({ charge: intent.latest_charge as string })).rejects.toMatchObject({ code: 'resource_missing', param: 'charge' })
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 3000, metadata: { invoiceId: 'inv_1' } }, { stripeAccount: seller })
    expect(refund).toMatchObject({ amount: 3000, status: 'succeeded', payment_intent: intent.id })
    expect((await stripe.refunds.list({ payment_intent: intent.id }, { stripeAccount: seller })).data.map((r) => r.id)).toEqual([refund.id])
    expect((await stripe.refunds.list({ payment_intent: intent.id }, { stripeAccount: other })).data).toEqual([])
    await expect(stripe.refunds.retrieve(refund.id)).rejects.toMatchObject({ code: 'resource_missing' })
    expect((await stripe.charges.retrieve(intent.latest_charge as string, {}, { stripeAccount: seller })).amount_refunded).toBe(3000)
  })
})

describe('what Stripe refuses on a connected account', () => {
  it('an account that is not the platform’s: 403 account_invalid (StripePermissionError), nothing created', async () => {
    const attempt = directCharge('acct_unknown000000')
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripePermissionError)
    await expect(attempt).rejects.toMatchObject({ statusCode: 403, code: 'account_invalid', type: 'StripePermissionError' })
    await expect(stripe.paymentIntents.list({}, { stripeAccount: 'acct_unknown000000' })).rejects.toMatchObject({ statusCode: 403 })
  })

  it('an account whose charges are not enabled refuses the charge, and so does one disabled after creating the intent', async () => {
    const pending = await account(false)
    await expect(directCharge(pending)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: 'You cannot create a charge on a connected account without the `card_payments` capability enabled.',
    })
    expect((await stripe.paymentIntents.list({}, { stripeAccount: pending })).data).toEqual([])

    const seller = await account()
    const waiting = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd', payment_method: 'pm_card_visa' }, { stripeAccount: seller })
    await fetch(`${emulator.url}/_emulator/accounts/${seller}`, { method: 'POST', body: new URLSearchParams({ charges_enabled: 'false' }) })
    await expect(stripe.paymentIntents.confirm(waiting.id, {}, { stripeAccount: seller })).rejects.toMatchObject({ statusCode: 400 })
    expect((await stripe.charges.list({ payment_intent: waiting.id }, { stripeAccount: seller })).data).toEqual([])
  })

  it('application_fee_amount: above the amount, negative, or without a connected account is invalid_request_error on that param', async () => {
    const seller = await account()
    await expect(directCharge(seller, { application_fee_amount: 8001 })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'application_fee_amount' })
    await expect(directCharge(seller, { application_fee_amount: -1 })).rejects.toMatchObject({ param: 'application_fee_amount' })
    await expect(stripe.paymentIntents.create({ amount: 8000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true, application_fee_amount: 100 })).rejects.toMatchObject(
      { param: 'application_fee_amount' },
    )
    expect((await stripe.paymentIntents.list({}, { stripeAccount: seller })).data).toEqual([])
    // A fee of the whole amount is allowed; a fee of 0 makes no fee object.
    expect((await directCharge(seller, { application_fee_amount: 8000 })).application_fee_amount).toBe(8000)
    const free = await directCharge(seller, { application_fee_amount: 0 })
    expect((await stripe.charges.retrieve(free.latest_charge as string, {}, { stripeAccount: seller })).application_fee).toBeNull()
  })

  it('platform customers and cards do not exist on a connected account; objects not kept per account are refused', async () => {
    const seller = await account()
    const buyer = await stripe.customers.create({ email: 'buyer@example.test' })
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: buyer.id })
    await expect(directCharge(seller, { customer: buyer.id })).rejects.toMatchObject({ code: 'resource_missing', param: 'customer' })
    await expect(directCharge(seller, { payment_method: card.id })).rejects.toMatchObject({ code: 'resource_missing', param: 'payment_method' })
    await expect(stripe.customers.list({}, { stripeAccount: seller })).rejects.toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' })
  })
})
