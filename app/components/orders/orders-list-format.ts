// Dates of the order tables: the list pages' one format (rules/list-dates), in the reader's language.
import { formatListDate } from '#app/rules/list-dates'

export function formatDay(iso: string | null, empty = '-', lang?: string | null): string {
  return formatListDate(iso, { empty, lang })
}

export function formatDayTime(iso: string | null, empty = '-', lang?: string | null): string {
  return formatListDate(iso, { time: true, empty, lang })
}
