// The connected account (Stripe Connect) an order invoice's payment was taken on: a portal checkout
// charges the organisation's own account (a direct charge), so its refund must be made there too.
import { type Kysely, sql } from 'kysely'

// Stripe ids are case-sensitive: compared byte for byte, never through the case-insensitive default collation.
const STRIPE_ID = sql`varchar(255) character set ascii collate ascii_bin`

export async function up(db: Kysely<any>): Promise<void> {
  // Null: paid outside the provider, or on the platform's own account (ADR 0046).
  await db.schema.alterTable('order_invoices').addColumn('provider_account_id', STRIPE_ID).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_invoices').dropColumn('provider_account_id').execute()
}
