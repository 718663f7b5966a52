// The dashboard's Sales tab (portal section 2): total earnings, order counts, sales and orders history,
// the order status donut, top selling products, products history, the contributors pie and the top
// contributors, six months, amounts in the organisation's currency. Tables first; charts once hydrated.
import { totalOrdersNote } from '#app/rules/orders-list-scope'
import type { ApexOptions } from 'apexcharts'
import type { SalesTab } from '#app/models/dashboard-sales.server'
import type { OrdersHistory, ProductsHistory, SalesHistory, WritersStats } from '#app/models/dashboard.server'
import type { HomepageStats } from '#app/models/homepage.server'
import { dashboardCount, dashboardMoney } from '#app/rules/dashboard'
import { Card, FIGURE_CLASS, StatCard } from '#app/ui/card'
import { cn } from '#app/ui/cn'
import { AnalyticsChart, type ChartSpec, DashboardWidget, FiguresTable, WidgetError } from './widget'

const ANALYTICS = '/api/client/homepage/analytics'

/** What every chart shares: no toolbar or animation on load, no number printed on each point. */
function base({ chart, ...extra }: ApexOptions): ApexOptions {
  return {
    chart: { toolbar: { show: false }, animations: { enabled: false }, fontFamily: 'inherit', ...chart },
    dataLabels: { enabled: false },
    legend: { position: 'bottom' },
    ...extra,
  }
}

/** Completed and Pending look the same in the orders chart and the donut. */
const STATUS_COLORS = ['#16a34a', '#f59e0b']

const salesChart =
  (currency: string) =>
  (d: SalesHistory): ChartSpec => ({
    type: 'area',
    series: [{ name: 'Sales', data: d.sales.map((s) => s.total) }],
    options: base({
      xaxis: { categories: d.sales.map((s) => s.label) },
      yaxis: { min: 0, labels: { formatter: (v: number) => dashboardMoney(v, currency) } },
      stroke: { curve: 'smooth', width: 2 },
    }),
  })

const ordersChart = (d: OrdersHistory): ChartSpec => ({
  type: 'bar',
  series: [
    { name: 'Completed', data: d.orders.map((o) => o.completed) },
    { name: 'Pending', data: d.orders.map((o) => o.pending) },
  ],
  options: base({
    chart: { stacked: true },
    colors: STATUS_COLORS,
    xaxis: { categories: d.orders.map((o) => o.label) },
    yaxis: { labels: { formatter: (v: number) => dashboardCount(v) } },
  }),
})

const statusChart = (d: { data: HomepageStats }): ChartSpec | null =>
  d.data.totalOrders === 0
    ? null
    : { type: 'donut', series: [d.data.completedOrders, d.data.pendingOrders], options: base({ labels: ['Completed', 'Pending'], colors: STATUS_COLORS }) }

const productsChart = (d: ProductsHistory): ChartSpec | null =>
  d.packages.length === 0
    ? null
    : {
        type: 'bar',
        series: d.packages.map((p) => ({ name: p.packageName, data: p.data })),
        options: base({ chart: { stacked: true }, xaxis: { categories: d.labels }, yaxis: { labels: { formatter: (v: number) => dashboardCount(v) } } }),
      }

const contributorsChart = (d: WritersStats): ChartSpec | null =>
  d.writersSales.length === 0 ? null : { type: 'pie', series: d.writersSales.map((w) => w.value), options: base({ labels: d.legend }) }

