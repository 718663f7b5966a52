// Client subscription management (ADR 0038): the pauses each subscription has taken (at most 2 per
// subscription year, so they must be counted) and the plan, quantity and user limit of each
// organisation's subscription (its row is also the per-organisation lock of billing changes).
import { type Kysely, sql } from 'kysely'

// Stripe ids are case-sensitive: compared byte for byte, never through the case-insensitive default collation.
const STRIPE_ID = sql`varchar(255) character set ascii collate ascii_bin`
const now = sql`CURRENT_TIMESTAMP(3)`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscription_pauses')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('stripe_subscription_id', STRIPE_ID, (c) => c.notNull())
    // The request's operation key: a double submit or retry records one pause.
    .addColumn('op_key', sql`char(64) character set ascii collate ascii_bin`, (c) => c.notNull())
    // The end of the paid cycle, and one month later.
    .addColumn('starts_at', 'datetime(3)', (c) => c.notNull())
    .addColumn('resumes_at', 'datetime(3)', (c) => c.notNull())
    // Resumed by hand while it ran (it still counts), or withdrawn before it began (it does not).
    .addColumn('ended_at', 'datetime(3)')
    .addColumn('withdrawn', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('subscription_pauses_op', ['client_id', 'op_key'])
    .execute()
  await db.schema.createIndex('subscription_pauses_subscription').on('subscription_pauses').columns(['client_id', 'stripe_subscription_id', 'starts_at']).execute()

  await db.schema
    .createTable('organisation_plans')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().primaryKey().references('organisations.id').onDelete('cascade'))
    // The subscription these figures were read from; another one on the organisation means they are stale.
    .addColumn('stripe_subscription_id', STRIPE_ID)
    .addColumn('client_package_id', 'bigint', (c) => c.unsigned().references('client_packages.id').onDelete('set null'))
    .addColumn('quantity', 'integer', (c) => c.unsigned())
    // The plan's users times the quantity: what staff creation is held to.
    .addColumn('max_users', 'integer', (c) => c.unsigned())
    // The last billing change applied: the same operation again (a double submit) is answered, not repeated.
    .addColumn('last_op_key', sql`char(64) character set ascii collate ascii_bin`)
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('organisation_plans').ifExists().execute()
  await db.schema.dropTable('subscription_pauses').ifExists().execute()
}
