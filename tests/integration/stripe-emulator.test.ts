// Drives tools/stripe-emulator only through the real Stripe SDK and app/services/stripe.server.ts.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStripeClient, paymentsService, type PaymentsService } from '#app/services/stripe.server'
import { startStripeEmulator, type StripeEmulator } from '../../tools/stripe-emulator'

const DAY = 86_400
const SECRET = 'whsec_integration_test_secret'

type Received = { body: string; signature: string; status: number }

let emulator: StripeEmulator
let receiver: Server
/** The receiver answers 500 to this many deliveries, to exercise the emulator's retry. */
let failNextDeliveries = 0
const received: Received[] = []
let stripe: Stripe
let payments: PaymentsService
let sequence = 0

/** A key per test step, stable within one call site, like the app's operation-derived keys. */
const key = (what: string) => `${what}-${++sequence}-${Date.now()}`

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const signature = String(req.headers['stripe-signature'] ?? '')
      let status = 200
      try {
        stripe.webhooks.constructEvent(body, signature, SECRET)
      } catch {
        status = 400
      }
      if (failNextDeliveries > 0) {
        failNextDeliveries--
        status = 500
      }
      received.push({ body, signature, status })
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()))
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`
  emulator = await startStripeEmulator({ port: 0, webhookUrl: receiverUrl, webhookSecret: SECRET, webhookRetryDelaysMs: [50, 100] })
  stripe = createStripeClient('sk_test_integration', emulator.url)
  payments = paymentsService(stripe)
})

afterAll(async () => {
  await emulator?.close()
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()))
})

async function newClock() {
  return stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) })
}

async function advanceClock(clockId: string, seconds: number) {
  const clock = await stripe.testHelpers.testClocks.retrieve(clockId)
  return stripe.testHelpers.testClocks.advance(clockId, { frozen_time: clock.frozen_time + seconds })
}

async function plan(unitAmountCents = 2000, interval: 'month' | 'year' = 'month') {
  return payments.createPlanPrice({ productName: 'Team plan', unitAmountCents, currency: 'usd', interval }, key('plan'))
}

async function customerWithCard(card = 'pm_card_visa', clockId?: string) {
  const customer = await payments.createCustomer({ email: `owner${++sequence}@example.com`, name: 'Owner', testClockId: clockId }, key('customer'))
  const pm = await payments.attachPaymentMethod(customer.id, card, { makeDefault: true }, key('pm'))
  return { customer, pm }
}

describe('subscriptions through the payments service', () => {
  it('starts trialing, then the trial end charges the card and makes it active with a paid invoice', async () => {
    const clock = await newClock()
    const price = await plan(2500)
    const { customer } = await customerWithCard('pm_card_visa', clock.id)
    const sub = await payments.createSubscription({ customerId: customer.id, priceId: price.priceId, quantity: 2, trialDays: 14 }, key('sub'))
    expect(sub.status).toBe('trialing')
    expect(sub.trialEnd).toBe(clock.frozen_time + 14 * DAY)

    await advanceClock(clock.id, 15 * DAY)
    const warnings = await stripe.events.list({ type: 'customer.subscription.trial_will_end', limit: 100 })
    expect(warnings.data.filter((e) => (e.data.object as Stripe.Subscription).id === sub.id)).toHaveLength(1)
    const after = await payments.getSubscription(sub.id)
    expect(after.status).toBe('active')
    const invoices = await payments.listInvoices({ customerId: customer.id, subscriptionId: sub.id })
    const paid = invoices.find((i) => i.billingReason === 'subscription_cycle')!
    expect(paid).toMatchObject({ status: 'paid', amountDueCents: 5000, amountPaidCents: 5000, totalCents: 5000 })
    expect(paid.paymentIntentId).toMatch(/^pi_/)
    expect(paid.hostedInvoiceUrl).toContain('/_emulator/invoices/')
    const pdf = await fetch(paid.invoicePdf!)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true)
    const intent = await stripe.paymentIntents.retrieve(paid.paymentIntentId!)
    expect(intent).toMatchObject({ status: 'succeeded', amount: 5000 })
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).paid).toBe(true)
  })

  it('refuses a declined card with Stripe card_error and leaves no subscription', async () => {
    const price = await plan()
    const { customer } = await customerWithCard('pm_card_chargeDeclined')
    const attempt = payments.createSubscription({ customerId: customer.id, priceId: price.priceId, quantity: 1 }, key('sub'))
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeCardError)
    await expect(attempt).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      statusCode: 402,
    })
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(0)
    // Nor any event about the subscription or invoice that never came to be (webhooks would name missing ids).
    const events = (await stripe.events.list({ limit: 100 })).data
    const named = events.filter((e) => JSON.stringify(e.data.object).includes(customer.id) && /^(customer\.subscription|invoice)\./.test(e.type))
    expect(named).toEqual([])

    const { customer: poor } = await customerWithCard('pm_card_chargeDeclinedInsufficientFunds')
    await expect(payments.createSubscription({ customerId: poor.id, priceId: price.priceId, quantity: 1 }, key('sub'))).rejects.toMatchObject({
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    })
  })

  it('allow_incomplete keeps an incomplete subscription after a decline, as Stripe does', async () => {
    const price = await plan()
    const { customer } = await customerWithCard('pm_card_chargeDeclined')
    await expect(stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.priceId }] })).rejects.toMatchObject({ statusCode: 402 })
    const [sub] = (await stripe.subscriptions.list({ customer: customer.id })).data
    expect(sub?.status).toBe('incomplete')
  })

  it('goes past_due when the renewal card starts declining, and recovers when the invoice is paid', async () => {
    const clock = await newClock()
    const price = await plan(1000)
    const { customer, pm: visa } = await customerWithCard('pm_card_visa', clock.id)
    const sub = await payments.createSubscription({ customerId: customer.id, priceId: price.priceId, quantity: 1 }, key('sub'))
    expect(sub.status).toBe('active')
    await payments.attachPaymentMethod(customer.id, 'pm_card_chargeCustomerFail', { makeDefault: true }, key('pm'))

    await advanceClock(clock.id, 32 * DAY)
    expect((await payments.getSubscription(sub.id)).status).toBe('past_due')
    const open = (await payments.listInvoices({ customerId: customer.id })).find((i) => i.status === 'open')!
    expect(open).toMatchObject({ amountDueCents: 1000, amountPaidCents: 0, billingReason: 'subscription_cycle' })

    await payments.setDefaultPaymentMethod(customer.id, visa.id)
    expect(await payments.payInvoice(open.id, key('pay'))).toMatchObject({ status: 'paid', amountPaidCents: 1000 })
    expect((await payments.getSubscription(sub.id)).status).toBe('active')
    const methods = await payments.listPaymentMethods(customer.id)
    expect(methods).toHaveLength(2)
    expect(methods.find((m) => m.isDefault)).toMatchObject({ id: visa.id, brand: 'visa', last4: '4242' })
  })

  it('discounts exactly three invoices with a repeating three-month coupon', async () => {
    const clock = await newClock()
    const price = await plan(4000)
    const coupon = await payments.createCoupon({ percentOff: 25, duration: 'repeating', durationInMonths: 3, maxRedemptions: 5 }, key('coupon'))
    const promo = await payments.createPromotionCode({ couponId: coupon.id, code: `SPRING${sequence}` }, key('promo'))
    expect(await payments.findPromotionCode(promo.code)).toMatchObject({ id: promo.id, couponId: coupon.id })
    const { customer } = await customerWithCard('pm_card_visa', clock.id)
    const sub = await payments.createSubscription({ customerId: customer.id, priceId: price.priceId, quantity: 1, promotionCodeId: promo.id }, key('sub'))
    expect(sub.discountIds).toHaveLength(1)
    for (let month = 0; month < 5; month++) await advanceClock(clock.id, 31 * DAY)

    const invoices = (await payments.listInvoices({ customerId: customer.id })).reverse()
    expect(invoices).toHaveLength(6)
    expect(invoices.map((i) => i.totalCents)).toEqual([3000, 3000, 3000, 4000, 4000, 4000])
    expect(invoices.filter((i) => i.discountCents > 0)).toHaveLength(3)
    expect((await payments.getCoupon(coupon.id)).timesRedeemed).toBe(1)
  })

  it('pauses for a month after the period, resumes, cancels at period end and reactivates', async () => {
    const clock = await newClock()
    const price = await plan(1500)
    const { customer } = await customerWithCard('pm_card_visa', clock.id)
    const sub = await payments.createSubscription({ customerId: customer.id, priceId: price.priceId, quantity: 1 }, key('sub'))
    const paused = await payments.pauseForOneMonthAtPeriodEnd(sub.id, key('pause'))
    expect(paused.isPaused).toBe(true)
    expect(paused.pausedUntil).toBeGreaterThan(sub.currentPeriodEnd)

    await advanceClock(clock.id, sub.currentPeriodEnd - clock.frozen_time + 60)
    let invoices = await payments.listInvoices({ customerId: customer.id })
    expect(invoices[0]).toMatchObject({ status: 'void', billingReason: 'subscription_cycle' })
    expect((await payments.getSubscription(sub.id)).status).toBe('active')

    await advanceClock(clock.id, paused.pausedUntil! - sub.currentPeriodEnd)
    const resumed = await payments.getSubscription(sub.id)
    expect(resumed.isPaused).toBe(false)
    invoices = await payments.listInvoices({ customerId: customer.id })
    expect(invoices[0]).toMatchObject({ status: 'paid', amountPaidCents: 1500 })

    const pausedAgain = await payments.pauseForOneMonthAtPeriodEnd(sub.id, key('pause'))
    expect(pausedAgain.isPaused).toBe(true)
    expect((await payments.resumeNow(sub.id)).isPaused).toBe(false)

    expect((await payments.cancelAtPeriodEnd(sub.id)).cancelAtPeriodEnd).toBe(true)
    expect((await payments.reactivate(sub.id)).cancelAtPeriodEnd).toBe(false)
    const ending = await payments.cancelAtPeriodEnd(sub.id)
    await advanceClock(clock.id, ending.currentPeriodEnd - (await stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time + 1)
    expect((await payments.getSubscription(sub.id)).status).toBe('canceled')

    const other = await payments.createSubscription({ customerId: customer.id, priceId: price.priceId, quantity: 1 }, key('sub'))
    expect((await payments.cancelNow(other.id)).status).toBe('canceled')
  })

  it('previews a quantity increase, then charges exactly that proration now and the new price next cycle', async () => {
    const clock = await newClock()
    const price = await plan(3000)
    const { customer } = await customerWithCard('pm_card_visa', clock.id)
    const sub = await payments.createSubscription({ customerId: customer.id, priceId: price.priceId, quantity: 2 }, key('sub'))
    await advanceClock(clock.id, 10 * DAY)
    const at = (await stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time

    const preview = await payments.previewQuantityChange(sub.id, 5)
    expect(preview.prorationDate).toBe(at)
    const expected =
      Math.round(3000 * 5 * ((sub.currentPeriodEnd - at) / (sub.currentPeriodEnd - sub.currentPeriodStart))) -
      Math.round(3000 * 2 * ((sub.currentPeriodEnd - at) / (sub.currentPeriodEnd - sub.currentPeriodStart)))
    expect(preview.dueNowCents).toBe(expected)
    expect(preview.nextInvoiceCents).toBe(15000)
    expect(preview.nextInvoiceAt).toBe(sub.currentPeriodEnd)

    const changed = await payments.changeQuantity(sub.id, 5, preview.prorationDate, key('quantity'))
    expect(changed.quantity).toBe(5)
    const proration = await payments.getInvoice(changed.latestInvoiceId!)
    expect(proration).toMatchObject({ billingReason: 'subscription_update', status: 'paid', amountPaidCents: preview.dueNowCents })

    await advanceClock(clock.id, sub.currentPeriodEnd - at + 1)
    expect((await payments.listInvoices({ customerId: customer.id }))[0]).toMatchObject({ amountPaidCents: 15000 })
  })

  it('refunds part of a payment and refuses to refund more than is left', async () => {
    const price = await plan(5000)
    const { customer } = await customerWithCard()
    const sub = await payments.createSubscription({ customerId: customer.id, priceId: price.priceId, quantity: 1 }, key('sub'))
    const invoice = await payments.getInvoice(sub.latestInvoiceId!)
    const refund = await payments.refund({ paymentIntentId: invoice.paymentIntentId!, amountCents: 2000 }, key('refund'))
    expect(refund).toMatchObject({ amountCents: 2000, status: 'succeeded' })
    expect((await stripe.refunds.retrieve(refund.id)).payment_intent).toBe(invoice.paymentIntentId)

    const over = payments.refund({ paymentIntentId: invoice.paymentIntentId!, amountCents: 3001 }, key('refund'))
    await expect(over).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    await expect(over).rejects.toMatchObject({ statusCode: 400, param: 'amount', message: 'Refund amount ($30.01) is greater than unrefunded amount on charge ($30.00)' })
    expect(await payments.refund({ paymentIntentId: invoice.paymentIntentId!, amountCents: 3000 }, key('refund'))).toMatchObject({ amountCents: 3000 })
  })

  it('moves the global clock for customers without a test clock, from the test or the control endpoint', async () => {
    const price = await plan(700)
    const { customer } = await customerWithCard()
    const sub = await payments.createSubscription({ customerId: customer.id, priceId: price.priceId, quantity: 1, trialDays: 3 }, key('sub'))
    emulator.advance(4 * DAY)
    expect((await payments.getSubscription(sub.id)).status).toBe('active')
    const control = await fetch(`${emulator.url}/_emulator/advance`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'seconds=60' })
    expect(control.status).toBe(200)
  })
})

describe('Stripe API behaviour', () => {
  it('replays an idempotent request and refuses the same key with other params', async () => {
    const idempotencyKey = key('idem')
    const first = await stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey })
    const again = await stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey })
    expect(again.id).toBe(first.id)
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true')
    const conflict = stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey })
    await expect(conflict).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    await expect(conflict).rejects.toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' })
  })

  it('answers 401 without a test key and 404 resource_missing for unknown ids', async () => {
    const wrong = createStripeClient('sk_live_nope', emulator.url)
    await expect(wrong.customers.list()).rejects.toMatchObject({ statusCode: 401, type: 'StripeAuthenticationError' })
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such customer: 'cus_missing'" })
  })

  it('onboards a Connect express account through its account link', async () => {
    const account = await payments.createConnectAccount({ email: 'payee@example.com' }, key('acct'))
    expect(account).toMatchObject({ payoutState: 'not_started', chargesEnabled: false })
    const url = await payments.createOnboardingLink(account.id, { refreshUrl: 'http://localhost/payouts?refresh=1', returnUrl: 'http://localhost/payouts' })
    const response = await fetch(url, { redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('http://localhost/payouts')
    expect(await payments.getConnectAccount(account.id)).toMatchObject({ payoutState: 'enabled', payoutsEnabled: true, detailsSubmitted: true })
  })
})

describe('checkout sessions', () => {
  it('completes a subscription checkout on the hosted page, showing the card error first', async () => {
    const price = await plan(1200)
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.priceId, quantity: 3 }],
      subscription_data: { trial_period_days: 7, metadata: { org: 'acme' } },
      customer_email: 'buyer@example.com',
      success_url: 'http://localhost/checkout/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost/checkout',
    })
    expect(session).toMatchObject({ status: 'open', amount_total: 3600 })
    const page = await fetch(session.url!)
    expect(await page.text()).toContain('pm_card_visa')

    const form = (card: string) => ({
      method: 'POST',
      redirect: 'manual' as const,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=buyer%40example.com&payment_method=${card}`,
    })
    const noTrial = await stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: price.priceId }], success_url: 'http://localhost/done' })
    const declined = await fetch(noTrial.url!, form('pm_card_chargeDeclined'))
    expect(declined.status).toBe(402)
    expect(await declined.text()).toContain('Your card was declined.')

    const paid = await fetch(session.url!, form('pm_card_visa'))
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`http://localhost/checkout/done?session=${session.id}`)
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] })
    expect(done.status).toBe('complete')
    expect(done.subscription).toMatchObject({ status: 'trialing', metadata: { org: 'acme' } })
  })
})

