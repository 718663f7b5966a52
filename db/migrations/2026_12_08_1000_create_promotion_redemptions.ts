// Which purchase holds each counted redemption of a platform promotion (issue 28, ADR 0100): a checkout or a
// billing change retried after its charge finds its own redemption here instead of counting a second one.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promotion_redemptions')
    .addColumn('promotion_id', 'bigint', (c) => c.unsigned().notNull().references('promotions.id').onDelete('cascade'))
    // The purchase: `checkout:<organisation public id>` or `billing:<operation key>`.
    .addColumn('ref', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addPrimaryKeyConstraint('promotion_redemptions_pk', ['promotion_id', 'ref'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('promotion_redemptions').ifExists().execute()
}
