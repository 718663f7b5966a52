// Orders (projects): the order with its snapshot of the product, completed tasks, activity, files,
// drafts, custom tags and order invoices. Every table carries client_id, and every link between
// them is a composite foreign key that includes it, so no row can point into another organisation.
import { type Kysely, sql } from 'kysely'

const now = sql`CURRENT_TIMESTAMP(3)`

export async function up(db: Kysely<any>): Promise<void> {
  // Links into files need (client_id, id) to be a key of files.
  await sql`ALTER TABLE files ADD CONSTRAINT files_client_id_id UNIQUE (client_id, id)`.execute(db)

  await db.schema
    .createTable('orders')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('customer_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('product_id', 'bigint', (c) => c.unsigned())
    // The customer and product as they were at purchase (the spec's customerData and package):
    // the list searches and sorts on them without joins, and later edits do not rewrite history.
    .addColumn('customer_first_name', 'varchar(191)', (c) => c.notNull())
    .addColumn('customer_last_name', 'varchar(191)', (c) => c.notNull())
    .addColumn('customer_name', 'varchar(191)', (c) => c.notNull())
    .addColumn('customer_email', 'varchar(191)', (c) => c.notNull())
    .addColumn('package_name', 'varchar(191)', (c) => c.notNull())
    .addColumn('services', 'json', (c) => c.notNull())
    .addColumn('module_count', 'smallint', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('price_cents', 'bigint', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('usd'))
    .addColumn('cart_id', 'varchar(64)')
    .addColumn('writer_id', 'bigint', (c) => c.unsigned())
    .addColumn('reviewer_id', 'bigint', (c) => c.unsigned())
    .addColumn('status_percentage', 'smallint', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('priority', 'varchar(8)', (c) => c.notNull().defaultTo('medium'))
    .addColumn('due_date', 'datetime(3)')
    .addColumn('assigned_at', 'datetime(3)')
    .addColumn('completed_at', 'datetime(3)')
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('test_order', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hide_order', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('marked_as_complete', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('amount_paid_to_writer_cents', 'bigint', (c) => c.unsigned())
    .addColumn('contract_file', 'varchar(191)')
    // The latest completed task (for the list's last-task label) and the customer's latest revision request.
    .addColumn('last_task_id', 'varchar(64)')
    .addColumn('last_task_at', 'datetime(3)')
    .addColumn('customer_last_revision_at', 'datetime(3)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('orders_client_id_id', ['client_id', 'id'])
    .addCheckConstraint('orders_priority', sql`priority IN ('urgent', 'high', 'medium', 'low')`)
    .addCheckConstraint('orders_status_percentage', sql`status_percentage <= 100`)
    .addForeignKeyConstraint('orders_customer_realm', ['customer_id', 'client_id'], 'users', ['id', 'client_id'])
    .addForeignKeyConstraint('orders_writer_realm', ['writer_id', 'client_id'], 'users', ['id', 'client_id'])
    .addForeignKeyConstraint('orders_reviewer_realm', ['reviewer_id', 'client_id'], 'users', ['id', 'client_id'])
    .addForeignKeyConstraint('orders_product', ['client_id', 'product_id'], 'products', ['client_id', 'id'])
    .execute()
  // One index per sort of the list, each ending in id: keyset paging walks them in order.
  for (const column of ['created_at', 'due_date', 'updated_at', 'customer_name', 'package_name']) {
    await db.schema.createIndex(`orders_list_${column}`).on('orders').columns(['client_id', 'archived', column, 'id']).execute()
  }
  await db.schema.createIndex('orders_customer').on('orders').columns(['client_id', 'customer_id', 'created_at']).execute()
  await db.schema.createIndex('orders_writer').on('orders').columns(['client_id', 'writer_id', 'created_at']).execute()
  await db.schema.createIndex('orders_reviewer').on('orders').columns(['client_id', 'reviewer_id', 'created_at']).execute()

  const orderChild = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
      .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
      .addColumn('order_id', 'bigint', (c) => c.unsigned().notNull())
      .addForeignKeyConstraint(`${table}_order`, ['client_id', 'order_id'], 'orders', ['client_id', 'id'], (c) => c.onDelete('cascade'))

  // completed_tasks: one row per finished module of one service of the order.
  await orderChild('order_tasks')
    .addColumn('service_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('task_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('service_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('order_tasks_once', ['order_id', 'service_id', 'task_id'])
    .execute()
  await db.schema.createIndex('order_tasks_order').on('order_tasks').columns(['client_id', 'order_id', 'created_at']).execute()

  // Activity (the spec's notifications of a project, text field `contant` in the API).
  await orderChild('order_activity')
    .addColumn('actor_user_id', 'bigint', (c) => c.unsigned())
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('order_activity_order').on('order_activity').columns(['client_id', 'order_id', 'created_at', 'id']).execute()

  // Attached files of a project: attachments, the file sent to the writer on assignment, contracts.
  await orderChild('order_files')
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('file_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('uploaded_by', 'bigint', (c) => c.unsigned())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addForeignKeyConstraint('order_files_file', ['client_id', 'file_id'], 'files', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('order_files_order').on('order_files').columns(['client_id', 'order_id', 'created_at']).execute()

  // Drafts delivered by the writer for one service; approval_status NULL when no admin approval is needed.
  await orderChild('drafts')
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('service_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('writer_id', 'bigint', (c) => c.unsigned())
    .addColumn('data', 'json', (c) => c.notNull())
    .addColumn('approval_status', 'varchar(10)')
    .addColumn('rejection_reason', 'varchar(2000)')
    .addColumn('rejection_files', 'json')
    .addColumn('rating', 'smallint', (c) => c.unsigned())
    .addColumn('review', 'varchar(2000)')
    .addColumn('reviewed_by_user', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('review_file', 'json')
    .addColumn('deleted_by', 'bigint', (c) => c.unsigned())
    .addColumn('deleted_reason', 'varchar(1000)')
    .addColumn('deleted_at', 'datetime(3)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('drafts_client_id_id', ['client_id', 'id'])
    .addCheckConstraint('drafts_approval', sql`approval_status IS NULL OR approval_status IN ('pending', 'approved', 'rejected')`)
    .addCheckConstraint('drafts_rating', sql`rating IS NULL OR rating BETWEEN 1 AND 5`)
    .execute()
  await db.schema.createIndex('drafts_order').on('drafts').columns(['client_id', 'order_id', 'created_at']).execute()
  await db.schema.createIndex('drafts_approval_queue').on('drafts').columns(['client_id', 'approval_status', 'created_at', 'id']).execute()

  // The organisation's custom tags, shared by its orders (suggestions come from here).
  await db.schema
    .createTable('tags')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('text', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('tags_client_text', ['client_id', 'text'])
    .addUniqueConstraint('tags_client_id_id', ['client_id', 'id'])
    .execute()
  await db.schema
    .createTable('order_tags')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('order_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('tag_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('order_tags_pk', ['order_id', 'tag_id'])
    .addForeignKeyConstraint('order_tags_order', ['client_id', 'order_id'], 'orders', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('order_tags_tag', ['client_id', 'tag_id'], 'tags', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()

  // Order invoices: one per order, or one for several (type multiOrders). Amounts in cents.
  await db.schema
    .createTable('order_invoices')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('customer_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull().defaultTo('single'))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('usd'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('unpaid'))
    .addColumn('price_cents', 'bigint', (c) => c.unsigned().notNull())
    // What the payment provider collected: the refund ceiling (0 when paid outside the provider).
    .addColumn('provider_paid_cents', 'bigint', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('provider_payment_id', 'varchar(64)')
    .addColumn('refund_amount_cents', 'bigint', (c) => c.unsigned())
    .addColumn('provider_refund_id', 'varchar(64)')
    .addColumn('is_test', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('paid_at', 'datetime(3)')
    .addColumn('refunded_at', 'datetime(3)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('order_invoices_client_id_id', ['client_id', 'id'])
    .addCheckConstraint('order_invoices_status', sql`status IN ('unpaid', 'paid', 'refunded')`)
    .addCheckConstraint('order_invoices_type', sql`type IN ('single', 'multiOrders')`)
    .addCheckConstraint('order_invoices_refund_ceiling', sql`refund_amount_cents IS NULL OR refund_amount_cents <= provider_paid_cents`)
    .addForeignKeyConstraint('order_invoices_customer_realm', ['customer_id', 'client_id'], 'users', ['id', 'client_id'])
    .execute()
  await db.schema.createIndex('order_invoices_list').on('order_invoices').columns(['client_id', 'created_at', 'id']).execute()
  await db.schema.createIndex('order_invoices_status').on('order_invoices').columns(['client_id', 'status', 'created_at']).execute()

  await db.schema
    .createTable('order_invoice_items')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('client_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('invoice_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('order_id', 'bigint', (c) => c.unsigned())
    .addColumn('package_name', 'varchar(191)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.unsigned().notNull().defaultTo(1))
    .addColumn('price_cents', 'bigint', (c) => c.unsigned().notNull())
    .addForeignKeyConstraint('order_invoice_items_invoice', ['client_id', 'invoice_id'], 'order_invoices', ['client_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('order_invoice_items_order', ['client_id', 'order_id'], 'orders', ['client_id', 'id'])
    .execute()
  await db.schema.createIndex('order_invoice_items_invoice').on('order_invoice_items').columns(['client_id', 'invoice_id']).execute()
  await db.schema.createIndex('order_invoice_items_order').on('order_invoice_items').columns(['client_id', 'order_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['order_invoice_items', 'order_invoices', 'order_tags', 'tags', 'drafts', 'order_files', 'order_activity', 'order_tasks', 'orders']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
  await sql`ALTER TABLE files DROP INDEX files_client_id_id`.execute(db)
}
