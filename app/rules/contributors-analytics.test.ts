import { describe, expect, it } from 'vitest'
import {
  addDays,
  addMonthsToDay,
  average,
  elapsedDays,
  formatDaysHours,
  formatRating,
  isMetric,
  isRange,
  rangeBounds,
  replyWaitsInDays,
  roundTo,
  writerName,
} from './contributors-analytics'

describe('rangeBounds', () => {
  const now = new Date('2026-05-31T15:00:00Z')
  it('24Hours is the rolling last 24 hours', () => {
    expect(rangeBounds('24Hours', now, '2026-05-31')).toEqual({ kind: 'hours', since: new Date('2026-05-30T15:00:00Z'), until: now })
  })
  it.each([
    ['7Days', '2026-05-25'],
    ['30Days', '2026-05-02'],
    // 31 May less 3 months is 28 Feb (no 31 Feb); the range starts the day after.
    ['3Months', '2026-03-01'],
    ['6Months', '2025-12-01'],
  ] as const)('%s starts on %s and ends today', (range, fromDay) => {
    expect(rangeBounds(range, now, '2026-05-31')).toEqual({ kind: 'days', fromDay, toDay: '2026-05-31' })
  })
  it('crosses a year and a leap day', () => {
    expect(rangeBounds('7Days', now, '2028-03-02')).toEqual({ kind: 'days', fromDay: '2028-02-25', toDay: '2028-03-02' })
    expect(rangeBounds('3Months', now, '2026-01-15')).toEqual({ kind: 'days', fromDay: '2025-10-16', toDay: '2026-01-15' })
  })
})

describe('calendar steps', () => {
  it.each([
    ['2026-01-01', -1, '2025-12-31'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-02-28', 1, '2026-03-01'],
  ] as const)('addDays(%s, %d) = %s', (day, delta, expected) => expect(addDays(day, delta)).toBe(expected))
  it.each([
    ['2026-05-31', -3, '2026-02-28'],
    ['2028-05-31', -3, '2028-02-29'],
    ['2026-03-15', -6, '2025-09-15'],
    ['2026-12-31', 2, '2027-02-28'],
  ] as const)('addMonthsToDay(%s, %d) = %s', (day, delta, expected) => expect(addMonthsToDay(day, delta)).toBe(expected))
})

describe('formatDaysHours', () => {
  it.each([
    [null, 'No data'],
    [undefined, 'No data'],
    [-1, 'No data'],
    [Number.NaN, 'No data'],
    [0, '0 hours'],
    [0.01, 'Under 1 hour'],
    [1 / 24, '1 hour'],
    [5 / 24, '5 hours'],
    [1, '1 day'],
    [2, '2 days'],
    [1 + 1 / 24, '1 day 1 hour'],
    [2.5, '2 days 12 hours'],
    // 23.6 hours round to a whole day, never '0 days 24 hours'.
    [23.6 / 24, '1 day'],
  ] as const)('%s -> %s', (days, text) => expect(formatDaysHours(days as number | null | undefined)).toBe(text))
})

describe('averages', () => {
  it.each([
    [[], null],
    [[4], 4],
    [[5, 4, 4], 13 / 3],
    [[1, Number.NaN, 3], 2],
  ] as const)('average(%j) = %s', (values, expected) => expect(average(values)).toBe(expected))
  it('rounds to the digits kept in the answers', () => {
    expect(roundTo(13 / 3, 2)).toBe(4.33)
    expect(roundTo(4.335, 2)).toBe(4.34)
    expect(roundTo(null, 2)).toBeNull()
  })
  it('ratings show two decimals', () => {
    expect(formatRating(4.5)).toBe('4.50')
    expect(formatRating(null)).toBe('No ratings')
  })
})

describe('elapsedDays', () => {
  it('days between two instants, none when missing or backwards', () => {
    expect(elapsedDays(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-02T12:00:00Z'))).toBe(1.5)
    expect(elapsedDays('2026-01-01T00:00:00Z', '2026-01-01T06:00:00Z')).toBe(0.25)
    expect(elapsedDays(null, new Date())).toBeNull()
    expect(elapsedDays(new Date('2026-01-02T00:00:00Z'), new Date('2026-01-01T00:00:00Z'))).toBeNull()
  })
})

describe('replyWaitsInDays', () => {
  const at = (h: number) => new Date(Date.UTC(2026, 0, 1) + h * 3_600_000)
  const admin = (h: number) => ({ fromContributor: false, at: at(h) })
  const writer = (h: number) => ({ fromContributor: true, at: at(h) })
  it.each([
    ['nothing', [], []],
    ['one question, one reply', [admin(0), writer(12)], [0.5]],
    ['a reply answers every message since the first unanswered one', [admin(0), admin(6), writer(24)], [1]],
    ['the contributor writing first waits for nobody', [writer(0), admin(1), writer(7)], [0.25]],
    ['a second reply in a row is no answer', [admin(0), writer(24), writer(48)], [1]],
    ['an unanswered question counts for nothing yet', [admin(0), writer(24), admin(30)], [1]],
    ['two exchanges', [admin(0), writer(24), admin(48), writer(54)], [1, 0.25]],
  ])('%s', (_name, lines, expected) => expect(replyWaitsInDays(lines)).toEqual(expected))
})

describe('names', () => {
  it('ranges and metrics are the spec list only', () => {
    expect(['24Hours', '7Days', '30Days', '3Months', '6Months'].every(isRange)).toBe(true)
    expect(isRange('1Year')).toBe(false)
    expect(isRange(undefined)).toBe(false)
    expect(isMetric('chat-response-time')).toBe(true)
    expect(isMetric('writers')).toBe(false)
  })
})

// Edges mutation testing found untested (ADR 0103).
describe('edges', () => {
  it('refuses a day key that is not exactly YYYY-MM-DD', () => {
    for (const key of ['x2026-01-01', '2026-01-01x', '2026-1-01']) expect(() => addDays(key, 1)).toThrow(`Not a date key: ${key}`)
  })
  it('counts a zero elapsed time, not only a positive one', () => {
    expect(elapsedDays('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBe(0)
  })
  it('shows no data for what is not a finite, non-negative number', () => {
    for (const v of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, -1]) expect(formatDaysHours(v)).toBe('No data')
    for (const v of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatRating(v)).toBe('No ratings')
    expect(formatRating(0)).toBe('0.00')
  })
  it('names a contributor by first and last name, or says there is none', () => {
    expect(writerName('Ada', 'Lovelace')).toBe('Ada Lovelace')
    expect(writerName('Ada', null)).toBe('Ada')
    expect(writerName(undefined, 'Lovelace')).toBe('Lovelace')
    expect(writerName(' ', null)).toBe('Unnamed contributor')
    expect(writerName(null, undefined)).toBe('Unnamed contributor')
  })
})
