// The cards that have had a free trial (issue 28, ADR 0095): Stripe's card fingerprint, the same for one card
// number whatever customer or payment method carries it, so a new organisation cannot take a second trial with it.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trial_cards')
    .addColumn('fingerprint', 'varchar(64)', (c) => c.primaryKey())
    // Kept when the organisation goes: deleting it must not give the card a new trial.
    .addColumn('taken_by', 'bigint', (c) => c.unsigned().references('organisations.id').onDelete('set null'))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trial_cards').ifExists().execute()
}
