// Workflows (services), products and their links to workflows and downloadable files, cart settings.
import { type Kysely, sql } from 'kysely'

// contracts and downloadables belong to the content domain, whose migration runs after this one,
// so products.contract_id and product_downloadables.downloadable_id carry no database foreign key:
// the products model only links rows it has read inside the same organisation.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workflows')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('name', 'varchar(191)', (c) => c.notNull())
    .addColumn('service_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('modules', 'json', (c) => c.notNull())
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addUniqueConstraint('workflows_client_id_id', ['client_id', 'id'])
    .execute()
  await db.schema.createIndex('workflows_client_archived').on('workflows').columns(['client_id', 'archived', 'created_at']).execute()

  await db.schema
    .createTable('products')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('name', 'varchar(191)', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('contract_id', 'bigint', (c) => c.unsigned())
    .addColumn('purchasable', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addUniqueConstraint('products_client_id_id', ['client_id', 'id'])
    .execute()
  await db.schema.createIndex('products_client_archived').on('products').columns(['client_id', 'archived', 'created_at']).execute()

  // Composite foreign keys with client_id: a product can only list workflows of its own organisation.
  await db.schema
    .createTable('product_workflows')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('product_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('workflow_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_workflows_pk', ['product_id', 'workflow_id'])
    .addForeignKeyConstraint('product_workflows_product', ['client_id', 'product_id'], 'products', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('product_workflows_workflow', ['client_id', 'workflow_id'], 'workflows', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('product_workflows_workflow').on('product_workflows').columns(['client_id', 'workflow_id']).execute()

  await db.schema
    .createTable('product_downloadables')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('product_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('downloadable_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_downloadables_pk', ['product_id', 'downloadable_id'])
    .addForeignKeyConstraint('product_downloadables_product', ['client_id', 'product_id'], 'products', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('product_downloadables_file').on('product_downloadables').columns(['client_id', 'downloadable_id']).execute()

  await db.schema
    .createTable('cart_settings')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('redirect_to', 'varchar(2048)', (c) => c.notNull())
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['cart_settings', 'product_downloadables', 'product_workflows', 'products', 'workflows']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
