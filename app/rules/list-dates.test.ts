import { describe, expect, it } from 'vitest'
import { formatListDate } from './list-dates'

describe('formatListDate', () => {
  const at = '2026-11-23T21:05:07Z'
  it('is one format per language, in UTC', () => {
    expect(formatListDate(at)).toBe('Nov 23, 2026')
    expect(formatListDate(at, { lang: 'en' })).toBe('Nov 23, 2026')
    expect(formatListDate(at, { time: true })).toBe('Nov 23, 2026, 9:05 PM')
    expect(formatListDate(at, { lang: 'de' })).toBe('23. Nov. 2026')
    expect(formatListDate(at, { lang: 'de-DE', time: true })).toMatch(/^23\. Nov\. 2026, 21:05$/)
    expect(formatListDate(new Date(at), { lang: 'xx' })).toBe('Nov 23, 2026')
  })

  it('shows the empty text for nothing or a non-date', () => {
    expect(formatListDate(null)).toBe('-')
    expect(formatListDate('', { empty: 'Not Available' })).toBe('Not Available')
    expect(formatListDate('not a date')).toBe('-')
  })
})
