// The demo's objects at Stripe (ADR 0057): Demo Writing Co pays the platform for its plan (a customer
// with a card and a subscription since it joined) and takes its customers' payments on its own payout
// account. The seed writes these ids into the database once; the local Stripe emulator is started with
// `stripeFixtures` (STRIPE_EMULATOR_FIXTURES), so the same objects exist again after every restart.
// Plain data only: the emulator's process imports this file.
import type { StripeFixtures } from '../../tools/stripe-emulator/fixtures'
import { seedId } from './ids'
import { DEMO_PLANS } from './plans'

/** Fixed ids, Stripe-shaped (never `_seed_` placeholders: the app sends these to Stripe). */
export const DEMO_STRIPE = {
  /** The demo organisation's plan: all CRM features on, 25 users per unit. */
  planKey: 'agency',
  /** Units of the plan: 2 × 25 = 50 users, room for the 19 seeded members and what tests add. */
  quantity: 2,
  customerId: 'cus_DemoWritingCo',
  cardId: 'pm_DemoWritingCoVisa',
  productId: 'prod_DemoAgency',
  priceId: 'price_DemoAgencyMonthly',
  subscriptionId: 'sub_DemoWritingCo',
  connectAccountId: 'acct_DemoWritingCo',
  /** When the organisation joined (db/seed/core.ts): its subscription has been paid monthly since. */
  startedAt: Date.UTC(2026, 2, 1, 9, 0, 0) / 1000,
  ownerEmail: 'owner@demo.test',
  name: 'Demo Writing Co',
} as const

const plan = DEMO_PLANS.find((p) => p.key === DEMO_STRIPE.planKey)!
/** The demo organisation's public id (core.ts): Stripe's metadata names the organisation, as checkout does. */
const metadata = { clientId: seedId('org:demo') }

export const stripeFixtures: StripeFixtures = {
  customers: [{ id: DEMO_STRIPE.customerId, email: DEMO_STRIPE.ownerEmail, name: DEMO_STRIPE.name, metadata, card: { id: DEMO_STRIPE.cardId, token: 'pm_card_visa' } }],
  prices: [
    {
      id: DEMO_STRIPE.priceId,
      product: { id: DEMO_STRIPE.productId, name: plan.name, description: plan.description },
      unitAmount: plan.priceCents,
      currency: 'usd',
      interval: plan.interval ?? 'month',
      metadata: { source: 'draftdesk-client-package', packageId: seedId(`client-package:${plan.key}`) },
    },
  ],
  subscriptions: [
    { id: DEMO_STRIPE.subscriptionId, customer: DEMO_STRIPE.customerId, price: DEMO_STRIPE.priceId, quantity: DEMO_STRIPE.quantity, startedAt: DEMO_STRIPE.startedAt, metadata },
  ],
  accounts: [{ id: DEMO_STRIPE.connectAccountId, email: DEMO_STRIPE.ownerEmail, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, metadata }],
}
