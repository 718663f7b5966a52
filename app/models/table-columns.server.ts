// The columns a person chose for a list (ADR 0074): read and written for the signed-in account of the
// tenant only; the account and organisation come from the session, never from the request body.
import { cleanChoice, type TableKey } from '#app/rules/table-columns'
import type { Tenant } from './auth-guards.server'
import { scoped, scopedDelete, scopedInsert } from '#db/tenant'

/** The saved choice of optional columns, or null when the person kept the defaults. */
export async function savedColumns(t: Tenant, table: TableKey): Promise<string[] | null> {
  const row = await scoped(t, 'table_columns').select('columns').where('user_id', '=', t.user.id).where('table_key', '=', table).executeTakeFirst()
  if (!row) return null
  return cleanChoice(table, row.columns ? row.columns.split(',') : [])
}

/** Keeps the choice (only the table's optional keys); returns what was kept. */
export async function saveColumns(t: Tenant, table: TableKey, chosen: readonly unknown[]): Promise<string[]> {
  const columns = cleanChoice(table, chosen)
  const value = columns.join(',')
  await scopedInsert(t, 'table_columns', { user_id: t.user.id, table_key: table, columns: value, updated_at: new Date() })
    .onDuplicateKeyUpdate({ columns: value, updated_at: new Date() })
    .execute()
  return columns
}

/** Back to the table's defaults. */
export async function resetColumns(t: Tenant, table: TableKey): Promise<void> {
  await scopedDelete(t, 'table_columns').where('user_id', '=', t.user.id).where('table_key', '=', table).execute()
}
