// Tags are compared as the app stores them (lowercased and trimmed, app/rules/tags.ts): byte for
// byte. The table's default unicode_ci collation would make 'résumé' and 'resume' one tag, and the
// unique key would then silently swallow one of them.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE tags MODIFY text varchar(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE tags MODIFY text varchar(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL`.execute(db)
}
