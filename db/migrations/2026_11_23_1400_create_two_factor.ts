// TOTP two-factor authentication (ADR 0012): one authenticator secret per account, encrypted at rest,
// and its single-use recovery codes, stored as keyed hashes.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // Keyed by the account (users.id): accounts are per realm, so a secret is too.
  await db.schema
    .createTable('totp_credentials')
    .addColumn('user_id', 'bigint', (c) => c.unsigned().primaryKey().references('users.id').onDelete('cascade'))
    // AES-256-GCM ciphertext of the base32 secret (crypto.server encryptSecret).
    .addColumn('secret_encrypted', 'varchar(255)', (c) => c.notNull())
    // NULL while the enrolment waits for its first code; the account has TOTP once it is set.
    .addColumn('enabled_at', 'datetime(3)')
    // The last accepted 30-second time step: a code of this step or an earlier one is never taken again.
    .addColumn('last_used_step', 'bigint', (c) => c.unsigned())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute()

  await db.schema
    .createTable('totp_recovery_codes')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.unsigned().notNull().references('users.id').onDelete('cascade'))
    // HMAC-SHA256 of the normalised code with the 'two-factor-recovery' key.
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('used_at', 'datetime(3)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addUniqueConstraint('totp_recovery_codes_user_code', ['user_id', 'code_hash'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('totp_recovery_codes').ifExists().execute()
  await db.schema.dropTable('totp_credentials').ifExists().execute()
}
