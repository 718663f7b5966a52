// The customer's brief (issue 25, ADR 0061): one row per customer task of an order (order, workflow, module):
// a questionnaire's or follow-up questions' answers, the follow-up questions the team sent, or an appointment.
import { type Kysely, sql } from 'kysely'

const now = sql`CURRENT_TIMESTAMP(3)`

export async function up(db: Kysely<any>): Promise<void> {
  // 'customer_document' (the customer's previous documents) is longer than the kinds before it.
  await sql`ALTER TABLE order_files MODIFY kind varchar(32) NOT NULL`.execute(db)
  await db.schema
    .createTable('brief_responses')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('order_id', 'bigint', (c) => c.unsigned().notNull())
    // The workflow of the order's snapshot (orders.services[]._id) and the module in it (a system module or a form's public id).
    .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('module_id', 'varchar(64)', (c) => c.notNull())
    // {itemId: text | [choices] | [{_id, name}]}: what the customer typed, saved as they type.
    .addColumn('answers', 'json', (c) => c.notNull())
    // Follow-up questions the team sent ([{id, text}]); null for a questionnaire or an appointment.
    .addColumn('questions', 'json')
    .addColumn('questions_sent_at', 'datetime(3)')
    .addColumn('questions_sent_by', 'bigint', (c) => c.unsigned())
    // An appointment: {link, proposals: [iso], chosen: iso | null}.
    .addColumn('appointment', 'json')
    .addColumn('submitted_at', 'datetime(3)')
    // Who submitted: the customer, or the staff member of a log-in-as session (acting on the customer's behalf).
    .addColumn('submitted_by', 'bigint', (c) => c.unsigned())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('brief_responses_task', ['client_id', 'order_id', 'service_id', 'module_id'])
    .addForeignKeyConstraint('brief_responses_of_order', ['client_id', 'order_id'], 'orders', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('brief_responses_organisation', ['client_id'], 'organisations', ['id'], (c) => c.onDelete('cascade'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('brief_responses').ifExists().execute()
  await sql`DELETE FROM order_files WHERE kind = 'customer_document'`.execute(db)
  await sql`ALTER TABLE order_files MODIFY kind varchar(16) NOT NULL`.execute(db)
}
