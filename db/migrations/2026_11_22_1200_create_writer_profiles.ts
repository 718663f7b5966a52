// Contributor profile data per organisation (levels, services, languages, availability) for the assign dialog.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('writer_profiles')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.unsigned().notNull().references('users.id').onDelete('cascade'))
    .addColumn('levels', 'json', (c) => c.notNull())
    .addColumn('services', 'json', (c) => c.notNull())
    .addColumn('languages', 'json', (c) => c.notNull())
    .addColumn('certificates', 'json', (c) => c.notNull())
    .addColumn('expertise', 'json', (c) => c.notNull())
    .addColumn('available_days', 'json', (c) => c.notNull())
    .addColumn('scheduling_link', 'varchar(500)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    // A profile belongs to the person's membership in that organisation: one per (client, user).
    .addUniqueConstraint('writer_profiles_client_user', ['client_id', 'user_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('writer_profiles').ifExists().execute()
}
