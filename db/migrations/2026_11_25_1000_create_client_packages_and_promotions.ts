// Platform billing catalogue: the subscription plans organisations buy (client_packages) and the
// promotion codes that discount them. Platform tables: no client_id, read through the platform handle.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP(3)`
  await db.schema
    .createTable('client_packages')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('package_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('max_users', 'integer', (c) => c.unsigned().notNull())
    // Money in cents, like products (ADR 0032); the API answers the amount.
    .addColumn('price_cents', 'integer', (c) => c.unsigned().notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('usd'))
    // The spec's required payment-provider identifier; one plan per price (a double submit finds the first).
    .addColumn('stripe_price_id', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('stripe_product_id', 'varchar(255)')
    .addColumn('trial_package', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('trial_days', 'integer', (c) => c.unsigned())
    .addColumn('one_time_pay', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('leads_package', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('users_upgrade_package', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('recurring_interval', 'varchar(5)', (c) => c.notNull().defaultTo('month'))
    .addColumn('description', 'text')
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('crm_user_permissions', 'json', (c) => c.notNull())
    .addColumn('max_crm_users', 'integer', (c) => c.unsigned().notNull().defaultTo(1))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('client_packages_interval', sql`recurring_interval IN ('month', 'year')`)
    .addCheckConstraint('client_packages_max_crm_users', sql`max_crm_users >= 1`)
    .execute()
  // /packages/view and the checkout list newest first.
  await db.schema.createIndex('client_packages_created').on('client_packages').columns(['created_at', 'id']).execute()

  await db.schema
    .createTable('promotions')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    // Case-insensitive unique (the default collation), as Stripe's promotion codes are.
    .addColumn('coupon_code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('discount_type', 'varchar(8)', (c) => c.notNull())
    // A percentage (percent) or an amount in the platform currency (flat).
    .addColumn('value', 'decimal(10, 2)', (c) => c.notNull())
    .addColumn('max_redemptions', 'integer', (c) => c.unsigned().notNull())
    .addColumn('availed_times', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('duration', 'varchar(9)', (c) => c.notNull())
    .addColumn('duration_in_months', 'integer', (c) => c.unsigned())
    .addColumn('redeem_by', 'datetime(3)', (c) => c.notNull())
    .addColumn('stripe_coupon_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('stripe_promotion_code_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('promotions_discount_type', sql`discount_type IN ('percent', 'flat')`)
    .addCheckConstraint('promotions_duration', sql`duration IN ('once', 'forever', 'repeating')`)
    .execute()
  await db.schema.createIndex('promotions_created').on('promotions').columns(['created_at', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('promotions').ifExists().execute()
  await db.schema.dropTable('client_packages').ifExists().execute()
}
