// Dates of the order tables: one cached formatter per format (a formatter per cell costs more than the row).
const DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' })
const DAY_TIME = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

export function formatDay(iso: string | null, empty = '-'): string {
  return iso ? DAY.format(new Date(iso)) : empty
}

export function formatDayTime(iso: string | null, empty = '-'): string {
  return iso ? DAY_TIME.format(new Date(iso)) : empty
}
