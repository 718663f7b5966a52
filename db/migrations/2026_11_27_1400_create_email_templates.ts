// System e-mails (ADR 0045): an organisation's customised copies of the default templates, and the
// ledger of workflow reminders, one row per (order, service, module, reminder) the e-mail job claimed
// before sending: its unique key is what makes a reminder go out once, whatever runs twice.
import { type Kysely, sql } from 'kysely'

const now = sql`CURRENT_TIMESTAMP(3)`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    // The default template this row customises (app/rules/email-templates.ts); the channel is the spec's `between`.
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel', 'varchar(24)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', sql`mediumtext`, (c) => c.notNull())
    .addColumn('button_text', 'varchar(100)', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.unsigned())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    // One customised copy per template: a second POST is a conflict, not a second row.
    .addUniqueConstraint('email_templates_client_code', ['client_id', 'code'])
    .execute()

  await db.schema
    .createTable('reminder_sends')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('order_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('service_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('module_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('reminder_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(10)', (c) => c.notNull())
    .addColumn('recipient_user_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('days', 'smallint', (c) => c.unsigned().notNull())
    .addColumn('due_at', 'datetime(3)', (c) => c.notNull())
    // sending: claimed by one e-mail job (claim_token) before the message leaves, and still so after a
    // crash until another job takes it over; sent: delivered; superseded: a later reminder went instead.
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('claim_token', 'varchar(32)')
    .addColumn('claimed_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('sent_at', 'datetime(3)')
    .addUniqueConstraint('reminder_sends_once', ['client_id', 'order_id', 'service_id', 'module_id', 'reminder_id'])
    .addCheckConstraint('reminder_sends_state', sql`state IN ('sending', 'sent', 'superseded')`)
    .addCheckConstraint('reminder_sends_recipient', sql`recipient IN ('customer', 'writer')`)
    .addForeignKeyConstraint('reminder_sends_order', ['client_id', 'order_id'], 'orders', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reminder_sends').ifExists().execute()
  await db.schema.dropTable('email_templates').ifExists().execute()
}
