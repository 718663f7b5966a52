// Order reports (issue 12, ADR 0048): a requested CSV of an organisation's orders, made by a job.
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely'
import type { Timestamp } from './core'

type Json<T extends object> = JSONColumnType<T, string, string>
/** A DATE column: written as 'YYYY-MM-DD', read back as a Date at UTC midnight. */
type DateKey = ColumnType<Date, string, string>

export type OrderReportStatus = 'queued' | 'running' | 'ready' | 'failed'

export interface OrderReportsTable {
  id: Generated<number>
  public_id: string
  client_id: number
  /** Who asked (an account of this organisation); null once that account is gone. */
  created_by: number | null
  start_date: DateKey
  end_date: DateKey
  /** The report field keys chosen (the spec's downloadedReportsFields), in catalogue order. */
  fields: Json<string[]>
  /** Public ids of the questionnaires whose questions become columns (the spec's finalQuestionnaires). */
  questionnaires: Json<string[]>
  status: ColumnType<OrderReportStatus, OrderReportStatus | undefined, OrderReportStatus>
  error: string | null
  /** The finished CSV's storage key, written once, when the file is in place. */
  file_key: string | null
  row_count: number | null
  byte_size: number | null
  attempts: Generated<number>
  started_at: Date | null
  completed_at: Date | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ReportTables {
  order_reports: OrderReportsTable
}

export type OrderReportRow = Selectable<OrderReportsTable>

export const REPORT_TENANT_TABLES = ['order_reports'] as const
