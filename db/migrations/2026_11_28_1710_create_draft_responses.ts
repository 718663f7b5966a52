// Drafts reach the customer (issue 25, ADR 0062): the customer's one answer per draft (accept, or a
// revision request with its reason and files), when a draft reached the customer and when the
// auto-accept reminder went out, the organisation's auto-accept delay, final documents as order
// files, and the payment behind a tip (so a retried tip is recorded once).
import { type Kysely, sql } from 'kysely'

const now = sql`CURRENT_TIMESTAMP(3)`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('draft_responses')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('order_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('draft_id', 'bigint', (c) => c.unsigned().notNull())
    // users.id of the customer who answered; NULL when the auto-accept job accepted.
    .addColumn('customer_id', 'bigint', (c) => c.unsigned())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('files', 'json')
    .addColumn('automatic', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    // One answer per draft: the customer and the auto-accept job racing leave one row, the other gets 409.
    .addUniqueConstraint('draft_responses_once', ['client_id', 'draft_id'])
    .addCheckConstraint('draft_responses_kind', sql`kind IN ('accepted', 'revision')`)
    .addForeignKeyConstraint('draft_responses_order', ['client_id', 'order_id'], 'orders', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('draft_responses_draft', ['client_id', 'draft_id'], 'drafts', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('draft_responses_order').on('draft_responses').columns(['client_id', 'order_id']).execute()

  await db.schema
    .alterTable('drafts')
    // When the customer could first see it (uploaded without approval, or approved): the auto-accept clock.
    .addColumn('delivered_at', 'datetime(3)')
    .addColumn('auto_accept_reminded_at', 'datetime(3)')
    .execute()
  // Existing drafts the customer can already see count as delivered when they were made.
  await sql`UPDATE drafts SET delivered_at = created_at WHERE deleted_at IS NULL AND (approval_status IS NULL OR approval_status = 'approved')`.execute(db)
  await db.schema.createIndex('drafts_delivered').on('drafts').columns(['delivered_at']).execute()

  await db.schema
    .alterTable('organisation_settings')
    .addColumn('draft_auto_accept_days', 'smallint', (c) => c.unsigned().notNull().defaultTo(7))
    .execute()

  // Final documents are order files of kind final_document, each of one workflow of the order.
  await db.schema.alterTable('order_files').addColumn('service_id', 'varchar(24)').execute()

  await db.schema.alterTable('order_tips').addColumn('provider_payment_id', 'varchar(255)').execute()
  await db.schema.createIndex('order_tips_payment').on('order_tips').columns(['client_id', 'provider_payment_id']).unique().execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_tips_payment').on('order_tips').execute()
  await db.schema.alterTable('order_tips').dropColumn('provider_payment_id').execute()
  await db.schema.alterTable('order_files').dropColumn('service_id').execute()
  await db.schema.alterTable('organisation_settings').dropColumn('draft_auto_accept_days').execute()
  await db.schema.dropIndex('drafts_delivered').on('drafts').execute()
  await db.schema.alterTable('drafts').dropColumn('delivered_at').dropColumn('auto_accept_reminded_at').execute()
  await db.schema.dropTable('draft_responses').execute()
}
