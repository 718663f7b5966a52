// The columns each person chose for a list (issue 27, ADR 0074): one row per organisation, account and
// table, so the choice follows the person across browsers and never leaks into another organisation.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('table_columns')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('user_id', 'bigint', (c) => c.unsigned().notNull())
    // The list's key (app/rules/table-columns.ts) and the optional column keys shown, comma-separated.
    .addColumn('table_key', 'varchar(32)', (c) => c.notNull())
    .addColumn('columns', 'varchar(512)', (c) => c.notNull())
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addPrimaryKeyConstraint('table_columns_pk', ['client_id', 'user_id', 'table_key'])
    .addForeignKeyConstraint('table_columns_member', ['client_id', 'user_id'], 'memberships', ['client_id', 'user_id'], (c) => c.onDelete('cascade'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('table_columns').ifExists().execute()
}
