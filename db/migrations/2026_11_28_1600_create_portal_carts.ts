// The customer portal's buying half (issue 24, ADR 0058): carts and their items, the contract a
// customer accepted at checkout (kept immutable with the order), and the product's shop description.
import { type Kysely, sql } from 'kysely'

const now = sql`CURRENT_TIMESTAMP(3)`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('description', 'text').execute()

  await db.schema
    .createTable('carts')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    // The cart's only handle outside the server (cookie, orders.cart_id): random, never a counter.
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    // open → paying (one checkout holds it, until paying_until) → paid; an open cart may be paid by anyone holding it.
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('open'))
    .addColumn('coupon_id', 'bigint', (c) => c.unsigned())
    // The coupon's redemption is counted (reserved) while this is set; a failed payment gives it back.
    .addColumn('coupon_reserved', 'boolean', (c) => c.notNull().defaultTo(false))
    // Who paid (users.id of this realm) and with what: a retry or double submit answers the same orders.
    .addColumn('customer_id', 'bigint', (c) => c.unsigned())
    .addColumn('paying_until', 'datetime(3)')
    .addColumn('provider_payment_id', 'varchar(255)')
    .addColumn('paid_at', 'datetime(3)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('carts_tenant_id', ['id', 'client_id'])
    .addForeignKeyConstraint('carts_organisation', ['client_id'], 'organisations', ['id'], (c) => c.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('carts_by_age').on('carts').columns(['client_id', 'status', 'updated_at']).execute()

  await db.schema
    .createTable('cart_items')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('cart_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('product_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_items_pk', ['cart_id', 'product_id'])
    .addForeignKeyConstraint('cart_items_cart', ['cart_id', 'client_id'], 'carts', ['id', 'client_id'], (c) => c.onDelete('cascade'))
    .execute()

  await db.schema
    .createTable('contract_acceptances')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('order_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('customer_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('contract_title', 'varchar(255)', (c) => c.notNull())
    // The sanitized text as shown, and its SHA-256 (hex): what was agreed stays provable after edits.
    .addColumn('contract_html', sql`mediumtext`, (c) => c.notNull())
    .addColumn('contract_sha256', 'char(64)', (c) => c.notNull())
    .addColumn('signed_name', 'varchar(201)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('accepted_at', 'datetime(3)', (c) => c.notNull())
    .addUniqueConstraint('contract_acceptances_order', ['client_id', 'order_id'])
    .addForeignKeyConstraint('contract_acceptances_of_order', ['client_id', 'order_id'], 'orders', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('contract_acceptances_organisation', ['client_id'], 'organisations', ['id'], (c) => c.onDelete('cascade'))
    .execute()
  // Rows are written once: no UPDATE may change what a customer agreed to.
  await sql`CREATE TRIGGER contract_acceptances_immutable BEFORE UPDATE ON contract_acceptances FOR EACH ROW
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'contract acceptances are immutable'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contract_acceptances').ifExists().execute()
  await db.schema.dropTable('cart_items').ifExists().execute()
  await db.schema.dropTable('carts').ifExists().execute()
  await db.schema.alterTable('products').dropColumn('description').execute()
}
