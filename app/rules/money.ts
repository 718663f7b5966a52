// Currency symbols and amount formatting for the user's currencyType.

const SYMBOLS: Record<string, string> = { usd: '$', cad: 'C$', aud: 'A$', gbp: '£', eur: '€' }

export const DEFAULT_CURRENCY = 'usd'

export function currencySymbol(currency?: string | null): string {
  return SYMBOLS[(currency ?? '').toLowerCase()] ?? SYMBOLS[DEFAULT_CURRENCY]!
}

// Symbol is prefixed by hand rather than via Intl currency style, so 'C$' and 'A$' read the same in every locale.
export function formatMoney(amount: number, currency?: string | null, locale = 'en-US'): string {
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(
    Math.abs(amount),
  )
  return `${amount < 0 ? '-' : ''}${currencySymbol(currency)}${number}`
}

export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100
}
