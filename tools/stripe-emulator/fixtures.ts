// Fixtures: objects that already exist at "Stripe" when the emulator starts (customers with a card,
// recurring prices, subscriptions with their billing history, Connect accounts), under ids the caller
// chooses. Stripe keeps its objects forever while the emulator forgets them on every restart; a
// database seeded once can then keep naming them. Loading is silent (no events) and idempotent.
import { billSubscription, periodLines, runDue } from './billing'
import { periodBoundary } from './clock'
import type { Emulator } from './emulator'
import { newId } from './ids'
import { cardFingerprint, TEST_CARDS } from './resources/payment-methods'
import type { AccountRecord, PaymentMethodRecord, SubscriptionRecord } from './state'

export type StripeFixtures = {
  customers?: {
    id: string
    email: string
    name?: string
    metadata?: Record<string, string>
    /** The default card: a payment method of this id made from a test token (e.g. pm_card_visa). */
    card?: { id: string; token: string }
  }[]
  /** Recurring prices, each with its product. */
  prices?: {
    id: string
    product: { id: string; name: string; description?: string }
    unitAmount: number
    currency: string
    interval: 'month' | 'year'
    metadata?: Record<string, string>
  }[]
  /**
   * Subscriptions paid with the customer's default card since `startedAt` (unix seconds): the first
   * invoice then, and every renewal up to now, as if the emulator had run all along.
   */
  subscriptions?: { id: string; customer: string; price: string; quantity?: number; startedAt: number; metadata?: Record<string, string> }[]
  accounts?: {
    id: string
    email?: string
    country?: string
    chargesEnabled: boolean
    payoutsEnabled: boolean
    detailsSubmitted: boolean
    metadata?: Record<string, string>
  }[]
}

export type FixturesLoaded = { created: string[]; kept: string[] }

function loadCustomer(em: Emulator, fixture: NonNullable<StripeFixtures['customers']>[number], now: number) {
  let card: PaymentMethodRecord | null = null
  if (fixture.card) {
    const test = TEST_CARDS[fixture.card.token]
    if (!test) throw new Error(`Fixture customer ${fixture.id}: unknown test card token ${fixture.card.token}`)
    card = {
      id: fixture.card.id,
      created: now,
      customer: fixture.id,
      card: {
        brand: test.brand,
        last4: test.last4,
        exp_month: 12,
        exp_year: new Date(now * 1000).getUTCFullYear() + 3,
        funding: test.funding ?? 'credit',
        country: 'US',
        fingerprint: cardFingerprint(fixture.card.token),
      },
      billing_details: { name: fixture.name ?? null, email: fixture.email },
      metadata: {},
      _decline: test.decline,
      _account: null,
    }
    em.store.paymentMethods.set(card.id, card)
  }
  em.store.customers.set(fixture.id, {
    id: fixture.id,
    created: now,
    email: fixture.email,
    name: fixture.name ?? null,
    description: null,
    phone: null,
    metadata: { ...fixture.metadata },
    balance: 0,
    invoice_settings: { default_payment_method: card?.id ?? null },
    test_clock: null,
  })
}

function loadPrice(em: Emulator, fixture: NonNullable<StripeFixtures['prices']>[number], now: number) {
  if (!em.store.products.has(fixture.product.id)) {
    em.store.products.set(fixture.product.id, {
      id: fixture.product.id,
      created: now,
      updated: now,
      name: fixture.product.name,
      description: fixture.product.description ?? null,
      active: true,
      metadata: {},
      default_price: fixture.id,
    })
  }
  em.store.prices.set(fixture.id, {
    id: fixture.id,
    created: now,
    product: fixture.product.id,
    active: true,
    currency: fixture.currency,
    unit_amount: fixture.unitAmount,
    nickname: null,
    lookup_key: null,
    metadata: { ...fixture.metadata },
    recurring: { interval: fixture.interval, interval_count: 1, trial_period_days: null },
  })
}

function loadSubscription(em: Emulator, fixture: NonNullable<StripeFixtures['subscriptions']>[number], now: number) {
  const customer = em.store.customers.get(fixture.customer)
  const price = em.store.prices.get(fixture.price)
  if (!customer || !price?.recurring) throw new Error(`Fixture subscription ${fixture.id}: its customer and recurring price must be fixtures too`)
  if (!customer.invoice_settings.default_payment_method) throw new Error(`Fixture subscription ${fixture.id}: its customer needs a card`)
  // A start in the future (a machine clock behind the fixture's date) starts now.
  const start = Math.min(fixture.startedAt, now)
  const end = periodBoundary(start, price.recurring.interval, price.recurring.interval_count, 1)
  const sub: SubscriptionRecord = {
    id: fixture.id,
    created: start,
    customer: customer.id,
    status: 'active',
    start_date: start,
    billing_cycle_anchor: start,
    current_period_start: start,
    current_period_end: end,
    trial_start: null,
    trial_end: null,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    cancellation_reason: null,
    default_payment_method: null,
    description: null,
    discounts: [],
    latest_invoice: null,
    metadata: { ...fixture.metadata },
    pause_collection: null,
    items: [{ id: newId('si'), created: start, price: price.id, quantity: fixture.quantity ?? 1, metadata: {} }],
    currency: price.currency,
    test_clock: null,
    _trialWillEndSent: false,
    _pendingLines: [],
  }
  em.store.subscriptions.set(sub.id, sub)
  billSubscription(em, sub, 'subscription_create', periodLines(em, sub, start, end), { start, end }, start)
}

function loadAccount(em: Emulator, fixture: NonNullable<StripeFixtures['accounts']>[number], now: number) {
  const account: AccountRecord = {
    id: fixture.id,
    created: now,
    type: 'express',
    country: fixture.country ?? 'US',
    email: fixture.email ?? null,
    default_currency: 'usd',
    charges_enabled: fixture.chargesEnabled,
    payouts_enabled: fixture.payoutsEnabled,
    details_submitted: fixture.detailsSubmitted,
    metadata: { ...fixture.metadata },
  }
  em.store.accounts.set(account.id, account)
}

/**
 * Makes every fixture that does not exist yet; one that does (an emulator reused across runs) is kept
 * as it is, whatever happened to it since. Subscriptions are then brought up to now (their renewals,
 * charged to the fixture card), without events: nobody is told about history.
 */
export function loadFixtures(em: Emulator, fixtures: StripeFixtures): FixturesLoaded {
  const created: string[] = []
  const kept: string[] = []
  const now = em.clocks.globalNow()
  const each = <T extends { id: string }>(list: T[] | undefined, exists: (id: string) => boolean, load: (fixture: T) => void) => {
    for (const fixture of list ?? []) {
      if (exists(fixture.id)) kept.push(fixture.id)
      else {
        load(fixture)
        created.push(fixture.id)
      }
    }
  }
  const subscriptions = new Set<string>()
  em.silently(() => {
    each(
      fixtures.customers,
      (id) => em.store.customers.has(id),
      (f) => loadCustomer(em, f, now),
    )
    each(
      fixtures.prices,
      (id) => em.store.prices.has(id),
      (f) => loadPrice(em, f, now),
    )
    each(
      fixtures.subscriptions,
      (id) => em.store.subscriptions.has(id),
      (f) => {
        loadSubscription(em, f, now)
        subscriptions.add(f.id)
      },
    )
    each(
      fixtures.accounts,
      (id) => em.store.accounts.has(id),
      (f) => loadAccount(em, f, now),
    )
    // Only the new fixtures' history: anything else due now keeps its events for the next request.
    if (subscriptions.size > 0) runDue(em, null, now, subscriptions)
  })
  return { created, kept }
}
