// Uploaded files owned by an organisation (downloadables, attachments, logos); the bytes live in storage.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(191)', (c) => c.notNull().unique())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(127)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('uploaded_by', 'bigint', (c) => c.unsigned())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute()
  await db.schema.createIndex('files_client_purpose').on('files').columns(['client_id', 'purpose']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('files').ifExists().execute()
}
