// Notifications of one person (ADR 0042): what happened that concerns them (an order assigned, a
// draft uploaded, a revision decided, an invoice paid, a chat message while away), with a seen flag.
// Separate from order_activity, which is the project's own history shown to everyone on the order.
import { type Kysely, sql } from 'kysely'

const now = sql`CURRENT_TIMESTAMP(3)`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    // The recipient: an account of this very organisation (the composite key keeps it so).
    .addColumn('user_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    // The spec's `contant`.
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    // Where the notification leads (an app path), and who caused it as it was then (senderName, senderImg, ...).
    .addColumn('link', 'varchar(255)')
    .addColumn('data', 'json', (c) => c.notNull())
    // Chat messages: one unseen notification per conversation (ADR 0042).
    .addColumn('group_key', 'varchar(100)')
    .addColumn('seen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('seen_at', 'datetime(3)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addForeignKeyConstraint('notifications_recipient', ['user_id', 'client_id'], 'users', ['id', 'client_id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('notifications_organisation', ['client_id'], 'organisations', ['id'], (c) => c.onDelete('cascade'))
    .execute()
  // The list, newest first, one page at a time.
  await db.schema.createIndex('notifications_list').on('notifications').columns(['client_id', 'user_id', 'created_at', 'id']).execute()
  // The unread count of the top bar (on every page) and the dropdown's unread list; covers the count.
  await db.schema.createIndex('notifications_unread').on('notifications').columns(['client_id', 'user_id', 'seen', 'created_at', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute()
}
