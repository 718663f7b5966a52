// The client's own subscription through its JSON routes and the real Stripe SDK against the emulator
// (ADR 0038): trial upgrade with a promo (once, however often it is submitted), a declined card,
// cancel and keep, reactivation after the end, pause/unpause with the 2-per-year limit on a test
// clock, more users with the proration charged now and the user limit following, and a locked
// (past due) owner paying the open invoice and getting unlocked.
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { organisationLocked, syncSubscription } from '#app/models/platform-billing.server'
import { NO_PAUSES_LEFT } from '#app/rules/subscription'
import * as cancelApi from '#app/routes/api.client.payments.cancel-subscription'
import * as promoApi from '#app/routes/api.client.payments.check-promo'
import * as detailsApi from '#app/routes/api.client.payments.client-subscription-details'
import * as pauseApi from '#app/routes/api.client.payments.pause-subscription'
import * as payApi from '#app/routes/api.client.payments.pay-open-invoice'
import * as reactivateApi from '#app/routes/api.client.payments.reactivate-subscription'
import * as upgradeApi from '#app/routes/api.client.payments.upgrade'
import * as trialUpgradeApi from '#app/routes/api.client.payments.trial-upgrade'
import * as unpauseApi from '#app/routes/api.client.payments.unpause-subscription'
import * as planDetailsApi from '#app/routes/api.client.payments.upgrade-plan-details'
import * as previewApi from '#app/routes/api.client.payments.upgrade-proration-preview'
import * as usersApi from '#app/routes/api.client.payments.upgrade-subscription-users'
import * as staffApi from '#app/routes/api.client.users'
import { platformDb } from '#app/services/db.server'
import { createStripeClient, paymentsService, type PaymentsService } from '#app/services/stripe.server'
import { createOrganisation, createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { createPlan, createPromotion, subscribeOrganisation } from '#tests/factories/subscriptions'
import type { StripeEmulator } from '../../tools/stripe-emulator'
import { Client, signIn } from './helpers'

const DAY = 86_400

// The app reads its Stripe settings once (env()), so the emulator starts before any import runs.
// Webhooks are acknowledged and dropped: the routes must apply each change themselves.
const setup = await vi.hoisted(async () => {
  const { createServer } = await import('node:http')
  const { startStripeEmulator } = await import('../../tools/stripe-emulator')
  const receiver = createServer((_req, res) => res.writeHead(200).end('{}'))
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()))
  const port = (receiver.address() as import('node:net').AddressInfo).port
  const secret = `whsec_test_${Math.random().toString(36).slice(2)}`
  const emulator = await startStripeEmulator({ port: 0, webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe`, webhookSecret: secret })
  process.env.STRIPE_API_URL = emulator.url
  process.env.STRIPE_WEBHOOK_SECRET = secret
  delete process.env.STRIPE_SECRET_KEY
  return { emulator, receiver }
})

const emulator: StripeEmulator = setup.emulator
let stripe: Stripe
let payments: PaymentsService

beforeAll(() => {
  stripe = createStripeClient('sk_test_subscriptions', emulator.url)
  payments = paymentsService(stripe)
})

afterAll(async () => {
  await emulator.close()
  await new Promise<void>((resolve) => setup.receiver.close(() => resolve()))
})

async function organisation(opts: Parameters<typeof createOrganisation>[0] = {}) {
  const org = await createOrganisation(opts)
  const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  const client = await signIn(new Client(), owner.email, org.name, TEST_PASSWORD)
  return { org, owner, client }
}

const row = (clientId: number) =>
  platformDb
    .selectFrom('organisations')
    .select(['package_status', 'payment_due_since', 'stripe_subscription_id', 'cancel_at_period_end', 'collection_paused'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow()

const post = (client: Client, handler: unknown, path: string, body: unknown = {}) => client.call(handler as never, { path, body })

/** The route module behind a request carrying an Idempotency-Key header. */
async function callWithKey(client: Client, handler: (args: never) => Promise<Response>, path: string, body: unknown, key: string) {
  const headers = new Headers({ 'content-type': 'application/json', 'idempotency-key': key, 'x-draftdesk-client-ip': client.ip, cookie: client.cookie })
  const response = await handler({ request: new Request(`http://localhost${path}`, { method: 'POST', headers, body: JSON.stringify(body) }), params: {}, context: {} } as never)
  return { status: response.status, json: await response.json() }
}

async function newClock() {
  return stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) })
}

async function advance(clockId: string, seconds: number) {
  const clock = await stripe.testHelpers.testClocks.retrieve(clockId)
  await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: clock.frozen_time + seconds })
}

