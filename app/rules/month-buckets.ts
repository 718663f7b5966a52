// Calendar buckets in an organisation's time zone: the local day and month of an instant, the UTC
// range of a local month, the last six months, and the zone's UTC offsets over a span (for SQL).
// Pure and shared by the rollup writer, the dashboard readers and their tests.

/** The spec's default time zone (portal section 9), for an organisation that never chose one. */
export const DEFAULT_TIME_ZONE = 'America/New_York'

/** Charts cover 6 months (portal section 9): this month and the five before it. */
export const CHART_MONTHS = 6

const MINUTE = 60_000
const DAY = 86_400_000

const partsFormatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(zone)
  // Stryker disable next-line ConditionalExpression: a cache; a new formatter each time gives the same parts
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    // Stryker disable next-line CallExpression: a cache (see above)
    partsFormatters.set(zone, f)
  }
  return f
}

/** A usable IANA zone name, else the default (a typo in the settings must not break the dashboard). */
export function normaliseTimeZone(zone: string | null | undefined): string {
  if (!zone) return DEFAULT_TIME_ZONE
  try {
    partsFormatter(zone)
    return zone
  } catch {
    return DEFAULT_TIME_ZONE
  }
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number }

function wallTime(zone: string, instant: Date): Wall {
  const wall: Record<string, number> = {}
  // Stryker disable next-line ConditionalExpression,StringLiteral: a literal part ('/', ', ') lands in wall.literal, which nothing reads
  for (const p of partsFormatter(zone).formatToParts(instant)) if (p.type !== 'literal') wall[p.type] = Number(p.value)
  return { year: wall.year!, month: wall.month!, day: wall.day!, hour: wall.hour!, minute: wall.minute!, second: wall.second! }
}

/** Minutes to add to UTC to get the zone's wall clock at this instant (New York in winter: -300). */
export function zoneOffsetMinutes(zone: string, instant: Date): number {
  const w = wallTime(zone, instant)
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE)
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** 'YYYY-MM-DD' of the local calendar day the instant falls in. */
export function dayKey(zone: string, instant: Date): string {
  const w = wallTime(zone, instant)
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`
}

/** 'YYYY-MM-01' of the local calendar month the instant falls in (rollup rows are keyed by it). */
export function monthKey(zone: string, instant: Date): string {
  return `${dayKey(zone, instant).slice(0, 7)}-01`
}

/** The month row a day row belongs to. */
export function monthOfDay(day: string): string {
  return `${day.slice(0, 7)}-01`
}

function parseKey(key: string): { year: number; month: number; day: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key)
  if (!m) throw new Error(`Not a date key: ${key}`)
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }
}

/** The month key `delta` months after (negative: before) the given one. */
export function addMonths(month: string, delta: number): string {
  const { year, month: m } = parseKey(month)
  const index = year * 12 + (m - 1) + delta
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}-01`
}

/**
 * The first instant of a local calendar day. Where the zone skips midnight (a DST change at 00:00),
 * the day starts at the first wall-clock time that exists.
 */
export function startOfLocalDay(zone: string, key: string): Date {
  const { year, month, day } = parseKey(key)
  const wallMs = Date.UTC(year, month - 1, day)
  // Two passes settle the offset, also when a transition lies between the guess and the answer.
  let guess = wallMs - zoneOffsetMinutes(zone, new Date(wallMs)) * MINUTE
  guess = wallMs - zoneOffsetMinutes(zone, new Date(guess)) * MINUTE
  // A skipped midnight leaves the guess on the day before: step forward to the day's first minute.
  while (dayKey(zone, new Date(guess)) < key) guess += 30 * MINUTE
  while (dayKey(zone, new Date(guess - MINUTE)) === key) guess -= MINUTE
  return new Date(guess)
}

/** [start, end) of a local calendar month, as UTC instants. */
export function monthRange(zone: string, month: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(zone, month), end: startOfLocalDay(zone, addMonths(month, 1)) }
}

/** This month and the `count - 1` before it, oldest first (the x axis of every chart). */
export function lastMonths(zone: string, now: Date, count = CHART_MONTHS): string[] {
  const current = monthKey(zone, now)
  return Array.from({ length: count }, (_, i) => addMonths(current, i - (count - 1)))
}

const monthLabelFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', year: 'numeric' })

/** 'Jun 2026' for '2026-06-01'. */
export function monthLabel(month: string): string {
  const { year, month: m } = parseKey(month)
  return monthLabelFormat.format(new Date(Date.UTC(year, m - 1, 1)))
}

/** One stretch of constant offset: instants before `until` (or all later ones when null) shift by `offsetMinutes`. */
export type OffsetSegment = { until: Date | null; offsetMinutes: number }

/**
 * The zone's UTC offsets between `from` and `to`, as consecutive segments: lets SQL turn UTC
 * timestamps into local days with a CASE over a handful of transitions instead of time zone tables
 * (MariaDB's CONVERT_TZ needs them loaded, and they are not everywhere).
 */
export function offsetSegments(zone: string, from: Date, to: Date): OffsetSegment[] {
  const segments: OffsetSegment[] = []
  let cursor = Math.floor(from.getTime() / MINUTE) * MINUTE
  const end = to.getTime()
  let offset = zoneOffsetMinutes(zone, new Date(cursor))
  while (cursor < end) {
    const next = Math.min(cursor + DAY, end)
    const nextOffset = zoneOffsetMinutes(zone, new Date(next))
    if (nextOffset !== offset) {
      // The change lies in (cursor, next]: find its first minute.
      let lo = cursor
      let hi = next
      while (hi - lo > MINUTE) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE
        if (zoneOffsetMinutes(zone, new Date(mid)) === offset) lo = mid
        else hi = mid
      }
      segments.push({ until: new Date(hi), offsetMinutes: offset })
      offset = zoneOffsetMinutes(zone, new Date(hi))
      cursor = hi
    } else cursor = next
  }
  segments.push({ until: null, offsetMinutes: offset })
  return segments
}
