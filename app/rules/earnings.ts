// A contributor's earnings (issue 26, ADR 0068): each order's amount paid to the contributor is paid
// (staff recorded it), owed (the order is complete, not yet recorded as paid) or upcoming (still in
// progress); month totals per currency, in the organisation's time zone. Pure: shared by page, JSON and tests.
import { dayKey } from './month-buckets'

export type EarningStatus = 'paid' | 'owed' | 'upcoming'

/** What the earnings read of an order: never its price (what the customer paid is not the contributor's). */
export type EarningOrder = {
  amountCents: number | null
  currency: string
  completed: boolean
  paidAt: Date | null
  completedAt: Date | null
  dueDate: Date | null
  createdAt: Date
}

export function earningStatus(o: Pick<EarningOrder, 'paidAt' | 'completed'>): EarningStatus {
  if (o.paidAt) return 'paid'
  return o.completed ? 'owed' : 'upcoming'
}

/** The month ('YYYY-MM') an order's earning belongs to: when it was paid, else completed, else due, else placed. */
export function earningMonth(zone: string, o: Pick<EarningOrder, 'paidAt' | 'completedAt' | 'dueDate' | 'createdAt'>): string {
  return dayKey(zone, o.paidAt ?? o.completedAt ?? o.dueDate ?? o.createdAt).slice(0, 7)
}

export type EarningTotals = { currency: string; totalCents: number; paidCents: number; owedCents: number; upcomingCents: number; orders: number }
export type MonthTotals = EarningTotals & { month: string }

const empty = (currency: string): EarningTotals => ({ currency, totalCents: 0, paidCents: 0, owedCents: 0, upcomingCents: 0, orders: 0 })

function add(into: EarningTotals, o: EarningOrder) {
  const cents = o.amountCents ?? 0
  into.orders++
  into.totalCents += cents
  const status = earningStatus(o)
  if (status === 'paid') into.paidCents += cents
  else if (status === 'owed') into.owedCents += cents
  else into.upcomingCents += cents
}

/**
 * Totals over all the orders and per month (newest month first), one row per currency. An order whose
 * amount staff have not set yet counts as an order with nothing in it, so it never adds to what is owed.
 */
export function earningTotals(zone: string, orders: readonly EarningOrder[]): { totals: EarningTotals[]; months: MonthTotals[] } {
  const totals = new Map<string, EarningTotals>()
  const months = new Map<string, MonthTotals>()
  for (const o of orders) {
    const currency = o.currency.toLowerCase()
    const month = earningMonth(zone, o)
    if (!totals.has(currency)) totals.set(currency, empty(currency))
    add(totals.get(currency)!, o)
    const key = `${month} ${currency}`
    if (!months.has(key)) months.set(key, { month, ...empty(currency) })
    add(months.get(key)!, o)
  }
  const byCurrency = (a: EarningTotals, b: EarningTotals) => a.currency.localeCompare(b.currency)
  return {
    totals: [...totals.values()].sort(byCurrency),
    months: [...months.values()].sort((a, b) => b.month.localeCompare(a.month) || byCurrency(a, b)),
  }
}