async function clockTime(clockId: string) {
  return (await stripe.testHelpers.testClocks.retrieve(clockId)).frozen_time
}

/** What a webhook would do after time moved at Stripe. */
async function resync(org: { id: number; publicId: string }) {
  const r = await row(org.id)
  await syncSubscription({ subscriptionId: r.stripe_subscription_id!, customerId: null, metadataClientId: org.publicId }, payments)
}

describe('trial upgrade', () => {
  it('lists the plans for sale with the card texts, checks a promo, and turns the trial into a paid subscription once', async () => {
    const { org, client } = await organisation({ packageStatus: 'trial', trialEndsAt: new Date(Date.now() + 14 * DAY * 1000) })
    const trialPlan = await createPlan({ maxUsers: 1, priceCents: 2900, upgrade: false, trialDays: 14 })
    const team = await createPlan({ maxUsers: 5, priceCents: 9900 })
    const hidden = await createPlan({ visible: false })
    const { sub: trial, customer } = await subscribeOrganisation(payments, org, { plan: trialPlan, trialDays: 14 })
    expect((await row(org.id)).package_status).toBe('trial')

    const list = await client.call(upgradeApi.loader as never, { path: '/api/client/payments/upgrade' })
    expect(list.status).toBe(200)
    const names = list.json.newPackages.map((p: { _id: string }) => p._id)
    expect(names).toContain(team.public_id)
    expect(names).not.toContain(hidden.public_id)
    expect(list.json.newPackages.find((p: { _id: string }) => p._id === team.public_id)).toMatchObject({
      packageName: team.package_name,
      price: 99,
      maxUsers: 5,
      recurringInterval: 'month',
      cardText: 'For teams. 5 users limit.',
    })
    expect(list.json.newPackages.find((p: { _id: string }) => p._id === trialPlan.public_id).cardText).toBe('For single use. 1 user limit.')
    expect(list.json.paymentMethod).toMatchObject({ brand: 'visa', last4: '4242' })

    const promo = await createPromotion({ percent: 20, duration: 'repeating', months: 3 })
    const checked = await post(client, promoApi.action, '/api/client/payments/check-promo', { couponCode: promo.coupon_code.toLowerCase() })
    expect(checked.json).toMatchObject({
      status: true,
      promo: { couponCode: promo.coupon_code, discount_type: 'percent', value: 20, duration: 'repeating', duration_in_months: 3 },
    })
    expect((await post(client, promoApi.action, '/api/client/payments/check-promo', { couponCode: 'NOPE-NOT-A-CODE' })).status).toBe(404)
    expect((await post(client, promoApi.action, '/api/client/payments/check-promo', {})).json).toMatchObject({ status: false, error: 'Enter a promo code' })

    // A double submit: the same operation key twice.
    const body = { subPackage: team.public_id, promo: promo.coupon_code }
    const [first, second] = await Promise.all([
      callWithKey(client, trialUpgradeApi.action as never, '/api/client/payments/trial-upgrade', body, 'double-submit-key-0001'),
      callWithKey(client, trialUpgradeApi.action as never, '/api/client/payments/trial-upgrade', body, 'double-submit-key-0001'),
    ])
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200)
      expect(answer.json.user).toMatchObject({ client_package_status: 'active', trialUser: false })
    }
    const subs = (await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data
    expect(subs.filter((s) => s.status === 'active')).toHaveLength(1)
    expect(subs.find((s) => s.id === trial!.id)?.status).toBe('canceled')
    const paid = subs.find((s) => s.status === 'active')!
    expect(paid.discounts).toHaveLength(1)
    expect((await row(org.id)).stripe_subscription_id).toBe(paid.id)
    const invoices = await payments.listInvoices({ customerId: customer.id, subscriptionId: paid.id })
    expect(invoices).toHaveLength(1)
    expect(invoices[0]).toMatchObject({ status: 'paid', amountPaidCents: 7920 })
    const promoRow = await platformDb.selectFrom('promotions').select('availed_times').where('id', '=', promo.id).executeTakeFirstOrThrow()
    expect(Number(promoRow.availed_times)).toBe(1)

    // Now active: there is no trial left to upgrade.
    const again = await post(client, trialUpgradeApi.action, '/api/client/payments/trial-upgrade', { subPackage: team.public_id })
    expect(again.status).toBe(400)
  })

  it('answers the provider message for a declined card and changes nothing', async () => {
    const { org, client } = await organisation({ packageStatus: 'trial' })
    const plan = await createPlan()
    const { sub } = await subscribeOrganisation(payments, org, { plan, trialDays: 14, card: 'pm_card_chargeDeclined' })
    const res = await post(client, trialUpgradeApi.action, '/api/client/payments/trial-upgrade', { subPackage: plan.public_id })
    expect(res.status).toBe(402)
    expect(res.json).toMatchObject({ status: false, error: 'Your card was declined.' })
    expect(await row(org.id)).toMatchObject({ package_status: 'trial', stripe_subscription_id: sub!.id })
    expect((await payments.getSubscription(sub!.id)).status).toBe('trialing')
  })

  it('asks for a card when there is none, and refuses unknown plans and promos', async () => {
    const { org, client } = await organisation({ packageStatus: 'trial' })
    const plan = await createPlan()
    await subscribeOrganisation(payments, org, { card: null })
    const noCard = await post(client, trialUpgradeApi.action, '/api/client/payments/trial-upgrade', { subPackage: plan.public_id })
    expect(noCard.status).toBe(400)
    expect(noCard.json.error).toMatch(/payment method/)
    expect((await post(client, trialUpgradeApi.action, '/api/client/payments/trial-upgrade', { subPackage: 'nope' })).status).toBe(404)
    const badPromo = await post(client, trialUpgradeApi.action, '/api/client/payments/trial-upgrade', { subPackage: plan.public_id, promo: 'NOPE-NOT-A-CODE' })
    expect(badPromo.json).toMatchObject({ status: false, error: 'This promo code is invalid or has expired', errors: { promo: expect.any(String) } })
    expect((await post(client, trialUpgradeApi.action, '/api/client/payments/trial-upgrade', { subPackage: 42 })).status).toBe(400)
  })
})

