// The contributor's own (issue 26, ADR 0068): staff record that an order's contributor was paid (when and
// by whom; no money moves), and the due-in-24-hours reminder's marker (the due date it was sent for, so
// each order is reminded once, and once more only if its due date moves).
import { type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('writer_paid_at', 'datetime(3)')
    // users.id of the staff member who recorded the payment.
    .addColumn('writer_paid_by', 'bigint', (c) => c.unsigned())
    .addColumn('due_reminded_for', 'datetime(3)')
    .execute()
  // The hourly due-soon pass reads one due-date range per organisation.
  await db.schema.createIndex('orders_due_soon').on('orders').columns(['client_id', 'due_date']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_due_soon').on('orders').execute()
  await db.schema.alterTable('orders').dropColumn('writer_paid_at').dropColumn('writer_paid_by').dropColumn('due_reminded_for').execute()
}
