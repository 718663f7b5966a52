// The demo organisation as a paying customer of the platform (ADR 0057): its Stripe customer and
// subscription, the plan and user limit they stand for (organisation_plans, ADR 0038), and its payout
// account (ADR 0037). The ids are fixtures the local Stripe emulator recreates on every start.
import type { Kysely } from 'kysely'
import type { Database } from '../types'
import type { OrgIds } from './core'
import { seedId } from './ids'
import { DEMO_PLANS } from './plans'
import { DEMO_STRIPE } from './stripe-fixtures'

/** The first monthly boundary after `now`, counted from the subscription's start (the 1st at 09:00 UTC). */
function currentPeriodEnd(now: Date): Date {
  const start = new Date(DEMO_STRIPE.startedAt * 1000)
  if (start > now) return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes()))
  const end = new Date(start)
  while (end <= now) end.setUTCMonth(end.getUTCMonth() + 1)
  return end
}

export async function seedDemoBilling(db: Kysely<Database>, orgIds: OrgIds, now = new Date()): Promise<void> {
  const plan = DEMO_PLANS.find((p) => p.key === DEMO_STRIPE.planKey)!
  const row = await db
    .selectFrom('client_packages')
    .select('id')
    .where('public_id', '=', seedId(`client-package:${plan.key}`))
    .executeTakeFirstOrThrow()
  const clientId = orgIds.demo
  // As the webhook's sync leaves an active subscription (platform-billing.server.ts); the app re-reads Stripe anyway.
  await db
    .updateTable('organisations')
    .set({
      package_status: 'active',
      trial_ends_at: null,
      payment_due_since: null,
      stripe_customer_id: DEMO_STRIPE.customerId,
      stripe_subscription_id: DEMO_STRIPE.subscriptionId,
      subscription_status: 'active',
      current_period_end: currentPeriodEnd(now),
      cancel_at_period_end: false,
      collection_paused: false,
      pause_resumes_at: null,
      billing_synced_at: now,
      stripe_connect_account_id: DEMO_STRIPE.connectAccountId,
    })
    .where('id', '=', clientId)
    .execute()
  const recorded = {
    stripe_subscription_id: DEMO_STRIPE.subscriptionId,
    client_package_id: row.id,
    quantity: DEMO_STRIPE.quantity,
    max_users: plan.maxUsers * DEMO_STRIPE.quantity,
  }
  await db
    .insertInto('organisation_plans')
    .values({ client_id: clientId, ...recorded })
    .onDuplicateKeyUpdate(recorded)
    .execute()
}
