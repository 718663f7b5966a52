// Currency symbols and amount formatting for the user's currencyType.

const SYMBOLS: Record<string, string> = { usd: '$', cad: 'C$', aud: 'A$', gbp: '£', eur: '€' }

export const DEFAULT_CURRENCY = 'usd'

export function currencySymbol(currency?: string | null): string {
  return SYMBOLS[(currency ?? '').toLowerCase()] ?? SYMBOLS[DEFAULT_CURRENCY]!
}

// Symbol is prefixed by hand rather than via Intl currency style, so 'C$' and 'A$' read the same in every locale.
// One formatter per locale: building an Intl.NumberFormat costs more than a table row.
const FORMATTERS = new Map<string, Intl.NumberFormat>()
function amountFormatter(locale: string): Intl.NumberFormat {
  let formatter = FORMATTERS.get(locale)
  if (!formatter) FORMATTERS.set(locale, (formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 })))
  return formatter
}

export function formatMoney(amount: number, currency?: string | null, locale = 'en-US'): string {
  const number = amountFormatter(locale).format(Math.abs(amount))
  return `${amount < 0 ? '-' : ''}${currencySymbol(currency)}${number}`
}

export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100
}
