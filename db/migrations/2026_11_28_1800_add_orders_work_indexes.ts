// My work's list (ADR 0066): a contributor's open orders, found per side (writer or reviewer) without reading
// the finished and archived ones they held before; MariaDB merges the two ranges for the OR of both sides.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_work_writer').on('orders').columns(['client_id', 'writer_id', 'archived', 'marked_as_complete', 'status_percentage']).execute()
  await db.schema.createIndex('orders_work_reviewer').on('orders').columns(['client_id', 'reviewer_id', 'archived', 'marked_as_complete', 'status_percentage']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_work_writer').on('orders').execute()
  await db.schema.dropIndex('orders_work_reviewer').on('orders').execute()
}
