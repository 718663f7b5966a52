// Billing state of an organisation as Stripe last told it (ADR 0031), the webhook events already
// received (each applied once), and the billing e-mails already sent (each sent once).
import { type Kysely, sql } from 'kysely'

// Stripe ids are case-sensitive: compared byte for byte, never through the case-insensitive default collation.
const STRIPE_ID = sql`varchar(255) character set ascii collate ascii_bin`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organisations')
    .addColumn('stripe_customer_id', STRIPE_ID, (c) => c.unique())
    .addColumn('stripe_subscription_id', STRIPE_ID, (c) => c.unique())
    // Stripe's own status (trialing, active, past_due, paused, canceled, ...); package_status is the spec's.
    .addColumn('subscription_status', 'varchar(32)')
    .addColumn('current_period_end', 'datetime(3)')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    // pause_collection is set (a pause is scheduled or running) and when billing resumes.
    .addColumn('collection_paused', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pause_resumes_at', 'datetime(3)')
    .addColumn('billing_synced_at', 'datetime(3)')
    .execute()

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', STRIPE_ID, (c) => c.primaryKey())
    .addColumn('type', 'varchar(128)', (c) => c.notNull())
    .addColumn('received_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('processed_at', 'datetime(3)')
    .execute()

  await db.schema
    .createTable('billing_notices')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    // trial_ending, payment_failed, locked
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    // What the notice is about (the trial end, the invoice, the due date): one e-mail per kind and ref.
    .addColumn('ref', sql`varchar(255) character set ascii collate ascii_bin`, (c) => c.notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addPrimaryKeyConstraint('billing_notices_pk', ['client_id', 'kind', 'ref'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_notices').ifExists().execute()
  await db.schema.dropTable('stripe_events').ifExists().execute()
  await db.schema
    .alterTable('organisations')
    .dropColumn('stripe_customer_id')
    .dropColumn('stripe_subscription_id')
    .dropColumn('subscription_status')
    .dropColumn('current_period_end')
    .dropColumn('cancel_at_period_end')
    .dropColumn('collection_paused')
    .dropColumn('pause_resumes_at')
    .dropColumn('billing_synced_at')
    .execute()
}
