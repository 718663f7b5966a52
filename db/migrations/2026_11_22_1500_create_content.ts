// Content catalogue: downloadable files, contracts, forms, coupons and the platform's contract and form templates.
import { type Kysely, sql } from 'kysely'

const now = sql`CURRENT_TIMESTAMP(3)`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('downloadables')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('title', 'varchar(191)', (c) => c.notNull())
    // The stored upload (files.storage_key) with the name and size shown to people.
    .addColumn('file_key', 'varchar(191)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('downloadables_client_list').on('downloadables').columns(['client_id', 'archived', 'created_at']).execute()

  // Platform-wide (no client_id): the provider's sample contracts every organisation may clone.
  await db.schema
    .createTable('contract_templates')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(191)', (c) => c.notNull())
    .addColumn('content', sql`mediumtext`, (c) => c.notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .execute()

  await db.schema
    .createTable('contracts')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('title', 'varchar(191)', (c) => c.notNull())
    .addColumn('content', sql`mediumtext`, (c) => c.notNull())
    .addColumn('template_id', 'bigint', (c) => c.unsigned().references('contract_templates.id').onDelete('set null'))
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('contracts_client_list').on('contracts').columns(['client_id', 'archived', 'created_at']).execute()

  // Platform-wide form templates: published ones are workflow modules and clone sources.
  await db.schema
    .createTable('form_templates')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(191)', (c) => c.notNull())
    .addColumn('draft_data', 'json', (c) => c.notNull())
    .addColumn('published_data', 'json')
    .addColumn('published_at', 'datetime(3)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .execute()

  await db.schema
    .createTable('forms')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('name', 'varchar(191)', (c) => c.notNull())
    .addColumn('draft_data', 'json', (c) => c.notNull())
    .addColumn('published_data', 'json')
    .addColumn('published_at', 'datetime(3)')
    .addColumn('template_id', 'bigint', (c) => c.unsigned().references('form_templates.id').onDelete('set null'))
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('forms_client_list').on('forms').columns(['client_id', 'archived', 'created_at']).execute()

  // Sample templates an organisation chose to hide (archive with isTemplate: true).
  await db.schema
    .createTable('hidden_templates')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('template_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('hidden_templates_pk', ['client_id', 'kind', 'template_id'])
    .execute()

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('coupon_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('discount_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('max_redemptions', 'integer', (c) => c.unsigned().notNull())
    .addColumn('availed_times', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('redeem_by', 'datetime(3)', (c) => c.notNull())
    // products.id of the same organisation (workflows domain); checked by the model like products.contract_id.
    .addColumn('product_id', 'bigint', (c) => c.unsigned())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('coupons_client_code', ['client_id', 'coupon_code'])
    .execute()
  await db.schema.createIndex('coupons_client_list').on('coupons').columns(['client_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['coupons', 'hidden_templates', 'forms', 'form_templates', 'contracts', 'contract_templates', 'downloadables']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
