// The subscription lifecycle end to end: the emulator (in process) signs and posts webhooks over real
// HTTP to the webhook route, the stripe-event job applies them, the daily pass locks and unlocks,
// and the billing e-mails leave once (ADR 0031).
import type { Server } from 'node:http'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { daysPastDue, sidebarRestricted } from '#app/rules/account-status'
import { organisationLocked, runBillingStatus } from '#app/models/platform-billing.server'
import { platformDb } from '#app/services/db.server'
import { createStripeClient, paymentsService, type PaymentsService } from '#app/services/stripe.server'
import { createTenant } from '#tests/factories/index'
import { mailsTo } from '#tests/mailbox'
import type { StripeEmulator } from '../../tools/stripe-emulator'
import { startMailPipeline } from './helpers'

const DAY = 86_400

// The app reads its Stripe settings once (env()), so the emulator and the receiver start before any import runs.
const setup = await vi.hoisted(async () => {
  const { createServer: create } = await import('node:http')
  const { startStripeEmulator } = await import('../../tools/stripe-emulator')
  const secret = `whsec_test_${Math.random().toString(36).slice(2)}`
  const received: { status: number }[] = []
  let handler: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) | null = null
  const receiver = create((req, res) => (handler ? handler(req, res) : res.writeHead(503).end()))
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()))
  const port = (receiver.address() as import('node:net').AddressInfo).port
  const webhookUrl = `http://127.0.0.1:${port}/api/webhooks/stripe`
  const emulator = await startStripeEmulator({ port: 0, webhookUrl, webhookSecret: secret, webhookRetryDelaysMs: [100, 300] })
  process.env.STRIPE_API_URL = emulator.url
  process.env.STRIPE_WEBHOOK_SECRET = secret
  delete process.env.STRIPE_SECRET_KEY
  return { secret, receiver, webhookUrl, emulator, received, setHandler: (h: typeof handler) => (handler = h) }
})

const emulator: StripeEmulator = setup.emulator
const receiver: Server = setup.receiver
let stripe: Stripe
let payments: PaymentsService
let stopMail: () => Promise<void>
let sequence = 0
const key = (what: string) => `${what}-${++sequence}-${Date.now()}`

beforeAll(async () => {
  const { action } = await import('#app/routes/api.webhooks.stripe')
  // The route module behind real HTTP: the emulator's exact bytes and headers reach it.
  setup.setHandler((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v)
      const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : Buffer.concat(chunks) })
      const response = (await action({ request, params: {}, context: {} } as never)) as Response
      setup.received.push({ status: response.status })
      res.writeHead(response.status, { 'content-type': 'application/json' }).end(await response.text())
    })
  })
  // Events and links of an earlier run name subscriptions this emulator never had: a clean start per file.
  await platformDb.deleteFrom('stripe_events').execute()
  await platformDb.updateTable('organisations').set({ stripe_customer_id: null, stripe_subscription_id: null }).where('stripe_customer_id', 'is not', null).execute()
  stopMail = await startMailPipeline()
  stripe = createStripeClient('sk_test_billing', emulator.url)
  payments = paymentsService(stripe)
})

afterAll(async () => {
  await emulator.close()
  await new Promise<void>((resolve) => receiver.close(() => resolve()))
  await stopMail?.()
})

/** Every delivery made and every recorded event applied by the stripe-event job. */
async function settle() {
  await emulator.webhooksIdle()
  const deadline = Date.now() + 15_000
  for (;;) {
    const pending = await platformDb.selectFrom('stripe_events').select('id').where('processed_at', 'is', null).execute()
    if (pending.length === 0) return
    if (Date.now() > deadline) throw new Error(`Stripe events not applied: ${pending.map((p) => p.id).join(', ')}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

async function billing(clientId: number) {
  return platformDb
    .selectFrom('organisations')
    .select([
      'package_status',
      'trial_ends_at',
      'payment_due_since',
      'stripe_customer_id',
      'stripe_subscription_id',
      'subscription_status',
      'current_period_end',
      'cancel_at_period_end',
      'collection_paused',
    ])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow()
}

/** A new organisation whose owner subscribes (on its own test clock) the way checkout will. */
async function subscribedOrganisation(opts: { trialDays?: number; card?: string } = {}) {
  const { org, owner } = await createTenant()
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) })
  const price = await payments.createPlanPrice({ productName: 'Team', unitAmountCents: 2900, currency: 'usd', interval: 'month' }, key('plan'))
  const customer = await payments.createCustomer({ email: owner.email, name: org.name, metadata: { clientId: org.publicId }, testClockId: clock.id }, key('customer'))
  const pm = await payments.attachPaymentMethod(customer.id, opts.card ?? 'pm_card_visa', { makeDefault: true }, key('pm'))
  const sub = await payments.createSubscription(
    { customerId: customer.id, priceId: price.priceId, quantity: 1, trialDays: opts.trialDays, metadata: { clientId: org.publicId } },
    key('sub'),
  )
  await settle()
  return { org, owner, clock, customer, pm, sub }
}

async function advance(clockId: string, seconds: number) {
  const clock = await stripe.testHelpers.testClocks.retrieve(clockId)
  await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: clock.frozen_time + seconds })
  await settle()
}

async function setDecline(pmId: string, code: 'generic_decline' | 'none') {
  const res = await fetch(`${emulator.url}/_emulator/payment_methods/${pmId}/decline`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decline_code=${code}`,
  })
  expect(res.status).toBe(200)
}

