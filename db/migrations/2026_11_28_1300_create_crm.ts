// CRM (issue 13, ADR 0049): the organisation's location in the external CRM, its CRM users (accounts
// of that CRM, not of this portal) and its messaging provider account, whose token is stored encrypted.
import { type Kysely, sql } from 'kysely'

const now = sql`CURRENT_TIMESTAMP(3)`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('crm_locations')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().primaryKey().references('organisations.id').onDelete('cascade'))
    // pending: asked of the CRM by the provisioning job; ready: the CRM answered with its location id.
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('external_id', 'varchar(64)')
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('crm_locations_status', sql`status IN ('pending', 'ready')`)
    .execute()

  await db.schema
    .createTable('crm_users')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('type', 'varchar(12)', (c) => c.notNull().defaultTo('user'))
    // 1 for the admin account, NULL otherwise: the unique key below allows one admin per organisation.
    .addColumn('admin_slot', sql`tinyint`, (c) => c.unsigned())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('permissions', 'json', (c) => c.notNull())
    // The CRM needs the password once; it is kept encrypted only until the sync hands it over.
    .addColumn('pending_password', 'varchar(600)')
    .addColumn('added_to_crm', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('external_id', 'varchar(64)')
    .addColumn('sync_error', 'varchar(2000)')
    // Bumped on every change: the sync job's id carries it, so each change is synced once.
    .addColumn('version', 'integer', (c) => c.unsigned().notNull().defaultTo(1))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('crm_users_client_email', ['client_id', 'email'])
    .addUniqueConstraint('crm_users_client_admin', ['client_id', 'admin_slot'])
    .addUniqueConstraint('crm_users_client_id', ['client_id', 'id'])
    .addCheckConstraint('crm_users_type', sql`type IN ('admin', 'user')`)
    .execute()

  await db.schema
    .createTable('crm_integrations')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('integration', 'varchar(32)', (c) => c.notNull())
    .addColumn('account_sid', 'varchar(64)', (c) => c.notNull())
    // AES-256-GCM (app/services/crypto.server.ts); only the last four characters are ever shown.
    .addColumn('auth_token_encrypted', 'varchar(600)', (c) => c.notNull())
    .addColumn('auth_token_last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('crm_integrations_pk', ['client_id', 'integration'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('crm_integrations').ifExists().execute()
  await db.schema.dropTable('crm_users').ifExists().execute()
  await db.schema.dropTable('crm_locations').ifExists().execute()
}