describe('webhooks', () => {
  it('delivers signed events that constructEvent accepts, and rejects tampered or stale ones', async () => {
    await emulator.webhooksIdle()
    received.length = 0
    const { customer } = await customerWithCard()
    await emulator.webhooksIdle()
    const events = received.map((r) => payments.verifyWebhook(r.body, r.signature, SECRET))
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['customer.created', 'payment_method.attached', 'customer.updated']))
    const created = events.find((e) => e.type === 'customer.created' && (e.data.object as Stripe.Customer).id === customer.id)!
    expect((created.data.object as Stripe.Customer).id).toBe(customer.id)
    expect((await stripe.events.retrieve(created.id)).type).toBe('customer.created')
    expect((await stripe.events.list({ type: 'customer.*', limit: 100 })).data.some((e) => e.id === created.id)).toBe(true)

    const delivery = received.find((r) => r.body.includes(created.id))!
    expect(() => payments.verifyWebhook(delivery.body.replace(customer.id, 'cus_forged'), delivery.signature, SECRET)).toThrow(Stripe.errors.StripeSignatureVerificationError)
    const stale = stripe.webhooks.generateTestHeaderString({ payload: delivery.body, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 })
    expect(() => payments.verifyWebhook(delivery.body, stale, SECRET)).toThrow(/tolerance/)
  })

  it('re-sends an event with the same id and retries a failed delivery', async () => {
    await emulator.webhooksIdle()
    received.length = 0
    const { customer } = await customerWithCard()
    await emulator.webhooksIdle()
    const event = (await stripe.events.list({ type: 'customer.created', limit: 10 })).data.find((e) => (e.data.object as Stripe.Customer).id === customer.id)!
    const before = received.filter((r) => r.body.includes(event.id)).length
    const resend = await fetch(`${emulator.url}/_emulator/events/${event.id}/resend`, { method: 'POST' })
    expect(resend.status).toBe(200)
    await emulator.webhooksIdle()
    expect(received.filter((r) => r.body.includes(event.id)).length).toBe(before + 1)

    failNextDeliveries = 2
    emulator.resend(event.id)
    await emulator.webhooksIdle()
    const attempts = received.filter((r) => r.body.includes(event.id))
    expect(attempts.map((a) => a.status).slice(-3)).toEqual([500, 500, 200])
    expect(attempts).toHaveLength(before + 4)
  })
})
