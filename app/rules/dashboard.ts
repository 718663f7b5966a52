// The dashboard's list and amount rules, shared by the server (tables, JSON) and the browser (charts):
// top-10 lists with a fixed tie order, an "Others" slice for charts, and amounts in the organisation's currency.
import { currencySymbol } from './money'
import type { Guard } from './permissions'

/** The Sales tab and its analytics calls (back-office section 2: Sales needs view-dashboard). */
export const SALES_GUARD: Guard = { all: ['VIEW_DASHBOARD'] }

/** Top lists are capped at 10 (portal section 9). */
export const TOP_LIST_LIMIT = 10

/** The text of a widget whose figures could not be read (portal section 8). */
export const WIDGET_ERROR = 'Unexpected Error!!'

/** The label of the slice that gathers everything past the top ten. */
export const OTHERS_LABEL = 'Others'

export type Ranked = { name: string; value: number }

/**
 * Highest value first; equal values by name (A to Z, then by code point, so the order never depends
 * on the database or the locale), so the tenth place is the same on every reload and in every call.
 */
export function rankByValue<T extends Ranked>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.value - a.value || compareNames(a.name, b.name))
}

function compareNames(a: string, b: string): number {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  if (x !== y) return x < y ? -1 : 1
  return a < b ? -1 : a > b ? 1 : 0
}

/** The first `limit` of the ranking; an item tied with the last one kept stays out (the list is capped, not the tie). */
export function topTen<T extends Ranked>(items: readonly T[], limit = TOP_LIST_LIMIT): T[] {
  return rankByValue(items).slice(0, limit)
}

/** The top ten and, when more exist, one 'Others' entry summing the rest (pie and bar charts stay readable). */
export function topTenWithOthers(items: readonly Ranked[], limit = TOP_LIST_LIMIT): Ranked[] {
  const ranked = rankByValue(items)
  if (ranked.length <= limit) return ranked
  const rest = ranked.slice(limit).reduce((sum, r) => sum + r.value, 0)
  return [...ranked.slice(0, limit), { name: OTHERS_LABEL, value: rest }]
}

const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/**
 * An amount in currency units with the currency's symbol prefixed (portal section 9) and locale
 * grouping: whole amounts bare ($12,400), others to the cent ($1,234.50). Unknown currencies show $.
 */
export function dashboardMoney(amount: number, currency?: string | null): string {
  const cents = Math.round(amount * 100)
  const abs = Math.abs(cents)
  const number = abs % 100 === 0 ? WHOLE.format(abs / 100) : CENTS.format(abs / 100)
  return `${cents < 0 ? '-' : ''}${currencySymbol(currency)}${number}`
}

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** Order and product counts with locale grouping (12,345). */
export function dashboardCount(n: number): string {
  return COUNT.format(n)
}