describe('cancel, keep and reactivate', () => {
  it('cancels at period end, withdraws it, and starts anew once the subscription ended', async () => {
    const { org, client } = await organisation()
    const plan = await createPlan()
    const { sub, customer } = await subscribeOrganisation(payments, org, { plan })

    const canceled = await post(client, cancelApi.action, '/api/client/payments/cancel-subscription')
    expect(canceled.status).toBe(200)
    expect(canceled.json.message).toMatch(/^Your subscription is canceled and ends on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/)
    expect(canceled.json.updateUser.client_package_status).toBe('active')
    expect(await row(org.id)).toMatchObject({ cancel_at_period_end: true })
    const details = await client.call(detailsApi.loader as never, { path: '/api/client/payments/client-subscription-details' })
    expect(details.json.actions).toMatchObject({ keep: true, cancel: false, pause: false, addUsers: false })

    const kept = await post(client, reactivateApi.action, '/api/client/payments/reactivate-subscription', { reactivateCurrentSubscription: true })
    expect(kept.status).toBe(200)
    expect(kept.json.updateUser.client_package_status).toBe('active')
    expect((await payments.getSubscription(sub!.id)).cancelAtPeriodEnd).toBe(false)

    // While it is live, a new subscription is refused.
    const early = await post(client, reactivateApi.action, '/api/client/payments/reactivate-subscription', { subPackage: plan.public_id })
    expect(early.status).toBe(400)

    await payments.cancelNow(sub!.id)
    await resync(org)
    expect((await row(org.id)).package_status).toBe('canceled')
    const again = await post(client, reactivateApi.action, '/api/client/payments/reactivate-subscription', { subPackage: plan.public_id })
    expect(again.status).toBe(200)
    expect(again.json.user).toMatchObject({ client_package_status: 'active' })
    const live = (await stripe.subscriptions.list({ customer: customer.id })).data
    expect(live).toHaveLength(1)
    expect((await row(org.id)).stripe_subscription_id).toBe(live[0]!.id)
  })
})

