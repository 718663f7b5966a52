// What the checkout asks of a business besides its name: address, website, country, time zone and
// the referral it came with (ADR 0035). Filled at checkout; portal settings may edit them later.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organisations')
    .addColumn('address', 'varchar(255)')
    .addColumn('city', 'varchar(120)')
    .addColumn('postal_code', 'varchar(20)')
    .addColumn('website', 'varchar(255)')
    // ISO 3166-1 alpha-2 and an IANA zone name.
    .addColumn('country', 'char(2)')
    .addColumn('time_zone', 'varchar(64)')
    .addColumn('referral_code', 'varchar(64)')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organisations')
    .dropColumn('address')
    .dropColumn('city')
    .dropColumn('postal_code')
    .dropColumn('website')
    .dropColumn('country')
    .dropColumn('time_zone')
    .dropColumn('referral_code')
    .execute()
}
