// Platform roles: named module lists that grant platform staff (users without memberships) their screens;
// plus the index of the platform-wide audit log.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('platform_roles')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // The role's value on the platform user forms; never 'superadmin', which is the flag on users.
    .addColumn('key', 'varchar(100)', (c) => c.notNull().unique())
    // Comma-separated module keys, as the spec's Role entity has them.
    .addColumn('permissions', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute()
  await db.schema.alterTable('users').addForeignKeyConstraint('users_platform_role', ['platform_role_id'], 'platform_roles', ['id']).onDelete('set null').execute()
  // The platform-wide audit log (superadmin) pages newest first across organisations.
  await db.schema.createIndex('audit_logs_created').on('audit_logs').columns(['created_at', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_logs_created').on('audit_logs').execute()
  await db.schema.alterTable('users').dropConstraint('users_platform_role').execute()
  // MariaDB made an index for the foreign key; dropping the key leaves it behind.
  await db.schema.dropIndex('users_platform_role').on('users').execute()
  await db.schema.dropTable('platform_roles').ifExists().execute()
}