describe('pause and unpause', () => {
  it('pauses from the end of the cycle, ends early, and allows 2 per subscription year', async () => {
    const { org, client } = await organisation()
    const plan = await createPlan()
    const clock = await newClock()
    const { sub } = await subscribeOrganisation(payments, org, { plan, testClockId: clock.id })
    const pause = () => post(client, pauseApi.action, '/api/client/payments/pause-subscription')
    const unpause = () => post(client, unpauseApi.action, '/api/client/payments/unpause-subscription')
    const details = async () => (await client.call(detailsApi.loader as never, { path: '/api/client/payments/client-subscription-details' })).json

    // Set, then withdrawn before it began: it does not count.
    const first = await pause()
    expect(first.status).toBe(200)
    expect(first.json.updateUser.client_package_status).toBe('active')
    expect((await payments.getSubscription(sub!.id)).pausedUntil).toBeGreaterThan(sub!.currentPeriodEnd)
    expect((await details()).subscription).toMatchObject({ pause: 'scheduled', pausesLeft: 1 })
    expect((await pause()).json).toMatchObject({ status: false, error: 'A pause is already set for this subscription.' })
    expect((await unpause()).status).toBe(200)
    expect((await details()).subscription).toMatchObject({ pause: 'none', pausesLeft: 2 })

    // Runs from the period end: paused users may only cancel (or end the pause).
    expect((await pause()).status).toBe(200)
    await advance(clock.id, sub!.currentPeriodEnd - (await clockTime(clock.id)) + 3600)
    await resync(org)
    expect((await row(org.id)).package_status).toBe('paused')
    const running = await details()
    expect(running.subscription.pause).toBe('running')
    expect(running.actions).toMatchObject({ cancel: true, unpause: true, pause: false, addUsers: false, keep: false })
    const ended = await unpause()
    expect(ended.json.updateUser.client_package_status).toBe('active')
    expect((await details()).subscription.pausesLeft).toBe(1)

    // The second of the year, then the year's allowance is used up.
    const current = await payments.getSubscription(sub!.id)
    expect((await pause()).status).toBe(200)
    await advance(clock.id, current.currentPeriodEnd - (await clockTime(clock.id)) + 3600)
    await advance(clock.id, 32 * DAY)
    await resync(org)
    expect((await row(org.id)).package_status).toBe('active')
    const third = await pause()
    expect(third.status).toBe(400)
    expect(third.json.error).toBe(NO_PAUSES_LEFT)
    const pauses = await platformDb.selectFrom('subscription_pauses').select(['withdrawn', 'ended_at']).where('client_id', '=', org.id).orderBy('id').execute()
    expect(pauses.map((p) => [!!p.withdrawn, p.ended_at !== null])).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ])
  })
})

describe('more users', () => {
  it('previews the proration, charges exactly that now, and raises the user limit staff creation follows', async () => {
    const { org, client } = await organisation()
    const plan = await createPlan({ maxUsers: 1, priceCents: 3000 })
    const clock = await newClock()
    const { sub, customer } = await subscribeOrganisation(payments, org, { plan, testClockId: clock.id })
    await advance(clock.id, 10 * DAY)
    const staff = () =>
      client.call(staffApi.action as never, {
        path: '/api/client/users',
        body: { firstName: 'Tess', lastName: 'Teammate', email: uniqueEmail('seat'), password: 'Team-pass-2026', permissions: ['READ_ORDERS'] },
      })

    // The owner holds the plan's only place.
    const refused = await staff()
    expect(refused.status).toBe(400)
    expect(refused.json.error).toBe('User limit reached: your plan allows 1 user. Increase max users on the Manage Subscription page.')

    const upgradePlan = await client.call(planDetailsApi.loader as never, { path: '/api/client/payments/upgrade-plan-details' })
    expect(upgradePlan.json.upgradePlan).toMatchObject({ _id: plan.public_id, unitPrice: 30, usersPerUnit: 1, currentQuantity: 1, recurringInterval: 'month' })

    const wrongInterval = await post(client, previewApi.action, '/api/client/payments/upgrade-proration-preview', { userQuantity: 2, recurringInterval: 'year' })
    expect(wrongInterval.status).toBe(400)
    expect((await post(client, previewApi.action, '/api/client/payments/upgrade-proration-preview', { userQuantity: 0, recurringInterval: 'month' })).json).toMatchObject({
      status: false,
      error: 'Quantity must be at least 1',
    })

    const preview = await post(client, previewApi.action, '/api/client/payments/upgrade-proration-preview', { userQuantity: 2, recurringInterval: 'month' })
    expect(preview.status).toBe(200)
    const now = await clockTime(clock.id)
    const share = (sub!.currentPeriodEnd - now) / (sub!.currentPeriodEnd - sub!.currentPeriodStart)
    expect(preview.json.prorationChanges.amount).toBe(Math.round(3000 * 3 * share) - Math.round(3000 * 1 * share))
    expect(preview.json).toMatchObject({ nextCycle: { amount: 9000 }, maxUsers: 3, quantity: 3 })

    const added = await post(client, usersApi.action, '/api/client/payments/upgrade-subscription-users', {
      userQuantity: 2,
      recurringInterval: 'month',
      prorationDate: preview.json.prorationChanges.prorationDate,
    })
    expect(added.status).toBe(200)
    expect(added.json).toMatchObject({ maxUsers: 3, message: 'Max users increased to 3.' })
    const changed = await payments.getSubscription(sub!.id)
    expect(changed.quantity).toBe(3)
    expect(await payments.getInvoice(changed.latestInvoiceId!)).toMatchObject({ status: 'paid', amountPaidCents: preview.json.prorationChanges.amount })
    const details = (await client.call(detailsApi.loader as never, { path: '/api/client/payments/client-subscription-details' })).json
    expect(details).toMatchObject({ totalClientUsers: 1, clientPackage: { maxUsers: 3, price: 90, quantity: 3 } })

    expect((await staff()).status).toBe(200)
    expect((await staff()).status).toBe(200)
    expect((await staff()).status).toBe(400)

    // The next cycle bills the new quantity.
    await advance(clock.id, sub!.currentPeriodEnd - (await clockTime(clock.id)) + 60)
    expect((await payments.listInvoices({ customerId: customer.id }))[0]).toMatchObject({ billingReason: 'subscription_cycle', amountPaidCents: 9000 })
  })

  it('keeps the quantity when the proration charge is declined', async () => {
    const { org, client } = await organisation()
    const plan = await createPlan()
    const { sub, card } = await subscribeOrganisation(payments, org, { plan })
    await fetch(`${emulator.url}/_emulator/payment_methods/${card!.id}/decline`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decline_code=insufficient_funds',
    })
    const res = await post(client, usersApi.action, '/api/client/payments/upgrade-subscription-users', { userQuantity: 1, recurringInterval: 'month' })
    expect(res.status).toBe(402)
    expect(res.json.error).toBe('Your card has insufficient funds.')
    expect((await payments.getSubscription(sub!.id)).quantity).toBe(1)
  })

  it('refuses plans without the users upgrade', async () => {
    const { org, client } = await organisation()
    await subscribeOrganisation(payments, org, { plan: await createPlan({ upgrade: false }) })
    expect((await client.call(planDetailsApi.loader as never, { path: '/api/client/payments/upgrade-plan-details' })).json).toMatchObject({
      status: false,
      error: 'Your plan does not allow adding users.',
    })
    expect((await post(client, usersApi.action, '/api/client/payments/upgrade-subscription-users', { userQuantity: 1, recurringInterval: 'month' })).status).toBe(400)
  })
})

