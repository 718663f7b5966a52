// GET /api/file/{key} serves an avatar only when some account's profile_img is that key: an index
// keeps that check a single lookup instead of a scan of every account.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_profile_img').on('users').column('profile_img').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_profile_img').on('users').execute()
}
