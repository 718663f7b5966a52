// The demo's billing state (ADR 0057): the seeded database names objects that a freshly started Stripe
// emulator has again from its fixtures (db/seed/stripe-fixtures.ts), as after every `npm start`. Demo
// Writing Co is then a paying customer on a plan with CRM, and its payout account takes charges.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { crmPlanOf } from '#app/models/crm.server'
import { runBillingStatus, syncSubscription } from '#app/models/platform-billing.server'
import { storefrontPayments } from '#app/models/storefront-payments.server'
import { subscriptionOverview, userLimitOf } from '#app/models/subscription.server'
import { platformDb, tenantDb } from '#app/services/db.server'
import { paymentsService } from '#app/services/stripe.server'
import { seedDemoBilling } from '#db/seed/billing'
import { DEMO_ORGS } from '#db/seed/core'
import { DEMO_STRIPE, stripeFixtures } from '#db/seed/stripe-fixtures'
import { orgIdByName } from '#tests/factories/index'

const emulator = await vi.hoisted(async () => (await import('./stripe-emulator-fixture')).emulatorForThisFile())
let t: { db: ReturnType<typeof tenantDb>; clientId: number }

beforeAll(async () => {
  // What scripts/run.mjs does when it starts the emulator (STRIPE_EMULATOR_FIXTURES).
  emulator.loadFixtures(stripeFixtures)
  const demo = await orgIdByName(DEMO_ORGS.demo.name)
  const rival = await orgIdByName(DEMO_ORGS.rival.name)
  // The seed's billing rows again: another file on this worker's database may have unlinked them.
  await seedDemoBilling(platformDb, { demo: demo.id, rival: rival.id })
  t = { db: tenantDb(demo.id), clientId: demo.id }
})

describe('Demo Writing Co after the emulator (re)started', () => {
  it('is on the Agency plan, two units (50 users), active and paid monthly since it joined', async () => {
    const overview = await subscriptionOverview(t, paymentsService())
    expect(overview).toMatchObject({
      packageStatus: 'active',
      unavailable: false,
      maxUsers: 50,
      priceCents: 59_800,
      plan: { package_name: 'Agency (hidden)' },
      subscription: { id: DEMO_STRIPE.subscriptionId, status: 'active', quantity: 2, startDate: DEMO_STRIPE.startedAt, cancelAtPeriodEnd: false },
      card: { id: DEMO_STRIPE.cardId, last4: '4242', isDefault: true },
      openInvoice: null,
    })
    expect(overview.subscription!.currentPeriodEnd).toBeGreaterThan(emulator.now())
    const invoices = await paymentsService().listInvoices({ customerId: DEMO_STRIPE.customerId })
    expect(invoices.length).toBeGreaterThanOrEqual(1)
    expect(invoices.every((i) => i.status === 'paid' && i.amountPaidCents === 59_800)).toBe(true)
    expect(await userLimitOf(t, paymentsService())).toBe(50)
  })

  it('the webhook sync and the daily pass find its subscription and keep it active, the seeded period matching Stripe’s', async () => {
    const before = await platformDb.selectFrom('organisations').select('current_period_end').where('id', '=', t.clientId).executeTakeFirstOrThrow()
    const applied = await syncSubscription({ subscriptionId: DEMO_STRIPE.subscriptionId, customerId: DEMO_STRIPE.customerId, metadataClientId: null })
    expect(applied).toMatchObject({ clientId: t.clientId, current: true, status: 'active' })
    const after = await platformDb.selectFrom('organisations').select(['current_period_end', 'subscription_status']).where('id', '=', t.clientId).executeTakeFirstOrThrow()
    expect(after).toEqual({ current_period_end: before.current_period_end, subscription_status: 'active' })
    expect((await runBillingStatus(new Date(), paymentsService())).failed).toBe(0)
  })

  it('has a plan with CRM, so its CRM section can appear', async () => {
    const plan = await crmPlanOf(t)
    expect(plan).not.toBeNull()
    expect(plan!.enabled.length).toBeGreaterThan(0)
  })

  it('takes its customers’ payments on its own connected account', async () => {
    expect(await storefrontPayments(t, { fresh: true })).toEqual({ takingOrders: true, accountId: DEMO_STRIPE.connectAccountId })
    const charge = await paymentsService().chargeConnected(
      { accountId: DEMO_STRIPE.connectAccountId, paymentMethodId: 'pm_card_visa', amountCents: 14_900, currency: 'usd', applicationFeeCents: 0 },
      `demo-billing-${Date.now()}`,
    )
    expect(charge.status).toBe('succeeded')
  })

  it('Rival Resumes stays without a plan or payout account (the other state tests rely on)', async () => {
    const rival = await orgIdByName(DEMO_ORGS.rival.name)
    const r = { db: tenantDb(rival.id), clientId: rival.id }
    expect(await crmPlanOf(r)).toBeNull()
    expect((await storefrontPayments(r)).takingOrders).toBe(false)
  })
})
