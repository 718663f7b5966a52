// The dashboard's Sales tab: every widget's figures for the page (server-rendered tables, and what the
// charts start from), each read on its own so one failing widget shows 'Unexpected Error!!' alone.
import { getHomepageStats, type HomepageStats } from './homepage.server'
import {
  dashboardContext,
  ordersHistory,
  productsHistory,
  salesHistory,
  topTenSellingProducts,
  totalSalesEarnings,
  writersStats,
  type OrdersHistory,
  type ProductsHistory,
  type SalesHistory,
  type TopProduct,
  type TotalEarnings,
  type WritersStats,
} from './dashboard.server'
import { DEFAULT_CURRENCY } from '#app/rules/money'
import type { TenantScope } from '#db/tenant'

export type Widget<T> = { ok: true; data: T } | { ok: false }

export type SalesTab = {
  currencyType: string
  stats: Widget<HomepageStats>
  earnings: Widget<TotalEarnings>
  sales: Widget<SalesHistory>
  orders: Widget<OrdersHistory>
  topProducts: Widget<{ sortedProducts: TopProduct[] }>
  productsHistory: Widget<ProductsHistory>
  writers: Widget<WritersStats>
}

/** A request the browser gave up on (navigated away) is no failure worth a log line. */
async function settle<T>(name: string, signal: AbortSignal | undefined, read: () => Promise<T>): Promise<Widget<T>> {
  try {
    return { ok: true, data: await read() }
  } catch (error) {
    if (!signal?.aborted) console.error(`[dashboard] ${name} failed:`, error)
    return { ok: false }
  }
}

export async function salesTab(t: TenantScope, opts: { signal?: AbortSignal; now?: Date } = {}): Promise<SalesTab> {
  const context = await settle('dashboard context', opts.signal, () => dashboardContext(t, opts.now))
  if (!context.ok) {
    const failed = { ok: false } as const
    return { currencyType: DEFAULT_CURRENCY, stats: failed, earnings: failed, sales: failed, orders: failed, topProducts: failed, productsHistory: failed, writers: failed }
  }
  const ctx = context.data
  const [stats, earnings, sales, orders, topProducts, products, writers] = await Promise.all([
    settle('homepage stats', opts.signal, () => getHomepageStats(t)),
    settle('total earnings', opts.signal, () => totalSalesEarnings(t, ctx)),
    settle('sales history', opts.signal, () => salesHistory(t, ctx)),
    settle('orders history', opts.signal, () => ordersHistory(t, ctx)),
    settle('top products', opts.signal, () => topTenSellingProducts(t, ctx)),
    settle('products history', opts.signal, () => productsHistory(t, ctx)),
    settle('contributors', opts.signal, () => writersStats(t, ctx)),
  ])
  return { currencyType: ctx.currencyType, stats, earnings, sales, orders, topProducts, productsHistory: products, writers }
}
