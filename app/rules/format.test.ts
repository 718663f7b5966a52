import { afterEach, describe, expect, it, vi } from 'vitest'
import { dateFormatter, formatDate, formatNumber, numberFormatter } from './format'

afterEach(() => vi.restoreAllMocks())

describe('formatDate', () => {
  it.each([
    ['date', 'Nov 23, 2026'],
    ['dateTime', 'Nov 23, 2026, 9:05 PM'],
    ['numeric', '11/23/2026'],
    ['dateTimeSeconds', 'Nov 23, 2026, 9:05:07 PM'],
  ] as const)('formats %s in UTC', (format, expected) => {
    expect(formatDate('2026-11-23T21:05:07Z', format)).toBe(expected)
  })

  it('reads dates, ISO strings and epoch milliseconds alike, in UTC whatever the server zone', () => {
    const at = Date.UTC(2026, 0, 1, 23, 30)
    expect(formatDate(new Date(at))).toBe('Jan 1, 2026')
    expect(formatDate(new Date(at).toISOString())).toBe('Jan 1, 2026')
    expect(formatDate(at)).toBe('Jan 1, 2026')
  })

  it('gives an empty string for nothing or an invalid date', () => {
    for (const value of [null, undefined, '', 'not a date', Number.NaN]) expect(formatDate(value)).toBe('')
  })

  it('honours the locale', () => {
    expect(formatDate('2026-11-23T12:00:00Z', 'numeric', 'de-DE')).toBe('23.11.2026')
  })
})

describe('formatter cache', () => {
  it('builds one formatter per format and locale and reuses it for every cell', () => {
    expect(dateFormatter('date')).toBe(dateFormatter('date'))
    expect(dateFormatter('date')).not.toBe(dateFormatter('dateTime'))
    expect(dateFormatter('date', 'de-DE')).not.toBe(dateFormatter('date'))
    expect(numberFormatter({ maximumFractionDigits: 2 })).toBe(numberFormatter({ maximumFractionDigits: 2 }))
  })

  it('creates no Intl formatter while formatting a table of cells', () => {
    formatDate('2026-01-01T00:00:00Z', 'dateTime', 'fr-FR')
    formatNumber(1, 2, 'fr-FR')
    const dates = vi.spyOn(Intl, 'DateTimeFormat')
    const numbers = vi.spyOn(Intl, 'NumberFormat')
    for (let i = 0; i < 500; i++) {
      formatDate(Date.UTC(2026, 0, 1 + i), 'dateTime', 'fr-FR')
      formatNumber(i * 1.5, 2, 'fr-FR')
    }
    expect(dates).not.toHaveBeenCalled()
    expect(numbers).not.toHaveBeenCalled()
  })
})

describe('formatNumber', () => {
  it('groups thousands and keeps at most the given fraction digits', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89')
    expect(formatNumber(1234.5, 0)).toBe('1,235')
  })
})