describe('past due and locked', () => {
  it('lets a locked owner reach billing and pay the open invoice, which unlocks the account', async () => {
    const { org, client } = await organisation()
    const plan = await createPlan({ priceCents: 1500 })
    const clock = await newClock()
    const { sub, card } = await subscribeOrganisation(payments, org, { plan, testClockId: clock.id })
    const decline = (code: string) =>
      fetch(`${emulator.url}/_emulator/payment_methods/${card!.id}/decline`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `decline_code=${code}`,
      })
    await decline('generic_decline')
    await advance(clock.id, sub!.currentPeriodEnd - (await clockTime(clock.id)) + 60)
    await resync(org)
    expect((await row(org.id)).package_status).toBe('past_due')
    // Past due for 9 days by our clock: locked (the sidebar keeps only Dashboard and Billing).
    await platformDb
      .updateTable('organisations')
      .set({ payment_due_since: new Date(Date.now() - 9 * DAY * 1000) })
      .where('id', '=', org.id)
      .execute()
    expect(await organisationLocked(org.id)).toBe(true)

    const details = await client.call(detailsApi.loader as never, { path: '/api/client/payments/client-subscription-details' })
    expect(details.status).toBe(200)
    expect(details.json.openInvoice).toMatchObject({ amount_due: 1500 })
    expect(details.json.actions).toMatchObject({ payNow: true, cancel: true, pause: false })
    // Other areas stay closed.
    expect((await client.call(staffApi.loader as never, { path: '/api/client/users' })).status).toBe(403)

    const declined = await post(client, payApi.action, '/api/client/payments/pay-open-invoice')
    expect(declined.status).toBe(402)
    expect(declined.json.error).toBe('Your card was declined.')

    await decline('none')
    const paid = await post(client, payApi.action, '/api/client/payments/pay-open-invoice')
    expect(paid.status).toBe(200)
    expect(paid.json.updateUser).toMatchObject({ client_package_status: 'active', paymentDueDays: null })
    expect(await row(org.id)).toMatchObject({ package_status: 'active', payment_due_since: null })
    expect(await organisationLocked(org.id)).toBe(false)
    expect((await post(client, payApi.action, '/api/client/payments/pay-open-invoice')).json).toMatchObject({ status: false, error: 'There is no open invoice to pay.' })
  })
})
