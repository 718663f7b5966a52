// Dashboard rollups (issue 12, ADR 0043): order tips, the facts each source row last contributed, and
// the per-organisation buckets (local month; product and month; contributor and local day).
import type { ColumnType, Generated } from 'kysely'
import type { Timestamp } from './core'

/** A DATE column: written and compared as 'YYYY-MM-DD', read back as a Date at UTC midnight. */
type DateKey = ColumnType<Date | string, string, string>

export interface OrderTipsTable {
  id: Generated<number>
  public_id: string
  client_id: number
  order_id: number
  amount_cents: number
  currency: Generated<string>
  paid_at: Date
  /** The payment behind a tip paid in the portal (ADR 0062): one tip per payment. */
  provider_payment_id: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface AnalyticsStateTable {
  client_id: number
  /** The zone the buckets' months and days were cut in; another one in the settings means a rebuild. */
  time_zone: string
  rebuilt_at: Date | null
  /** Everything changed before this was re-applied by the reconcile sweep. */
  swept_at: Date | null
  checked_at: Date | null
  check_ok: boolean | null
}

export type AnalyticsSource = 'order' | 'invoice' | 'tip'

export interface AnalyticsFactsTable {
  client_id: number
  source: AnalyticsSource
  source_id: number
  day: DateKey
  package_name: string | null
  writer_id: number | null
  orders: number
  completed_orders: number
  sales_cents: number
  revenue_cents: number
  tips_cents: number
}

export interface AnalyticsMonthsTable {
  client_id: number
  month: DateKey
  orders: number
  completed_orders: number
  sales_cents: number
  revenue_cents: number
  tips_cents: number
}

export interface AnalyticsProductMonthsTable {
  client_id: number
  month: DateKey
  package_name: string
  orders: number
  sales_cents: number
}

export interface AnalyticsWriterDaysTable {
  client_id: number
  day: DateKey
  writer_id: number
  orders: number
  completed_orders: number
  sales_cents: number
}

export interface AnalyticsTables {
  order_tips: OrderTipsTable
  analytics_state: AnalyticsStateTable
  analytics_facts: AnalyticsFactsTable
  analytics_months: AnalyticsMonthsTable
  analytics_product_months: AnalyticsProductMonthsTable
  analytics_writer_days: AnalyticsWriterDaysTable
}

export const ANALYTICS_TENANT_TABLES = ['order_tips', 'analytics_state', 'analytics_facts', 'analytics_months', 'analytics_product_months', 'analytics_writer_days'] as const
