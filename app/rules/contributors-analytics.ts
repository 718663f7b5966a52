// Contributors Analytics (beta) rules shared by the server and the browser (ADR 0047): the order
// tracker's ranges and their bounds, the averages of the four metrics, the contributor chat's reply
// waits, and days shown as days and hours.
import type { Guard } from './permissions'

export const CONTRIBUTORS_ANALYTICS_GUARD: Guard = { all: ['READ_WRITERS_ANALYSIS'] }

/** The spec's ranges (back-office section 9), default 24Hours. */
export const ANALYTICS_RANGES = ['24Hours', '7Days', '30Days', '3Months', '6Months'] as const
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number]
export const DEFAULT_RANGE: AnalyticsRange = '24Hours'
export const RANGE_LABELS: Record<AnalyticsRange, string> = {
  '24Hours': 'Last 24 hours',
  '7Days': 'Last 7 days',
  '30Days': 'Last 30 days',
  '3Months': 'Last 3 months',
  '6Months': 'Last 6 months',
}

/** The four quality metrics cover the longest range: enough orders to average, and a bounded read. */
export const METRICS_RANGE: AnalyticsRange = '6Months'

/** At most this many contributors per call: each metric reads their rows, so the cost stays bounded. */
export const MAX_SELECTED_WRITERS = 50

export const METRICS = ['order-tracker', 'first-draft-rating', 'chat-response-time', 'first-draft-response-time', 'final-delivery-response-time'] as const
export type Metric = (typeof METRICS)[number]

export function isRange(value: unknown): value is AnalyticsRange {
  return (ANALYTICS_RANGES as readonly unknown[]).includes(value)
}

export function isMetric(value: unknown): value is Metric {
  return (METRICS as readonly unknown[]).includes(value)
}

const HOUR = 3_600_000
const DAY = 86_400_000

function parseDay(key: string): { year: number; month: number; day: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key)
  if (!m) throw new Error(`Not a date key: ${key}`)
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const keyOfUtc = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`

/** The calendar day `delta` days after (negative: before) a 'YYYY-MM-DD' key. */
export function addDays(key: string, delta: number): string {
  const { year, month, day } = parseDay(key)
  return keyOfUtc(new Date(Date.UTC(year, month - 1, day + delta)))
}

/** The same day of the month `delta` months away; a day the month lacks becomes its last (31 May - 3 months = 28/29 Feb). */
export function addMonthsToDay(key: string, delta: number): string {
  const { year, month, day } = parseDay(key)
  const index = year * 12 + (month - 1) + delta
  const y = Math.floor(index / 12)
  const m = index - y * 12
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  return `${pad(y, 4)}-${pad(m + 1)}-${pad(Math.min(day, last))}`
}

export type RangeBounds = { kind: 'hours'; since: Date; until: Date } | { kind: 'days'; fromDay: string; toDay: string }

/**
 * What a range covers, given the local day of today in the organisation's zone. 24Hours is the rolling
 * last 24 hours (read from the orders themselves); the others are whole local days ending today, both
 * ends included: 7Days and 30Days are that many days, 3Months and 6Months start the day after the same
 * date that many months ago (so 6Months is never longer than six months).
 */
export function rangeBounds(range: AnalyticsRange, now: Date, today: string): RangeBounds {
  switch (range) {
    case '24Hours':
      return { kind: 'hours', since: new Date(now.getTime() - 24 * HOUR), until: now }
    case '7Days':
      return { kind: 'days', fromDay: addDays(today, -6), toDay: today }
    case '30Days':
      return { kind: 'days', fromDay: addDays(today, -29), toDay: today }
    case '3Months':
      return { kind: 'days', fromDay: addDays(addMonthsToDay(today, -3), 1), toDay: today }
    case '6Months':
      return { kind: 'days', fromDay: addDays(addMonthsToDay(today, -6), 1), toDay: today }
  }
}

/** The mean, or null when there is nothing to average (shown as no data, never as 0). */
export function average(values: readonly number[]): number | null {
  const usable = values.filter((v) => Number.isFinite(v))
  if (usable.length === 0) return null
  return usable.reduce((sum, v) => sum + v, 0) / usable.length
}

export function roundTo(value: number | null, digits: number): number | null {
  if (value === null) return null
  const f = 10 ** digits
  return Math.round(value * f) / f
}

/** Milliseconds as days; the answers keep 4 decimals (about 9 seconds), enough for days and hours. */
export function msToDays(ms: number): number {
  return ms / DAY
}

/** An elapsed time from `from` to `to` in days, or null when either is missing or `to` comes first. */
export function elapsedDays(from: Date | string | null | undefined, to: Date | string | null | undefined): number | null {
  if (!from || !to) return null
  const ms = new Date(to).getTime() - new Date(from).getTime()
  if (!Number.isFinite(ms) || ms < 0) return null
  return msToDays(ms)
}

export type ChatLine = { fromContributor: boolean; at: Date | string }

/**
 * The contributor's reply waits in one conversation (messages oldest first): each reply answers every
 * admin message since the contributor last wrote, and its wait runs from the first of them. Admin
 * messages not answered yet count for nothing (they may still be answered); the contributor writing
 * first waits for nobody.
 */
export function replyWaitsInDays(lines: readonly ChatLine[]): number[] {
  const waits: number[] = []
  let waitingSince: number | null = null
  for (const line of lines) {
    const at = new Date(line.at).getTime()
    if (!line.fromContributor) {
      waitingSince ??= at
    } else if (waitingSince !== null) {
      waits.push(msToDays(Math.max(0, at - waitingSince)))
      waitingSince = null
    }
  }
  return waits
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** Days shown as days and hours (back-office section 9), to the nearest hour; null is no data. */
export function formatDaysHours(value: number | null | undefined, empty = 'No data'): string {
  // Number.isFinite is false for null and undefined too.
  if (!Number.isFinite(value)) return empty
  const days = value as number
  if (days < 0) return empty
  const hours = Math.round(days * 24)
  const d = Math.floor(hours / 24)
  const h = hours - d * 24
  if (d === 0 && h === 0) return days > 0 ? 'Under 1 hour' : '0 hours'
  if (d === 0) return plural(h, 'hour')
  if (h === 0) return plural(d, 'day')
  return `${plural(d, 'day')} ${plural(h, 'hour')}`
}

/** A rating to two decimals ('4.50'), or the empty text. */
export function formatRating(rating: number | null | undefined, empty = 'No ratings'): string {
  return Number.isFinite(rating) ? (rating as number).toFixed(2) : empty
}

/** A contributor's display name, as the assign dialog shows it. */
export function writerName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return `${firstName ?? ''} ${lastName ?? ''}`.trim() || 'Unnamed contributor'
}