const subjects = async (email: string) => (await mailsTo(email)).map((m) => m.subject).sort()

/** Lets queued e-mail jobs run, so a count that should stay at one has had the chance to grow. */
const mailsSettle = () => new Promise((r) => setTimeout(r, 700))

describe('webhook signatures', () => {
  const post = (headers: Record<string, string>, body: string) => fetch(setup.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
  const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'customer.subscription.deleted', data: { object: { id: 'sub_x', object: 'subscription' } } })

  it('answers 400 with a JSON error to a missing, wrong or stale signature, and records nothing', async () => {
    const unsigned = await post({}, payload)
    expect(unsigned.status).toBe(400)
    expect(await unsigned.json()).toMatchObject({ status: false, statusCode: 400 })

    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })
    const forged = await post({ 'stripe-signature': wrongSecret }, payload)
    expect(forged.status).toBe(400)
    expect(await forged.json()).toMatchObject({ status: false, error: 'Webhook signature verification failed' })

    const stale = stripe.webhooks.generateTestHeaderString({ payload, secret: setup.secret, timestamp: Math.floor(Date.now() / 1000) - 301 })
    expect((await post({ 'stripe-signature': stale }, payload)).status).toBe(400)

    const tampered = stripe.webhooks.generateTestHeaderString({ payload, secret: setup.secret })
    expect((await post({ 'stripe-signature': tampered }, payload.replace('deleted', 'created'))).status).toBe(400)

    expect(await platformDb.selectFrom('stripe_events').select('id').where('id', '=', 'evt_forged').executeTakeFirst()).toBeUndefined()
  })

  it('accepts a fresh signature of the same secret', async () => {
    const body = JSON.stringify({ id: `evt_ok_${Date.now()}`, object: 'event', type: 'customer.created', data: { object: { id: 'cus_x', object: 'customer' } } })
    const res = await post({ 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret: setup.secret }) }, body)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: true, outcome: 'ignored' })
  })

  it("ignores a connected account's event, even of a handled type", async () => {
    const { org } = await createTenant()
    const body = JSON.stringify({
      id: `evt_connect_${Date.now()}`,
      object: 'event',
      account: 'acct_connected',
      type: 'customer.subscription.created',
      data: { object: { id: 'sub_connected', object: 'subscription', customer: 'cus_connected', metadata: { clientId: org.publicId } } },
    })
    const res = await post({ 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret: setup.secret }) }, body)
    expect(await res.json()).toMatchObject({ status: true, outcome: 'ignored' })
    expect(await billing(org.id)).toMatchObject({ stripe_customer_id: null, stripe_subscription_id: null })
  })
})

describe('trial to active', () => {
  it('links the organisation on trial, mails once before the end, then the trial end charges the card and makes it active', async () => {
    const { org, owner, clock, customer, sub } = await subscribedOrganisation({ trialDays: 14 })
    const onTrial = await billing(org.id)
    expect(onTrial).toMatchObject({
      package_status: 'trial',
      stripe_customer_id: customer.id,
      stripe_subscription_id: sub.id,
      subscription_status: 'trialing',
      payment_due_since: null,
    })
    expect(onTrial.trial_ends_at?.getTime()).toBe(sub.trialEnd! * 1000)

    // The daily pass 2.5 days before the end sends the trial mail (twice run, once sent) ...
    const beforeEnd = new Date((sub.trialEnd! - 2.5 * DAY) * 1000)
    expect((await runBillingStatus(beforeEnd, payments)).notices).toBeGreaterThanOrEqual(1)
    expect((await runBillingStatus(beforeEnd, payments)).notices).toBe(0)
    expect((await billing(org.id)).package_status).toBe('trial')

    // ... and Stripe's trial_will_end for the same trial end does not send another.
    await advance(clock.id, 15 * DAY)
    expect(await billing(org.id)).toMatchObject({ package_status: 'active', subscription_status: 'active', payment_due_since: null })
    await mailsSettle()
    expect(await subjects(owner.email)).toEqual(['Your trial ends soon'])
  })
})

