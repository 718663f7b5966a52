// The contributor's earnings page parts (/work/earnings, ADR 0068): totals, their own figures, the month
// table and the orders table. Amounts are what the contributor is paid; the customer's price never appears.
import { Link } from '@remix-run/react'
import { Badge } from '#app/components/page'
import type { EarningsJson, OwnFigures } from '#app/models/work-earnings.server'
import { formatDaysHours, formatRating } from '#app/rules/contributors-analytics'
import { workOrderPath } from '#app/rules/contributor'
import type { EarningStatus } from '#app/rules/earnings'
import { formatDate } from '#app/rules/format'
import { formatMoney } from '#app/rules/money'
import { monthLabel } from '#app/rules/month-buckets'
import { Card } from '#app/ui/card'
import { Table, TBody, Th, THead } from '#app/ui/table'

const STATUS: Record<EarningStatus, { label: string; tone: 'green' | 'amber' | 'gray' }> = {
  paid: { label: 'Paid', tone: 'green' },
  owed: { label: 'Owed', tone: 'amber' },
  upcoming: { label: 'In progress', tone: 'gray' },
}

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase'
const td = 'px-3 py-2 text-sm text-gray-800 whitespace-nowrap'
const num = `${td} text-right tabular-nums`

/** The tables' card frame, focusable so keyboard users can scroll it sideways on a phone. */
function ScrollFrame({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="overflow-x-auto rounded-lg bg-white shadow-xs ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {children}
    </div>
  )
}

export function EarningTotals({ totals }: { totals: EarningsJson['totals'] }) {
  if (totals.length === 0) return <p className="text-sm text-gray-600">No earnings yet: orders assigned to you appear here once your team sets what they pay.</p>
  return (
    <div className="space-y-4">
      {totals.map((t) => (
        <dl key={t.currency} aria-label={`Totals in ${t.currency.toUpperCase()}`} className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Figure term="Owed to you" value={formatMoney(t.owed, t.currency)} />
          <Figure term="Paid" value={formatMoney(t.paid, t.currency)} />
          <Figure term="In progress" value={formatMoney(t.upcoming, t.currency)} />
          <Figure term="Total" value={formatMoney(t.total, t.currency)} />
        </dl>
      ))}
    </div>
  )
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-lg bg-white p-4 shadow-xs ring-1 ring-gray-200">
      <dt className="text-sm font-medium text-gray-600">{term}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-gray-900">{value}</dd>
    </div>
  )
}

export function MyFigures({ figures }: { figures: OwnFigures | null }) {
  return (
    <Card aria-labelledby="my-figures-heading">
      <h2 id="my-figures-heading" className="text-lg font-semibold text-gray-900">
        My figures
      </h2>
      <p className="mt-1 text-sm text-gray-600">Your own averages over the last 6 months, as your team sees them.</p>
      {figures ? (
        <dl className="mt-3 grid gap-4 sm:grid-cols-4">
          <Figure term="Customer rating" value={formatRating(figures.rating)} />
          <Figure term="Chat response time" value={formatDaysHours(figures.chatResponseTimeInDays)} />
          <Figure term="First draft" value={formatDaysHours(figures.firstDraftResponseTimeInDays)} />
          <Figure term="Final delivery" value={formatDaysHours(figures.finalDeliveryResponseTimeInDays)} />
        </dl>
      ) : (
        <p className="mt-3 text-sm text-gray-600">Your figures could not be read just now.</p>
      )}
    </Card>
  )
}

export function EarningMonths({ months }: { months: EarningsJson['months'] }) {
  if (months.length === 0) return null
  return (
    <section aria-labelledby="months-heading" className="space-y-2">
      <h2 id="months-heading" className="text-lg font-semibold text-gray-900">
        By month
      </h2>
      <ScrollFrame label="Earnings by month, scrollable">
        <Table label="Earnings by month" frame="none" className="min-w-full">
          <THead>
            <Th className={th}>Month</Th>
            <Th className={`${th} text-right`}>Owed</Th>
            <Th className={`${th} text-right`}>Paid</Th>
            <Th className={`${th} text-right`}>In progress</Th>
            <Th className={`${th} text-right`}>Total</Th>
          </THead>
          <TBody>
            {months.map((m) => (
              <tr key={`${m.month}-${m.currency}`}>
                <td className={td}>{monthLabel(`${m.month}-01`)}</td>
                <td className={num}>{formatMoney(m.owed, m.currency)}</td>
                <td className={num}>{formatMoney(m.paid, m.currency)}</td>
                <td className={num}>{formatMoney(m.upcoming, m.currency)}</td>
                <td className={num}>{formatMoney(m.total, m.currency)}</td>
              </tr>
            ))}
          </TBody>
        </Table>
      </ScrollFrame>
    </section>
  )
}

export function EarningOrders({ orders }: { orders: EarningsJson['orders'] }) {
  if (orders.length === 0) return null
  return (
    <section aria-labelledby="earning-orders-heading" className="space-y-2">
      <h2 id="earning-orders-heading" className="text-lg font-semibold text-gray-900">
        Orders
      </h2>
      <ScrollFrame label="Earnings per order, scrollable">
        <Table label="Earnings per order" frame="none" className="min-w-full">
          <THead>
            <Th className={th}>Order</Th>
            <Th className={th}>Product</Th>
            <Th className={`${th} text-right`}>Your pay</Th>
            <Th className={th}>Status</Th>
            <Th className={th}>Date</Th>
          </THead>
          <TBody>
            {orders.map((o) => (
              <tr key={o._id}>
                <td className={td}>
                  <Link to={workOrderPath(o._id)} className="font-medium text-brand-700 hover:underline">
                    {o._id}
                  </Link>
                </td>
                <td className={td}>{o.productName}</td>
                <td className={num}>{o.amountPaidToWriter === null ? 'Not set' : formatMoney(o.amountPaidToWriter, o.currency)}</td>
                <td className={td}>
                  <Badge tone={STATUS[o.status].tone}>{STATUS[o.status].label}</Badge>
                </td>
                <td className={td}>{formatDate(o.paidAt ?? o.completedAt ?? o.dueDate)}</td>
              </tr>
            ))}
          </TBody>
        </Table>
      </ScrollFrame>
    </section>
  )
}
