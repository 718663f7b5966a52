// Released subdomains held for the organisation that gave them up (issue 28, ADR 0081): for 30 days nobody
// else may take the name at checkout or by a rename, so links already e-mailed never open another tenant's portal.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subdomain_holds')
    // Stored lowercase like organisations.subdomain; one hold per name.
    .addColumn('subdomain', 'varchar(32)', (c) => c.primaryKey())
    // The organisation that released the name: the only one that may take it back while it is held.
    .addColumn('released_by', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('held_until', 'datetime(3)', (c) => c.notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subdomain_holds').ifExists().execute()
}
