// Billing amounts as the subscription pages show them: whole amounts bare ($99), others to the cent ($79.20).
import { currencySymbol, formatMoney } from '#app/rules/money'
import { numberFormatter } from '#app/rules/format'

const CENTS = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const

export function centsText(cents: number, currency?: string | null): string {
  if (cents % 100 === 0) return formatMoney(cents / 100, currency)
  return `${cents < 0 ? '-' : ''}${currencySymbol(currency)}${numberFormatter(CENTS).format(Math.abs(cents) / 100)}`
}
