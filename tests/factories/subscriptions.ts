// Client subscriptions for tests: plans (placeholder prices the app replaces at Stripe on first use),
// and an organisation subscribed through the payments service the way checkout does it.
import { planPriceId } from '#app/models/billing-account.server'
import { syncSubscription } from '#app/models/platform-billing.server'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import type { PaymentsService } from '#app/services/stripe.server'

let sequence = 0
const unique = () => `${Date.now().toString(36)}${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`

export type PlanOptions = {
  name?: string
  maxUsers?: number
  priceCents?: number
  interval?: 'month' | 'year'
  upgrade?: boolean
  trialDays?: number | null
  visible?: boolean
  active?: boolean
  oneTime?: boolean
}

export async function createPlan(opts: PlanOptions = {}) {
  const id = unique()
  const result = await platformDb
    .insertInto('client_packages')
    .values({
      public_id: newPublicId(),
      package_name: opts.name ?? `Plan ${id}`,
      max_users: opts.maxUsers ?? 5,
      price_cents: opts.priceCents ?? 9900,
      stripe_price_id: `price_seed_test_${id}`,
      stripe_product_id: null,
      trial_package: !!opts.trialDays,
      trial_days: opts.trialDays ?? null,
      users_upgrade_package: opts.upgrade ?? true,
      recurring_interval: opts.interval ?? 'month',
      one_time_pay: opts.oneTime ?? false,
      description: 'Test plan',
      is_visible: opts.visible ?? true,
      active: opts.active ?? true,
      crm_user_permissions: '{}',
      max_crm_users: 1,
    })
    .executeTakeFirstOrThrow()
  return platformDb.selectFrom('client_packages').selectAll().where('id', '=', Number(result.insertId)).executeTakeFirstOrThrow()
}

export async function createPromotion(opts: { code?: string; percent?: number; duration?: 'once' | 'forever' | 'repeating'; months?: number; max?: number } = {}) {
  const code = opts.code ?? `T${unique().toUpperCase()}`.slice(0, 20)
  await platformDb
    .insertInto('promotions')
    .values({
      public_id: newPublicId(),
      coupon_code: code,
      discount_type: 'percent',
      value: opts.percent ?? 20,
      max_redemptions: opts.max ?? 10,
      duration: opts.duration ?? 'repeating',
      duration_in_months: (opts.duration ?? 'repeating') === 'repeating' ? (opts.months ?? 3) : null,
      redeem_by: new Date(Date.now() + 365 * 86_400_000),
      stripe_coupon_id: `coupon_seed_${code.toLowerCase()}`,
      stripe_promotion_code_id: `promo_seed_${code.toLowerCase()}`,
    })
    .execute()
  return platformDb.selectFrom('promotions').selectAll().where('coupon_code', '=', code).executeTakeFirstOrThrow()
}

/**
 * The organisation becomes a Stripe customer with a default card (on its own test clock when asked)
 * and, given a plan, subscribes to it (a trial when trialDays is set); its row follows at once.
 */
export async function subscribeOrganisation(
  payments: PaymentsService,
  org: { id: number; publicId: string; name: string },
  opts: { plan?: Awaited<ReturnType<typeof createPlan>>; trialDays?: number; card?: string | null; testClockId?: string; quantity?: number } = {},
) {
  const customer = await payments.createCustomer(
    { email: `billing-${unique()}@example.test`, name: org.name, metadata: { clientId: org.publicId }, testClockId: opts.testClockId },
    `test-customer-${unique()}`,
  )
  await platformDb.updateTable('organisations').set({ stripe_customer_id: customer.id }).where('id', '=', org.id).execute()
  const card = opts.card === null ? null : await payments.attachPaymentMethod(customer.id, opts.card ?? 'pm_card_visa', { makeDefault: true }, `test-pm-${unique()}`)
  if (!opts.plan) return { customer, card, sub: null }
  const priceId = await planPriceId(opts.plan, payments)
  const sub = await payments.createSubscription(
    { customerId: customer.id, priceId, quantity: opts.quantity ?? 1, trialDays: opts.trialDays, metadata: { clientId: org.publicId } },
    `test-sub-${unique()}`,
  )
  await syncSubscription({ subscriptionId: sub.id, customerId: customer.id, metadataClientId: org.publicId }, payments)
  return { customer, card, sub }
}

/** How many seats an organisation holds: its owners and staff who are not archived (what the plan's user limit counts). */
export async function seatsTaken(clientId: number): Promise<number> {
  const seated = await platformDb
    .selectFrom('memberships')
    .select('id')
    .where('client_id', '=', clientId)
    .where('role', 'in', ['client', 'user'])
    .where('archived', '=', false)
    .execute()
  return seated.length
}
