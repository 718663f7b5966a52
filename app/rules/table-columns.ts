// Which columns a list shows: each table names its columns once here; the required ones always show, the
// optional ones follow the signed-in user's saved choice (table_columns) or the defaults. Pure, so the
// page, the picker and the save action agree (ADR 0074).

export type ColumnDef = { key: string; label: string; optional: boolean; byDefault: boolean }

const required = (key: string, label: string): ColumnDef => ({ key, label, optional: false, byDefault: true })
const optional = (key: string, label: string, byDefault = true): ColumnDef => ({ key, label, optional: true, byDefault })

/**
 * The spec names the orders list's and the audit log's columns, so they are all shown by default and the
 * tables are laid out to fit 1280 px with all of them; a user may hide the optional ones.
 */
export const TABLE_COLUMNS = {
  orders: [
    required('number', '#'),
    required('customer', 'Customer'),
    optional('email', 'Customer Email'),
    optional('product', 'Product'),
    optional('createdAt', 'Purchased Date'),
    optional('dueDate', 'Due Date'),
    optional('activity', 'Activity Log'),
    optional('lastTask', 'Order Status'),
    optional('projectStatus', 'Project Status'),
    optional('contributor', 'Contributor'),
    required('actions', 'Actions'),
  ],
  'audit-logs': [
    required('user', 'User'),
    optional('role', 'Role'),
    optional('org', 'Organisation'),
    required('module', 'Module'),
    required('action', 'Action'),
    optional('status', 'Status'),
    optional('ip', 'Host IP'),
    required('message', 'Message'),
    optional('createdAt', 'Created At'),
  ],
} as const satisfies Record<string, readonly ColumnDef[]>

export type TableKey = keyof typeof TABLE_COLUMNS

export const MAX_COLUMN_KEY = 32

export function isTableKey(value: unknown): value is TableKey {
  return typeof value === 'string' && Object.hasOwn(TABLE_COLUMNS, value)
}

export function optionalColumns(table: TableKey): ColumnDef[] {
  return (TABLE_COLUMNS[table] as readonly ColumnDef[]).filter((c) => c.optional)
}

export function defaultChoice(table: TableKey): string[] {
  return optionalColumns(table)
    .filter((c) => c.byDefault)
    .map((c) => c.key)
}

/** A submitted or stored choice reduced to the table's optional keys, once each, in the table's order. */
export function cleanChoice(table: TableKey, chosen: readonly unknown[]): string[] {
  const wanted = new Set(chosen.filter((v): v is string => typeof v === 'string'))
  return optionalColumns(table)
    .filter((c) => wanted.has(c.key))
    .map((c) => c.key)
}

/** The keys shown: every required column and the chosen optional ones (the defaults when nothing is saved). */
export function visibleColumns(table: TableKey, saved: readonly string[] | null | undefined): Set<string> {
  const chosen = new Set(saved ? cleanChoice(table, saved) : defaultChoice(table))
  return new Set((TABLE_COLUMNS[table] as readonly ColumnDef[]).filter((c) => !c.optional || chosen.has(c.key)).map((c) => c.key))
}
