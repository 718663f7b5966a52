// Core schema: organisations, people and their memberships, sessions, auth tokens, settings, audit.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(191)', (c) => c.notNull())
    .addColumn('subdomain', 'varchar(32)', (c) => c.unique())
    .addColumn('logo', 'varchar(191)')
    .addColumn('currency_type', 'varchar(8)', (c) => c.notNull().defaultTo('usd'))
    .addColumn('package_status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('trial_ends_at', 'datetime(3)')
    .addColumn('payment_due_since', 'datetime(3)')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute()

  await db.schema
    .createTable('users')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(191)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_superadmin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('platform_role_id', 'bigint', (c) => c.unsigned())
    .addColumn('profile_img', 'varchar(191)')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('password_changed_at', 'datetime(3)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute()

  // One row per person per organisation: the role and permissions belong to the membership.
  await db.schema
    .createTable('memberships')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.unsigned().notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('permissions', 'json', (c) => c.notNull())
    .addColumn('leads_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('customer_facing_name', 'varchar(191)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addUniqueConstraint('memberships_client_user', ['client_id', 'user_id'])
    .execute()
  await db.schema.createIndex('memberships_user').on('memberships').column('user_id').execute()
  await db.schema.createIndex('memberships_client_role').on('memberships').columns(['client_id', 'role', 'archived']).execute()

  await db.schema
    .createTable('organisation_settings')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('settings', 'json', (c) => c.notNull())
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute()

  // The cookie carries a random token; only its SHA-256 is stored, so a leaked table grants nothing.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'char(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.unsigned())
    .addColumn('client_id', 'bigint', (c) => c.unsigned())
    .addColumn('data', 'json', (c) => c.notNull())
    .addColumn('expires_at', 'datetime(3)', (c) => c.notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute()
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute()

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('purpose', 'varchar(24)', (c) => c.notNull())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.unsigned().notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'bigint', (c) => c.unsigned())
    .addColumn('data', 'json', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'datetime(3)', (c) => c.notNull())
    .addColumn('used_at', 'datetime(3)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute()
  await db.schema.createIndex('auth_tokens_user_purpose').on('auth_tokens').columns(['user_id', 'purpose']).execute()

  await db.schema
    .createTable('audit_logs')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned())
    .addColumn('user_id', 'bigint', (c) => c.unsigned())
    .addColumn('actor_user_id', 'bigint', (c) => c.unsigned())
    .addColumn('user_name', 'varchar(191)')
    .addColumn('user_role', 'varchar(16)')
    .addColumn('module', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('host_ip', 'varchar(64)')
    .addColumn('message', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute()
  await db.schema.createIndex('audit_logs_client_created').on('audit_logs').columns(['client_id', 'created_at', 'id']).execute()
  await db.schema.createIndex('audit_logs_filters').on('audit_logs').columns(['client_id', 'module', 'action', 'status']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['audit_logs', 'auth_tokens', 'sessions', 'organisation_settings', 'memberships', 'users', 'organisations']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
