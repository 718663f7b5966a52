import { describe, expect, it } from 'vitest'
import { centsToAmount, currencySymbol, formatMoney } from './money'

describe('currencySymbol', () => {
  it.each([
    ['usd', '$'],
    ['cad', 'C$'],
    ['aud', 'A$'],
    ['gbp', '£'],
    ['eur', '€'],
    ['GBP', '£'],
    ['jpy', '$'],
    [null, '$'],
    [undefined, '$'],
  ])('%s -> %s', (c, expected) => expect(currencySymbol(c)).toBe(expected))
})

describe('formatMoney', () => {
  it.each([
    [1234.5, 'usd', '$1,234.5'],
    [1234.5, 'gbp', '£1,234.5'],
    [1234.5, 'xyz', '$1,234.5'],
    [1234.5, null, '$1,234.5'],
    [1000000, 'cad', 'C$1,000,000'],
    [99.999, 'aud', 'A$100'],
    [12.34, 'eur', '€12.34'],
    [0, 'usd', '$0'],
    [-5.25, 'usd', '-$5.25'],
  ])('%s %s -> %s', (amount, c, expected) => expect(formatMoney(amount, c)).toBe(expected))

  it('uses the locale grouping', () => expect(formatMoney(1234.5, 'eur', 'de-DE')).toBe('€1.234,5'))
})

describe('centsToAmount', () => {
  it.each([
    [123456, 1234.56],
    [0, 0],
    [5, 0.05],
  ])('%s -> %s', (cents, expected) => expect(centsToAmount(cents)).toBe(expected))
})
