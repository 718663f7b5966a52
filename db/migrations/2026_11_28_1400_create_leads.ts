// Leads of an organisation (ADR 0050): people who showed interest (CRM sync contacts, cart and
// checkout visitors who did not buy, manual entries), one row per (organisation, e-mail), with a
// history of notes and status changes, and the customer a lead was converted to.
import { type Kysely, sql } from 'kysely'

const now = sql`CURRENT_TIMESTAMP(3)`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leads')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    // Stored lower-cased: the unique key below makes a second capture of one address an update.
    .addColumn('email', 'varchar(191)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)')
    .addColumn('last_name', 'varchar(100)')
    .addColumn('phone', 'varchar(40)')
    // Where the lead first came from (crm, checkout, cart, manual); later captures add a note instead.
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('new'))
    // The contact id at the external CRM, for CRM sync captures.
    .addColumn('external_id', 'varchar(100)')
    // The customer account (users.id in this organisation's realm) the lead became. No foreign key:
    // SET NULL on a composite key would null client_id too, and customers are archived, not deleted.
    .addColumn('customer_user_id', 'bigint', (c) => c.unsigned())
    .addColumn('converted_at', 'datetime(3)')
    .addColumn('last_captured_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('leads_email', ['client_id', 'email'])
    // Target of lead_notes' composite foreign key, so a note can never point into another organisation.
    .addUniqueConstraint('leads_tenant_id', ['id', 'client_id'])
    .addForeignKeyConstraint('leads_organisation', ['client_id'], 'organisations', ['id'], (c) => c.onDelete('cascade'))
    .execute()
  // The list walks newest first (keyset on created_at, id), whole or by status or source.
  await db.schema.createIndex('leads_list').on('leads').columns(['client_id', 'created_at', 'id']).execute()
  await db.schema.createIndex('leads_status').on('leads').columns(['client_id', 'status', 'created_at', 'id']).execute()
  await db.schema.createIndex('leads_source').on('leads').columns(['client_id', 'source', 'created_at', 'id']).execute()

  await db.schema
    .createTable('lead_notes')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('lead_id', 'bigint', (c) => c.unsigned().notNull())
    // note: typed by staff; status: a status change; capture: seen again from a source; convert.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('body', 'varchar(2000)', (c) => c.notNull())
    // The author as they were then (null for captures): the history reads the same after a rename or removal.
    .addColumn('author_user_id', 'bigint', (c) => c.unsigned())
    .addColumn('author_name', 'varchar(201)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addForeignKeyConstraint('lead_notes_lead', ['lead_id', 'client_id'], 'leads', ['id', 'client_id'], (c) => c.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('lead_notes_history').on('lead_notes').columns(['client_id', 'lead_id', 'created_at', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_notes').ifExists().execute()
  await db.schema.dropTable('leads').ifExists().execute()
}
