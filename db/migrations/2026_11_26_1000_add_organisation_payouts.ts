// The organisation's Stripe Connect account, where its customers' payments are paid out (ADR 0037).
import { type Kysely, sql } from 'kysely'

// Stripe ids are case-sensitive: compared byte for byte, never through the case-insensitive default collation.
const STRIPE_ID = sql`varchar(255) character set ascii collate ascii_bin`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organisations')
    .addColumn('stripe_connect_account_id', STRIPE_ID, (c) => c.unique())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organisations').dropColumn('stripe_connect_account_id').execute()
}
