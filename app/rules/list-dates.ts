// The one date format of list pages, per language (the user's language setting; English by default):
// a day ('Nov 28, 2026') or a day with its time ('Nov 28, 2026, 9:05 AM'), in UTC like the rest of the
// back office, through the cached formatters of rules/format.
import { formatDate } from './format'

/** The app's languages (app/i18n) and the locale their list dates are written in; anything else is English. */
export const LIST_LOCALES: Record<string, string> = { en: 'en-US', de: 'de-DE', it: 'it-IT', ru: 'ru-RU', es: 'es-ES' }

function localeOf(lang: string | null | undefined): string {
  const base = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return Object.hasOwn(LIST_LOCALES, base) ? LIST_LOCALES[base]! : LIST_LOCALES.en!
}

export type ListDateOptions = { lang?: string | null; time?: boolean; empty?: string }

/** A list cell's date (an ISO string or a Date); `empty` (default '-') when there is none or it is not a date. */
export function formatListDate(value: string | Date | null | undefined, { lang, time = false, empty = '-' }: ListDateOptions = {}): string {
  return formatDate(value, time ? 'dateTime' : 'date', localeOf(lang)) || empty
}
