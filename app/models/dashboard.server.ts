// The dashboard's figures (portal sections 2, 3 and 7; ADR 0043), read from the rollups only: the same
// functions answer the page's loader and the JSON analytics calls. Their cost depends on the months,
// products and contributors shown, never on the number of orders.
import { centsToAmount, DEFAULT_CURRENCY } from '#app/rules/money'
import { rankByValue, topTen, topTenWithOthers } from '#app/rules/dashboard'
import { addMonths, lastMonths, monthKey, monthLabel, normaliseTimeZone } from '#app/rules/month-buckets'
import type { Selectable } from 'kysely'
import { scoped, scopedAs, type TenantScope } from '#db/tenant'
import type { Database } from '#db/types'

/** What every reader needs once per page: the buckets' zone, the six months shown, the currency. */
export type DashboardContext = { timeZone: string; months: string[]; currentMonth: string; currencyType: string }

const keyOf = (value: Date | string) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10)

export async function dashboardContext(t: TenantScope, now = new Date()): Promise<DashboardContext> {
  const [org, state] = await Promise.all([
    t.db.selectFrom('organisations').select(['time_zone', 'currency_type']).where('id', '=', t.clientId).executeTakeFirst(),
    scoped(t, 'analytics_state').select('time_zone').executeTakeFirst(),
  ])
  // The buckets' own zone once built (months were cut in it), else the organisation's.
  const timeZone = state?.time_zone ?? normaliseTimeZone(org?.time_zone)
  const months = lastMonths(timeZone, now)
  return { timeZone, months, currentMonth: monthKey(timeZone, now), currencyType: org?.currency_type || DEFAULT_CURRENCY }
}

async function context(t: TenantScope, ctx?: DashboardContext) {
  return ctx ?? dashboardContext(t)
}

type MonthRow = Omit<Selectable<Database['analytics_months']>, 'client_id'>

async function monthRows(t: TenantScope, months: string[]): Promise<Map<string, MonthRow>> {
  const rows = await scoped(t, 'analytics_months')
    .select(['month', 'orders', 'completed_orders', 'sales_cents', 'revenue_cents', 'tips_cents'])
    .where('month', 'in', months)
    .execute()
  return new Map(rows.map((r) => [keyOf(r.month), r]))
}

// ---------------------------------------------------------------------------------------------
// Homepage order counts and total earnings

export type OrderCounts = { totalOrders: number; pendingOrders: number; completedOrders: number }

/** ADR 0018's counts (every order but test orders; completed at 100 percent), summed over the month buckets. */
export async function orderCounts(t: TenantScope): Promise<OrderCounts> {
  const row = await scoped(t, 'analytics_months')
    .select((eb) => [eb.fn.sum<number>('orders').as('total'), eb.fn.sum<number>('completed_orders').as('completed')])
    .executeTakeFirst()
  const totalOrders = Number(row?.total ?? 0)
  const completedOrders = Number(row?.completed ?? 0)
  return { totalOrders, pendingOrders: totalOrders - completedOrders, completedOrders }
}

export type TotalEarnings = { monthRevenue: number; monthTips: number; totalRevenue: number; totalTips: number; currencyType: string }

/** Money received on order invoices (less refunds) and tips: this local month, and ever. */
export async function totalSalesEarnings(t: TenantScope, ctx?: DashboardContext): Promise<TotalEarnings> {
  const c = await context(t, ctx)
  const [month, total] = await Promise.all([
    monthRows(t, [c.currentMonth]),
    scoped(t, 'analytics_months')
      .select((eb) => [eb.fn.sum<number>('revenue_cents').as('revenue'), eb.fn.sum<number>('tips_cents').as('tips')])
      .executeTakeFirst(),
  ])
  const current = month.get(c.currentMonth)
  return {
    monthRevenue: centsToAmount(Number(current?.revenue_cents ?? 0)),
    monthTips: centsToAmount(Number(current?.tips_cents ?? 0)),
    totalRevenue: centsToAmount(Number(total?.revenue ?? 0)),
    totalTips: centsToAmount(Number(total?.tips ?? 0)),
    currencyType: c.currencyType,
  }
}

// ---------------------------------------------------------------------------------------------
// Six-month histories

export type SalesPoint = { month: string; label: string; total: number }
export type SalesHistory = { sales: SalesPoint[]; currencyType: string }

/** Sales by month, last 6 months: money received on order invoices, less refunds, per local month of payment. */
export async function salesHistory(t: TenantScope, ctx?: DashboardContext): Promise<SalesHistory> {
  const c = await context(t, ctx)
  const rows = await monthRows(t, c.months)
  return { sales: c.months.map((month) => ({ month, label: monthLabel(month), total: centsToAmount(Number(rows.get(month)?.revenue_cents ?? 0)) })), currencyType: c.currencyType }
}

export type OrdersPoint = { month: string; label: string; count: number; completed: number; pending: number }
export type OrdersHistory = { orders: OrdersPoint[] }

