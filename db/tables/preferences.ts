// Per-person preferences kept on the server (issue 27, ADR 0074): the columns chosen for a list.
import type { Timestamp } from './core'

export interface TableColumnsTable {
  client_id: number
  user_id: number
  table_key: string
  /** Optional column keys shown, comma-separated, in the table's order. */
  columns: string
  updated_at: Timestamp
}

export interface PreferenceTables {
  table_columns: TableColumnsTable
}

export const PREFERENCE_TENANT_TABLES = ['table_columns'] as const
