// Chat (issue 10, ADR 0041): one table for every conversation: the project team chat of an order and the
// contributor, customer and admin chats. Rows belong to one organisation; every link (order, sender,
// contributor, file) is a composite foreign key that includes client_id, so no row points elsewhere.
import { type Kysely, sql } from 'kysely'

const now = sql`CURRENT_TIMESTAMP(3)`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    // project, adminToWriter, adminToCustomer, writerToCustomer, customerToWriter.
    .addColumn('chat_type', 'varchar(16)', (c) => c.notNull())
    // The order of a project, admin-customer or writer-customer conversation; null for adminToWriter.
    .addColumn('order_id', 'bigint', (c) => c.unsigned())
    // The contributor of an adminToWriter conversation (one conversation per contributor).
    .addColumn('writer_id', 'bigint', (c) => c.unsigned())
    .addColumn('sent_by', 'bigint', (c) => c.unsigned().notNull())
    // adminToWriter: written by the contributor to the organisation's admins.
    .addColumn('sent_to_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    // The sender's label when it was sent: ADMIN, REVIEWER, WRITER, USER or CUSTOMER.
    .addColumn('role_label', 'varchar(16)', (c) => c.notNull())
    .addColumn('message_type', 'varchar(8)', (c) => c.notNull())
    // Plain text (project chat) or sanitized HTML (contributor chat); at most 10,000 characters.
    .addColumn('content', 'text')
    .addColumn('file_id', 'bigint', (c) => c.unsigned())
    // When the other side of a two-sided conversation opened it (unread counts); unused by the team chat.
    .addColumn('read_at', 'datetime(3)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('chat_messages_type', sql`chat_type IN ('project', 'adminToWriter', 'adminToCustomer', 'writerToCustomer', 'customerToWriter')`)
    .addCheckConstraint('chat_messages_message_type', sql`message_type IN ('text', 'file')`)
    .addCheckConstraint('chat_messages_body', sql`(message_type = 'text' AND content IS NOT NULL) OR (message_type = 'file' AND file_id IS NOT NULL)`)
    .addForeignKeyConstraint('chat_messages_order', ['client_id', 'order_id'], 'orders', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('chat_messages_writer_realm', ['writer_id', 'client_id'], 'users', ['id', 'client_id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('chat_messages_sender_realm', ['sent_by', 'client_id'], 'users', ['id', 'client_id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('chat_messages_file', ['client_id', 'file_id'], 'files', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()
  // A conversation's history, newest first, paged by id: by order (team, customer chats) and by contributor.
  await db.schema.createIndex('chat_messages_order_thread').on('chat_messages').columns(['client_id', 'order_id', 'chat_type', 'id']).execute()
  await db.schema.createIndex('chat_messages_writer_thread').on('chat_messages').columns(['client_id', 'writer_id', 'chat_type', 'id']).execute()
  // Unread counts of the contributor list: the unread rows of one side, per contributor.
  await db.schema.createIndex('chat_messages_unread').on('chat_messages').columns(['client_id', 'chat_type', 'sent_to_admin', 'read_at', 'writer_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_messages').ifExists().execute()
}
