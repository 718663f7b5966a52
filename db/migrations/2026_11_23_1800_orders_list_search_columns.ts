// A search of the orders list (a substring of the customer's name or e-mail, the product or the order
// id) cannot use a B-tree, so it reads every order of the organisation. With the searched columns and
// the six-month rule's columns in the newest-first index, that read stays inside the index: at 1M
// orders a search that matches few orders went from 5.5 s to 1.25 s (JSON p50, ADR 0029). The index keeps
// its leading columns, so it still serves the keyset walk of the default sort.
import { type Kysely, sql } from 'kysely'

const LIST = 'client_id, archived, created_at, id'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table orders drop index orders_list_created_at, add index orders_list_created_at (${sql.raw(LIST)}, completed_at, status_percentage, customer_name, customer_email, package_name, public_id)`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table orders drop index orders_list_created_at, add index orders_list_created_at (${sql.raw(LIST)})`.execute(db)
}
