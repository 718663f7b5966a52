// Dashboard rollups (ADR 0043): order tips, each order's, invoice's and tip's last applied
// contribution (facts), and the per-organisation buckets the dashboard reads: per local month,
// per product and month, per contributor and local day. Every row carries client_id.
import { type Kysely, sql } from 'kysely'

const now = sql`CURRENT_TIMESTAMP(3)`

export async function up(db: Kysely<any>): Promise<void> {
  // A customer's tip on an order (the spec's monthTips and totalTips), in cents, counted when paid.
  await db.schema
    .createTable('order_tips')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('order_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('usd'))
    .addColumn('paid_at', 'datetime(3)', (c) => c.notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addForeignKeyConstraint('order_tips_order', ['client_id', 'order_id'], 'orders', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('order_tips_order').on('order_tips').columns(['client_id', 'order_id']).execute()
  await db.schema.createIndex('order_tips_updated').on('order_tips').columns(['client_id', 'updated_at']).execute()
  // The reconcile sweep re-applies what changed since its last run.
  await db.schema.createIndex('order_invoices_updated').on('order_invoices').columns(['client_id', 'updated_at']).execute()

  // Per organisation: the time zone the buckets were built in, and the reconcile's marks.
  await db.schema
    .createTable('analytics_state')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('rebuilt_at', 'datetime(3)')
    .addColumn('swept_at', 'datetime(3)')
    .addColumn('checked_at', 'datetime(3)')
    .addColumn('check_ok', 'boolean')
    .execute()

  // What each source row last added to the buckets: applying its event again adds the difference only.
  await db.schema
    .createTable('analytics_facts')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('source_id', 'bigint', (c) => c.unsigned().notNull())
    // The local day (organisation time zone) of the order's creation or the payment.
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('package_name', 'varchar(191)')
    .addColumn('writer_id', 'bigint', (c) => c.unsigned())
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sales_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tips_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_facts_pk', ['client_id', 'source', 'source_id'])
    .addCheckConstraint('analytics_facts_source', sql`source IN ('order', 'invoice', 'tip')`)
    .execute()

  const bucket = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sales_cents', 'bigint', (c) => c.notNull().defaultTo(0))

  await bucket('analytics_months')
    .addColumn('month', 'date', (c) => c.notNull())
    .addColumn('completed_orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tips_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_months_pk', ['client_id', 'month'])
    .execute()
  await bucket('analytics_product_months')
    .addColumn('month', 'date', (c) => c.notNull())
    .addColumn('package_name', 'varchar(191)', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_product_months_pk', ['client_id', 'month', 'package_name'])
    .execute()
  await bucket('analytics_writer_days')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('writer_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('completed_orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_writer_days_pk', ['client_id', 'day', 'writer_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['analytics_writer_days', 'analytics_product_months', 'analytics_months', 'analytics_facts', 'analytics_state', 'order_tips']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
  await db.schema.dropIndex('order_invoices_updated').on('order_invoices').ifExists().execute()
}
