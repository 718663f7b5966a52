// Identity per realm (ADR 0011): an account is (realm, e-mail); the platform is one realm, each organisation another.
// Splits today's shared people: one account per realm they belong to, each with the same password hash.
import { randomInt } from 'node:crypto'
import { type Kysely, sql } from 'kysely'

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'
function publicId(): string {
  let id = ''
  for (let i = 0; i < 24; i++) id += ALPHABET[randomInt(ALPHABET.length)]
  return id
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN client_id BIGINT UNSIGNED NULL AFTER id, DROP INDEX email`.execute(db)

  // Every person gets one account per realm: platform people keep their row for the platform, everyone
  // else keeps it for their oldest membership (one bulk update); each further membership gets a copy.
  await sql`UPDATE users u
    JOIN memberships m ON m.id = (SELECT MIN(first.id) FROM memberships first WHERE first.user_id = u.id)
    SET u.client_id = m.client_id
    WHERE u.is_superadmin = 0 AND u.platform_role_id IS NULL`.execute(db)
  const memberships = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.client_id', 'm.user_id'])
    .where((eb) => eb.or([eb('u.client_id', 'is', null), eb('u.client_id', '!=', eb.ref('m.client_id'))]))
    .execute()
  for (const membership of memberships) {
    const person = await db.selectFrom('users').selectAll().where('id', '=', membership.user_id).executeTakeFirstOrThrow()
    const { id: personId, public_id: _publicId, client_id: _clientId, is_superadmin: _s, platform_role_id: _r, ...fields } = person
    const inserted = await db
      .insertInto('users')
      .values({ ...fields, public_id: publicId(), client_id: membership.client_id, is_superadmin: false, platform_role_id: null })
      .executeTakeFirstOrThrow()
    const copyId = Number(inserted.insertId)
    const moves: [string, string][] = [
      ['memberships', 'user_id'],
      ['writer_profiles', 'user_id'],
      ['files', 'uploaded_by'],
      ['audit_logs', 'user_id'],
      ['audit_logs', 'actor_user_id'],
    ]
    for (const [table, column] of moves) {
      await db
        .updateTable(table)
        .set({ [column]: copyId })
        .where(column, '=', personId)
        .where('client_id', '=', membership.client_id)
        .execute()
    }
  }

  // Someone with neither a membership nor a platform role could sign in nowhere; left in the platform realm
  // they would hold its address (a platform user of that e-mail could not be created), so they go.
  await db.deleteFrom('users').where('client_id', 'is', null).where('is_superadmin', '=', false).where('platform_role_id', 'is', null).execute()

  // Sessions and pending links were issued to the shared accounts: nobody keeps one across the split.
  await db.deleteFrom('sessions').execute()
  await db
    .updateTable('auth_tokens')
    .set({ used_at: sql`CURRENT_TIMESTAMP(3)` })
    .where('used_at', 'is', null)
    .execute()

  await sql`ALTER TABLE users
    ADD COLUMN realm BIGINT UNSIGNED AS (IFNULL(client_id, 0)) STORED AFTER client_id,
    ADD CONSTRAINT users_realm_email UNIQUE (realm, email),
    ADD CONSTRAINT users_id_client UNIQUE (id, client_id),
    ADD CONSTRAINT users_client_fk FOREIGN KEY (client_id) REFERENCES organisations (id) ON DELETE CASCADE,
    ADD CONSTRAINT users_superadmin_platform_only CHECK (client_id IS NULL OR is_superadmin = 0)`.execute(db)
  await sql`CREATE INDEX users_email ON users (email)`.execute(db)
  // MariaDB refuses a CHECK on platform_role_id (it has a foreign-key action); sign-in ignores the role outside the platform realm.
  // A membership and a writer profile can only point at an account of their own organisation.
  await sql`ALTER TABLE memberships
    ADD CONSTRAINT memberships_account_realm FOREIGN KEY (user_id, client_id) REFERENCES users (id, client_id) ON DELETE CASCADE,
    ADD CONSTRAINT memberships_one_per_account UNIQUE (user_id)`.execute(db)
  await sql`ALTER TABLE writer_profiles ADD CONSTRAINT writer_profiles_account_realm FOREIGN KEY (user_id, client_id) REFERENCES users (id, client_id) ON DELETE CASCADE`.execute(
    db,
  )
}

export async function down(): Promise<void> {
  throw new Error('The realm split is one-way: restore from a backup to undo it.')
}
