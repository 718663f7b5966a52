// Fixtures: objects that exist from the start under fixed ids (a demo organisation's subscription and
// payout account survive an emulator restart), loaded silently and only once, through the real SDK.
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY, periodBoundary } from './clock'
import type { StripeFixtures } from './fixtures'
import { startStripeEmulator, type StripeEmulator } from './server'

const startedAt = Math.floor(Date.now() / 1000) - 100 * DAY

const fixtures: StripeFixtures = {
  customers: [
    { id: 'cus_FixtureCo', email: 'owner@fixture.test', name: 'Fixture Co', metadata: { clientId: 'org_fixture' }, card: { id: 'pm_FixtureCoVisa', token: 'pm_card_visa' } },
  ],
  prices: [{ id: 'price_FixtureAgency', product: { id: 'prod_FixtureAgency', name: 'Agency' }, unitAmount: 29_900, currency: 'usd', interval: 'month' }],
  subscriptions: [{ id: 'sub_FixtureCo', customer: 'cus_FixtureCo', price: 'price_FixtureAgency', quantity: 2, startedAt, metadata: { clientId: 'org_fixture' } }],
  accounts: [{ id: 'acct_FixtureCo', email: 'owner@fixture.test', chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true }],
}

let emulator: StripeEmulator
let stripe: Stripe

beforeAll(async () => {
  emulator = await startStripeEmulator({ port: 0, fixtures, webhookUrl: 'http://127.0.0.1:9/never', webhookRetryDelaysMs: [] })
  const url = new URL(emulator.url)
  stripe = new Stripe('sk_test_fixtures', { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 })
})

afterAll(async () => {
  await emulator?.close()
})

/** How many monthly periods have begun since `startedAt`, the current one included. */
function periodsSoFar(now: number) {
  let n = 1
  while (periodBoundary(startedAt, 'month', 1, n) <= now) n++
  return n
}

describe('fixtures', () => {
  it('a customer with its default card, and an active subscription paid since it started, in its current period', async () => {
    const customer = await stripe.customers.retrieve('cus_FixtureCo')
    expect(customer).toMatchObject({ email: 'owner@fixture.test', invoice_settings: { default_payment_method: 'pm_FixtureCoVisa' }, metadata: { clientId: 'org_fixture' } })
    const cards = await stripe.customers.listPaymentMethods('cus_FixtureCo', { type: 'card' })
    expect(cards.data.map((c) => [c.id, c.card?.last4])).toEqual([['pm_FixtureCoVisa', '4242']])

    const sub = await stripe.subscriptions.retrieve('sub_FixtureCo')
    const now = emulator.now()
    const item = sub.items.data[0]!
    expect(sub).toMatchObject({ status: 'active', customer: 'cus_FixtureCo', start_date: startedAt, metadata: { clientId: 'org_fixture' } })
    expect(item).toMatchObject({ quantity: 2, price: { id: 'price_FixtureAgency', unit_amount: 29_900 } })
    expect(item.current_period_start).toBeLessThanOrEqual(now)
    expect(item.current_period_end).toBeGreaterThan(now)

    const invoices = (await stripe.invoices.list({ customer: 'cus_FixtureCo', limit: 100 })).data
    expect(invoices).toHaveLength(periodsSoFar(now))
    expect(invoices.every((i) => i.status === 'paid' && i.amount_paid === 59_800)).toBe(true)
    expect(invoices.at(-1)!.created).toBe(startedAt)
  })

  it('is history, not news: no events listed, nothing delivered', async () => {
    expect((await stripe.events.list({ limit: 100 })).data).toEqual([])
    await emulator.webhooksIdle()
    const deliveries = (await (await fetch(`${emulator.url}/_emulator/deliveries`)).json()) as { data: unknown[] }
    expect(deliveries.data).toEqual([])
  })

  it('a Connect account that takes direct charges at once', async () => {
    expect(await stripe.accounts.retrieve('acct_FixtureCo')).toMatchObject({ charges_enabled: true, payouts_enabled: true, details_submitted: true })
    const intent = await stripe.paymentIntents.create(
      { amount: 5000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true, application_fee_amount: 250 },
      { stripeAccount: 'acct_FixtureCo' },
    )
    expect(intent.status).toBe('succeeded')
  })

  it('loading again keeps what exists as it is now (a reused emulator), and makes only what is missing', async () => {
    await stripe.subscriptions.update('sub_FixtureCo', { cancel_at_period_end: true })
    const again = emulator.loadFixtures({
      ...fixtures,
      accounts: [...fixtures.accounts!, { id: 'acct_FixtureTwo', chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false }],
    })
    expect(again.created).toEqual(['acct_FixtureTwo'])
    expect(again.kept).toEqual(['cus_FixtureCo', 'price_FixtureAgency', 'sub_FixtureCo', 'acct_FixtureCo'])
    expect((await stripe.subscriptions.retrieve('sub_FixtureCo')).cancel_at_period_end).toBe(true)
    expect((await stripe.accounts.retrieve('acct_FixtureTwo')).charges_enabled).toBe(false)
    await stripe.subscriptions.update('sub_FixtureCo', { cancel_at_period_end: false })
  })

  it('after loading, time goes on as for any subscription: the next renewal is charged and told', async () => {
    const before = (await stripe.invoices.list({ customer: 'cus_FixtureCo', limit: 100 })).data.length
    const sub = await stripe.subscriptions.retrieve('sub_FixtureCo')
    emulator.advanceTo(sub.items.data[0]!.current_period_end + 60)
    const invoices = (await stripe.invoices.list({ customer: 'cus_FixtureCo', limit: 100 })).data
    expect(invoices).toHaveLength(before + 1)
    expect(invoices[0]!.status).toBe('paid')
    expect((await stripe.events.list({ type: 'invoice.paid' })).data.map((e) => (e.data.object as Stripe.Invoice).id)).toEqual([invoices[0]!.id])
  })
})