function EarningsCard({ earnings }: { earnings: SalesTab['earnings'] }) {
  const figures = earnings.ok
    ? [
        ['Month Revenue', earnings.data.monthRevenue],
        ['Month Tips', earnings.data.monthTips],
        ['Total Revenue', earnings.data.totalRevenue],
        ['Total Tips', earnings.data.totalTips],
      ]
    : []
  return (
    <Card aria-label="Total Earnings" className="lg:col-span-2">
      <h2 className="text-base font-semibold text-gray-900">Total Earnings</h2>
      {earnings.ok ? (
        // As many figures per row as fit at 9rem each: a long amount moves the next figure down, never over it.
        <dl className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-4">
          {figures.map(([label, amount]) => (
            <div key={label as string} data-testid={`earnings-${String(label).replace(' ', '-').toLowerCase()}`} className="@container min-w-0">
              <dt className="text-sm text-gray-500">{label}</dt>
              <dd className={cn('mt-1', FIGURE_CLASS)}>{dashboardMoney(amount as number, earnings.data.currencyType)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className="mt-3">
          <WidgetError />
        </div>
      )}
    </Card>
  )
}

function OrderCounts({ stats }: { stats: SalesTab['stats'] }) {
  if (!stats.ok) {
    return (
      <Card aria-label="Order counts">
        <WidgetError />
      </Card>
    )
  }
  const s = stats.data
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-5">
      <StatCard label="Total Contributors" value={dashboardCount(s.totalWriters)} testId="totalWriters" />
      <StatCard label="Total Customers" value={dashboardCount(s.totalCustomers)} testId="totalCustomers" />
      <StatCard label="Total Orders" value={dashboardCount(s.totalOrders)} testId="totalOrders" note={totalOrdersNote()} />
      <StatCard label="Pending Orders" value={dashboardCount(s.pendingOrders)} testId="pendingOrders" />
      <StatCard label="Completed Orders" value={dashboardCount(s.completedOrders)} testId="completedOrders" />
    </div>
  )
}

/** The tab below the user card: `userCard` is the page's, shown beside the earnings. */
export function SalesPanel({ data, userCard }: { data: SalesTab; userCard: React.ReactNode }) {
  const currency = data.currencyType
  const { sales, orders, stats, topProducts, productsHistory, writers } = data
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-3">
        {userCard}
        <EarningsCard earnings={data.earnings} />
      </div>
      <OrderCounts stats={stats} />
      <div className="grid gap-4 lg:grid-cols-2">
        <DashboardWidget
          title="Sales History"
          failed={!sales.ok}
          chart={<AnalyticsChart title="Sales History" call={`${ANALYTICS}/sales-history`} build={salesChart(currency)} />}
          table={
            sales.ok ? <FiguresTable label="Sales History" head={['Month', 'Sales']} rows={sales.data.sales.map((s) => [s.label, dashboardMoney(s.total, currency)])} /> : null
          }
        />
        <DashboardWidget
          title="Orders History"
          failed={!orders.ok}
          chart={<AnalyticsChart title="Orders History" call={`${ANALYTICS}/orders-history`} build={ordersChart} />}
          table={
            orders.ok ? (
              <FiguresTable
                label="Orders History"
                head={['Month', 'Orders', 'Completed', 'Pending']}
                rows={orders.data.orders.map((o) => [o.label, dashboardCount(o.count), dashboardCount(o.completed), dashboardCount(o.pending)])}
              />
            ) : null
          }
        />
        <DashboardWidget
          title="Order Status"
          failed={!stats.ok}
          chart={<AnalyticsChart title="Order Status" call="/api/client/homepage" build={statusChart} empty="No orders yet." />}
          table={
            stats.ok ? (
              <FiguresTable
                label="Order Status"
                head={['Status', 'Orders']}
                rows={[
                  ['Completed', dashboardCount(stats.data.completedOrders)],
                  ['Pending', dashboardCount(stats.data.pendingOrders)],
                ]}
              />
            ) : null
          }
        />
        <DashboardWidget
          title="Top Selling Products"
          failed={!topProducts.ok}
          table={
            topProducts.ok ? (
              <FiguresTable
                label="Top Selling Products"
                numbered
                head={['Product', 'Orders']}
                rows={topProducts.data.sortedProducts.map((p) => [p.packageName, dashboardCount(p.count)])}
                empty="No products sold in the last 6 months."
              />
            ) : null
          }
        />
        <DashboardWidget
          title="Products History"
          failed={!productsHistory.ok}
          chart={<AnalyticsChart title="Products History" call={`${ANALYTICS}/products-history`} build={productsChart} />}
          table={
            productsHistory.ok ? (
              <FiguresTable
                label="Products History"
                head={['Product', ...productsHistory.data.labels]}
                rows={productsHistory.data.packages.map((p) => [p.packageName, ...p.data.map(dashboardCount)])}
                empty="No products sold in the last 6 months."
              />
            ) : null
          }
        />
        <DashboardWidget
          title="Contributors"
          failed={!writers.ok}
          chart={<AnalyticsChart title="Contributors" call={`${ANALYTICS}/writers-stats`} build={contributorsChart} />}
          table={
            writers.ok ? (
              <FiguresTable
                label="Contributors"
                head={['Contributor', 'Orders']}
                rows={writers.data.writersSales.map((w) => [w.name, dashboardCount(w.value)])}
                empty="No orders assigned in the last 6 months."
              />
            ) : null
          }
        />
        <DashboardWidget
          title="Top Contributors"
          failed={!writers.ok}
          className="lg:col-span-2"
          table={
            writers.ok ? (
              <FiguresTable
                label="Top Contributors"
                numbered
                head={['Contributor', 'Orders', 'Completed', 'Sales']}
                rows={writers.data.topContributors.map((w) => [w.name, dashboardCount(w.orders), dashboardCount(w.completed), dashboardMoney(w.sales, currency)])}
                empty="No orders assigned in the last 6 months."
              />
            ) : null
          }
        />
      </div>
      <p className="text-xs text-gray-500">Charts cover this month and the five before it, in the organisation&apos;s time zone. Test orders are not counted.</p>
    </div>
  )
}
