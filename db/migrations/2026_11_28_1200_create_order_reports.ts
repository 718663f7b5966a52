// Order reports (ADR 0048): one row per requested CSV, and the index its keyset walk over a date range reads.
import { type Kysely, sql } from 'kysely'

const now = sql`CURRENT_TIMESTAMP(3)`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_reports')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('created_by', 'bigint', (c) => c.unsigned())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('fields', 'json', (c) => c.notNull())
    .addColumn('questionnaires', 'json', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('error', 'varchar(500)')
    .addColumn('file_key', 'varchar(191)')
    .addColumn('row_count', 'integer', (c) => c.unsigned())
    .addColumn('byte_size', 'bigint', (c) => c.unsigned())
    .addColumn('attempts', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('started_at', 'datetime(3)')
    .addColumn('completed_at', 'datetime(3)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addForeignKeyConstraint('order_reports_organisation', ['client_id'], 'organisations', ['id'], (c) => c.onDelete('cascade'))
    .execute()
  // The page's list, newest first.
  await db.schema.createIndex('order_reports_list').on('order_reports').columns(['client_id', 'created_at', 'id']).execute()
  // The report's walk: every order of a date range (archived too) in purchase order; the list's
  // orders_list_created_at starts with `archived`, so it cannot serve a range over both.
  await db.schema.createIndex('orders_report_range').on('orders').columns(['client_id', 'created_at', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_report_range').on('orders').ifExists().execute()
  await db.schema.dropTable('order_reports').ifExists().execute()
}