describe('past due, lock and payment', () => {
  it('a declined renewal makes it past_due from the first failure; the daily pass locks on day 8; paying unlocks; each mail once', async () => {
    const { org, owner, clock, pm, sub } = await subscribedOrganisation()
    expect((await billing(org.id)).package_status).toBe('active')

    await setDecline(pm.id, 'generic_decline')
    await advance(clock.id, 32 * DAY)
    const pastDue = await billing(org.id)
    expect(pastDue).toMatchObject({ package_status: 'past_due', subscription_status: 'past_due' })
    const since = pastDue.payment_due_since!
    expect(since).toBeInstanceOf(Date)
    const open = (await payments.listInvoices({ customerId: sub.customerId, subscriptionId: sub.id })).find((i) => i.status === 'open')!
    expect(since.getTime()).toBe(open.created * 1000)

    // Stripe's retries (3, 5 and 7 days later) fail too: the due date and the single mail stay.
    await advance(clock.id, 8 * DAY)
    expect((await billing(org.id)).payment_due_since?.getTime()).toBe(since.getTime())
    await mailsSettle()
    expect(await subjects(owner.email)).toEqual(['Your payment failed'])

    const day = (n: number) => new Date(since.getTime() + n * DAY * 1000)
    await runBillingStatus(day(7.9), payments)
    expect(await organisationLocked(org.id, day(7.9))).toBe(false)
    expect(sidebarRestricted('past_due', daysPastDue(since, day(7.9)))).toBe(false)
    await runBillingStatus(day(8), payments)
    await runBillingStatus(day(9), payments)
    expect(await organisationLocked(org.id, day(9))).toBe(true)
    expect(sidebarRestricted('past_due', daysPastDue(since, day(9)))).toBe(true)
    await mailsSettle()
    expect(await subjects(owner.email)).toEqual(['Your account is locked', 'Your payment failed'])

    await setDecline(pm.id, 'none')
    await payments.payInvoice(open.id, key('pay'))
    await settle()
    const paid = await billing(org.id)
    expect(paid).toMatchObject({ package_status: 'active', subscription_status: 'active', payment_due_since: null })
    await runBillingStatus(day(10), payments)
    expect(await organisationLocked(org.id, day(10))).toBe(false)
    await mailsSettle()
    expect(await subjects(owner.email)).toEqual(['Your account is locked', 'Your payment failed'])
  })
})

describe('exactly once, in any order', () => {
  it('applies every event of a lifecycle delivered 5 times in shuffled order as once, from an unlinked start', async () => {
    const { org, owner, clock, pm, customer } = await subscribedOrganisation({ trialDays: 7 })
    await advance(clock.id, 8 * DAY)
    await setDecline(pm.id, 'generic_decline')
    await advance(clock.id, 31 * DAY)
    const expected = await billing(org.id)
    expect(expected.package_status).toBe('past_due')
    await mailsSettle()
    const mailsBefore = await subjects(owner.email)
    // The clock jumps past the trial end in one step, so by the time its warning is handled the trial
    // is over and no 'trial ends soon' mail goes out (the mail follows Stripe's state, not the event).
    expect(mailsBefore).toEqual(['Your payment failed'])

    // This customer's events, forgotten by the app along with everything they did.
    const ids = [...emulator.emulator.store.events.values()].filter((e) => (e.object as { customer?: string }).customer === customer.id).map((e) => e.id)
    expect(ids.length).toBeGreaterThanOrEqual(6)
    await platformDb.deleteFrom('stripe_events').where('id', 'in', ids).execute()
    await platformDb.deleteFrom('billing_notices').where('client_id', '=', org.id).execute()
    await platformDb
      .updateTable('organisations')
      .set({
        package_status: 'active',
        trial_ends_at: null,
        payment_due_since: null,
        stripe_customer_id: null,
        stripe_subscription_id: null,
        subscription_status: null,
        current_period_end: null,
      })
      .where('id', '=', org.id)
      .execute()

    const deliveries = ids.flatMap((id) => Array.from({ length: 5 }, () => id))
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1))
      ;[deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!]
    }
    const attemptsBefore = emulator.emulator.webhooks.attempts.length
    for (const id of deliveries) expect(emulator.resend(id)).toBe(true)
    await settle()

    const attempts = emulator.emulator.webhooks.attempts.slice(attemptsBefore)
    expect(attempts).toHaveLength(deliveries.length)
    expect(attempts.every((a) => a.status === 200)).toBe(true)
    expect(await platformDb.selectFrom('stripe_events').select('id').where('id', 'in', ids).execute()).toHaveLength(ids.length)
    const { payment_due_since, ...rest } = await billing(org.id)
    const { payment_due_since: expectedSince, ...expectedRest } = expected
    expect(rest).toEqual(expectedRest)
    expect(payment_due_since?.getTime()).toBe(expectedSince?.getTime())
    // With the notice rows gone too, only the state read back from Stripe stops a late trial warning
    // (the trial is over), and the mail job's own id keeps the payment-failed mail single.
    await mailsSettle()
    expect(await subjects(owner.email)).toEqual(mailsBefore)
  })

  it('never moves a customer already linked to one organisation to another named in metadata', async () => {
    const first = await subscribedOrganisation()
    const { org: other } = await createTenant()
    const price = await payments.createPlanPrice({ productName: 'Team', unitAmountCents: 1000, currency: 'usd', interval: 'month' }, key('plan'))
    await payments.createSubscription({ customerId: first.customer.id, priceId: price.priceId, quantity: 1, metadata: { clientId: other.publicId } }, key('sub'))
    await settle()
    expect(await billing(other.id)).toMatchObject({ stripe_customer_id: null, stripe_subscription_id: null, package_status: 'active' })
    expect((await billing(first.org.id)).stripe_customer_id).toBe(first.customer.id)
  })
})
