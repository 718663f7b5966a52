// Dates and numbers as tables and pages show them: one cached Intl formatter per locale and format,
// because building one (what toLocaleDateString does on every call) costs more than the rest of a row.
// Dates are shown in UTC, so the server's HTML and the browser's hydration always agree.

export const DATE_FORMATS = {
  /** Nov 23, 2026 */
  date: { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' },
  /** Nov 23, 2026, 9:05 AM */
  dateTime: { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** 11/23/2026 */
  numeric: { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' },
  /** Nov 23, 2026, 9:05:07 AM (audit trails) */
  dateTimeSeconds: { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>

export type DateFormat = keyof typeof DATE_FORMATS

export const DEFAULT_LOCALE = 'en-US'

const dateFormatters = new Map<string, Intl.DateTimeFormat>()
const numberFormatters = new Map<string, Intl.NumberFormat>()

/** The one formatter for this format and locale (created on first use, then reused). */
export function dateFormatter(format: DateFormat = 'date', locale: string = DEFAULT_LOCALE): Intl.DateTimeFormat {
  const key = `${locale}\u0000${format}`
  let formatter = dateFormatters.get(key)
  if (!formatter) dateFormatters.set(key, (formatter = new Intl.DateTimeFormat(locale, DATE_FORMATS[format])))
  return formatter
}

/** The spec's message for a date filter given something that is not a date (section 5). */
export const INVALID_DATE = 'Invalid date'

/** A date, ISO string or epoch milliseconds in the given format; '' for nothing or an invalid date. */
export function formatDate(value: Date | string | number | null | undefined, format: DateFormat = 'date', locale: string = DEFAULT_LOCALE): string {
  if (value === null || value === undefined || value === '') return ''
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return dateFormatter(format, locale).format(date)
}

/** The one number formatter for these options and locale; pass the same options object or literal each time. */
export function numberFormatter(options: Intl.NumberFormatOptions = {}, locale: string = DEFAULT_LOCALE): Intl.NumberFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`
  let formatter = numberFormatters.get(key)
  if (!formatter) numberFormatters.set(key, (formatter = new Intl.NumberFormat(locale, options)))
  return formatter
}

/** 1,234 or 1,234.5 (at most `maximumFractionDigits`, default 2). */
export function formatNumber(value: number, maximumFractionDigits = 2, locale: string = DEFAULT_LOCALE): string {
  return numberFormatter({ maximumFractionDigits }, locale).format(value)
}
