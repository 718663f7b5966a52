// A one-time plan's payment (ADR 0046): the PaymentIntent that paid for it, its amount and when, kept
// with the plan and user limit the organisation bought (organisation_plans, ADR 0038).
import { type Kysely, sql } from 'kysely'

// Stripe ids are case-sensitive: compared byte for byte, never through the case-insensitive default collation.
const STRIPE_ID = sql`varchar(255) character set ascii collate ascii_bin`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organisation_plans')
    // Null for a subscription's plan, and for a one-time plan a 100% promotion made free.
    .addColumn('stripe_payment_intent_id', STRIPE_ID, (c) => c.unique())
    .addColumn('paid_cents', 'integer', (c) => c.unsigned())
    .addColumn('paid_at', 'datetime(3)')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organisation_plans').dropColumn('stripe_payment_intent_id').dropColumn('paid_cents').dropColumn('paid_at').execute()
}