/** Orders placed per local month, last 6 months, with how many of them are completed by now. */
export async function ordersHistory(t: TenantScope, ctx?: DashboardContext): Promise<OrdersHistory> {
  const c = await context(t, ctx)
  const rows = await monthRows(t, c.months)
  return {
    orders: c.months.map((month) => {
      const r = rows.get(month)
      const count = Number(r?.orders ?? 0)
      const completed = Number(r?.completed_orders ?? 0)
      return { month, label: monthLabel(month), count, completed, pending: count - completed }
    }),
  }
}

// ---------------------------------------------------------------------------------------------
// Products

async function productTotals(t: TenantScope, months: string[]) {
  return scoped(t, 'analytics_product_months').select(['month', 'package_name', 'orders', 'sales_cents']).where('month', 'in', months).execute()
}

export type TopProduct = { packageName: string; count: number }

/** The 10 products sold most in the last 6 months (ties by name), the spec's sortedProducts. */
export async function topTenSellingProducts(t: TenantScope, ctx?: DashboardContext): Promise<{ sortedProducts: TopProduct[] }> {
  const c = await context(t, ctx)
  const totals = new Map<string, { name: string; value: number }>()
  for (const r of await productTotals(t, c.months)) {
    const key = r.package_name.toLowerCase()
    const entry = totals.get(key) ?? { name: r.package_name, value: 0 }
    entry.value += Number(r.orders)
    totals.set(key, entry)
  }
  return { sortedProducts: topTen([...totals.values()].filter((p) => p.value > 0)).map((p) => ({ packageName: p.name, count: p.value })) }
}

export type ProductsHistory = { months: string[]; labels: string[]; packages: { packageName: string; data: number[] }[] }

/** Orders per product per month (the bar chart): the top 10 products of the period, the rest as Others. */
export async function productsHistory(t: TenantScope, ctx?: DashboardContext): Promise<ProductsHistory> {
  const c = await context(t, ctx)
  const rows = await productTotals(t, c.months)
  const series = new Map<string, { name: string; data: number[] }>()
  for (const r of rows) {
    const key = r.package_name.toLowerCase()
    const s = series.get(key) ?? { name: r.package_name, data: c.months.map(() => 0) }
    const i = c.months.indexOf(keyOf(r.month))
    if (i >= 0) s.data[i]! += Number(r.orders)
    series.set(key, s)
  }
  const ranked = rankByValue([...series.values()].map((s) => ({ ...s, value: s.data.reduce((a, b) => a + b, 0) })).filter((s) => s.value > 0))
  const top = ranked.slice(0, 10).map((s) => ({ packageName: s.name, data: s.data }))
  const rest = ranked.slice(10)
  if (rest.length) top.push({ packageName: 'Others', data: c.months.map((_, i) => rest.reduce((sum, s) => sum + s.data[i]!, 0)) })
  return { months: c.months, labels: c.months.map(monthLabel), packages: top }
}

// ---------------------------------------------------------------------------------------------
// Contributors

export type ContributorFigures = { _id: string | null; name: string; orders: number; completed: number; sales: number }
export type WritersStats = { legend: string[]; writersSales: { name: string; value: number }[]; topContributors: ContributorFigures[]; currencyType: string }

const FORMER_CONTRIBUTOR = 'Former contributor'

/**
 * Orders per contributor over the last 6 months (by local day of purchase): the pie (legend and
 * writersSales: the top 10 and Others) and the top contributors (max 10) with completed orders and sales.
 */
export async function writersStats(t: TenantScope, ctx?: DashboardContext): Promise<WritersStats> {
  const c = await context(t, ctx)
  const from = c.months[0]!
  const to = addMonths(c.months.at(-1)!, 1)
  const rows = await scopedAs(t, 'analytics_writer_days', 'w')
    .select((eb) => [
      'w.writer_id',
      eb.fn.sum<number>('w.orders').as('orders'),
      eb.fn.sum<number>('w.completed_orders').as('completed'),
      eb.fn.sum<number>('w.sales_cents').as('sales'),
    ])
    .where('w.day', '>=', from)
    .where('w.day', '<', to)
    .groupBy('w.writer_id')
    .having((eb) => eb.fn.sum('w.orders'), '>', 0)
    .execute()
  const ids = rows.map((r) => Number(r.writer_id))
  const people = ids.length ? await scoped(t, 'users').select(['id', 'public_id', 'first_name', 'last_name']).where('id', 'in', ids).execute() : []
  const byId = new Map(people.map((p) => [Number(p.id), p]))
  const figures = rows.map((r) => {
    const p = byId.get(Number(r.writer_id))
    return {
      _id: p?.public_id ?? null,
      name: p ? `${p.first_name} ${p.last_name}`.trim() : FORMER_CONTRIBUTOR,
      value: Number(r.orders),
      completed: Number(r.completed),
      sales: centsToAmount(Number(r.sales)),
    }
  })
  const pie = topTenWithOthers(figures)
  return {
    legend: pie.map((s) => s.name),
    writersSales: pie.map((s) => ({ name: s.name, value: s.value })),
    topContributors: topTen(figures).map((f) => ({ _id: f._id, name: f.name, orders: f.value, completed: f.completed, sales: f.sales })),
    currencyType: c.currencyType,
  }
}
