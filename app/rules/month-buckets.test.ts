import { describe, expect, it } from 'vitest'
import {
  addMonths,
  dayKey,
  DEFAULT_TIME_ZONE,
  lastMonths,
  monthKey,
  monthLabel,
  monthOfDay,
  monthRange,
  normaliseTimeZone,
  offsetSegments,
  startOfLocalDay,
  zoneOffsetMinutes,
} from './month-buckets'

const at = (iso: string) => new Date(iso)

describe('monthKey: the local month of an instant', () => {
  it.each([
    // New York is UTC-5 in winter: the month turns at 05:00 UTC.
    ['America/New_York', '2026-02-01T04:59:59.999Z', '2026-01-01'],
    ['America/New_York', '2026-02-01T05:00:00.000Z', '2026-02-01'],
    // ...and UTC-4 in summer.
    ['America/New_York', '2026-07-01T03:59:59.999Z', '2026-06-01'],
    ['America/New_York', '2026-07-01T04:00:00.000Z', '2026-07-01'],
    // Auckland is UTC+13 in January: February starts there on 31 January UTC.
    ['Pacific/Auckland', '2026-01-31T10:59:59.999Z', '2026-01-01'],
    ['Pacific/Auckland', '2026-01-31T11:00:00.000Z', '2026-02-01'],
    // Half-hour offsets.
    ['Asia/Kolkata', '2026-03-31T18:29:59.999Z', '2026-03-01'],
    ['Asia/Kolkata', '2026-03-31T18:30:00.000Z', '2026-04-01'],
    // Year end in UTC.
    ['UTC', '2026-12-31T23:59:59.999Z', '2026-12-01'],
    ['UTC', '2027-01-01T00:00:00.000Z', '2027-01-01'],
    // A leap day belongs to February; the next local day to March.
    ['Europe/Berlin', '2028-02-29T22:59:59.999Z', '2028-02-01'],
    ['Europe/Berlin', '2028-02-29T23:00:00.000Z', '2028-03-01'],
    // The same instant is in different months in different zones.
    ['Pacific/Honolulu', '2026-05-01T09:00:00.000Z', '2026-04-01'],
    ['Asia/Tokyo', '2026-04-30T15:00:00.000Z', '2026-05-01'],
  ])('%s %s -> %s', (zone, iso, expected) => expect(monthKey(zone, at(iso))).toBe(expected))
})

describe('dayKey', () => {
  it.each([
    ['America/New_York', '2026-03-08T04:59:00Z', '2026-03-07'],
    ['America/New_York', '2026-03-08T05:00:00Z', '2026-03-08'],
    // The day after the spring change starts at 04:00 UTC, an hour earlier.
    ['America/New_York', '2026-03-09T03:59:00Z', '2026-03-08'],
    ['America/New_York', '2026-03-09T04:00:00Z', '2026-03-09'],
    ['Australia/Adelaide', '2026-06-30T14:30:00Z', '2026-07-01'],
  ])('%s %s -> %s', (zone, iso, expected) => expect(dayKey(zone, at(iso))).toBe(expected))
})

describe('monthRange: the UTC span of a local month', () => {
  it('spans a DST change (New York, March 2026: 31 days less one hour)', () => {
    const { start, end } = monthRange('America/New_York', '2026-03-01')
    expect(start.toISOString()).toBe('2026-03-01T05:00:00.000Z')
    expect(end.toISOString()).toBe('2026-04-01T04:00:00.000Z')
  })
  it('crosses the year end', () => {
    const { start, end } = monthRange('Pacific/Auckland', '2026-12-01')
    expect(start.toISOString()).toBe('2026-11-30T11:00:00.000Z')
    expect(end.toISOString()).toBe('2026-12-31T11:00:00.000Z')
  })
  it.each(['2026-01-01', '2026-02-01', '2028-02-01', '2026-03-01', '2026-04-01', '2026-10-01', '2026-11-01', '2026-12-01'])(
    'every instant of %s in five zones maps back to it',
    (month) => {
      for (const zone of ['America/New_York', 'Pacific/Auckland', 'Asia/Kolkata', 'Europe/London', 'America/Santiago']) {
        const { start, end } = monthRange(zone, month)
        expect(monthKey(zone, start)).toBe(month)
        expect(monthKey(zone, new Date(end.getTime() - 1))).toBe(month)
        expect(monthKey(zone, new Date(start.getTime() - 1))).toBe(addMonths(month, -1))
        expect(monthKey(zone, end)).toBe(addMonths(month, 1))
      }
    },
  )
})

describe('startOfLocalDay', () => {
  it('starts a day whose midnight the zone skips at its first existing minute (Santiago, September 2026)', () => {
    // Chile moves its clocks from 24:00 to 01:00 on the first Sunday of September.
    const start = startOfLocalDay('America/Santiago', '2026-09-06')
    expect(dayKey('America/Santiago', start)).toBe('2026-09-06')
    expect(dayKey('America/Santiago', new Date(start.getTime() - 1))).toBe('2026-09-05')
  })
})

describe('lastMonths: this month and the five before it, oldest first', () => {
  it('crosses the year', () => {
    expect(lastMonths('UTC', at('2026-01-15T12:00:00Z'))).toEqual(['2025-08-01', '2025-09-01', '2025-10-01', '2025-11-01', '2025-12-01', '2026-01-01'])
  })
  it('follows the local month, not the UTC one, at a month end', () => {
    // 02:00 UTC on 1 March is still 28 February in New York.
    expect(lastMonths('America/New_York', at('2026-03-01T02:00:00Z')).at(-1)).toBe('2026-02-01')
    expect(lastMonths('UTC', at('2026-03-01T02:00:00Z')).at(-1)).toBe('2026-03-01')
  })
  it('takes a count', () => expect(lastMonths('UTC', at('2026-03-31T23:00:00Z'), 2)).toEqual(['2026-02-01', '2026-03-01']))
})

describe('addMonths and monthLabel', () => {
  it.each([
    ['2026-01-01', -1, '2025-12-01'],
    ['2025-12-01', 1, '2026-01-01'],
    ['2026-06-01', -17, '2025-01-01'],
    ['2026-06-01', 0, '2026-06-01'],
  ])('%s %+d -> %s', (month, delta, expected) => expect(addMonths(month, delta)).toBe(expected))
  it('labels a month', () => expect(monthLabel('2026-06-01')).toBe('Jun 2026'))
})

describe('offsetSegments: the offsets SQL uses to find local days', () => {
  it('New York in 2026: winter, summer, winter', () => {
    const segments = offsetSegments('America/New_York', at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))
    expect(segments).toEqual([
      { until: at('2026-03-08T07:00:00Z'), offsetMinutes: -300 },
      { until: at('2026-11-01T06:00:00Z'), offsetMinutes: -240 },
      { until: null, offsetMinutes: -300 },
    ])
  })
  it('a zone without DST has one segment', () => {
    expect(offsetSegments('Asia/Kolkata', at('2020-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toEqual([{ until: null, offsetMinutes: 330 }])
  })
  it('agrees with zoneOffsetMinutes on both sides of each change', () => {
    const zone = 'Pacific/Auckland'
    for (const s of offsetSegments(zone, at('2025-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))) {
      if (!s.until) continue
      expect(zoneOffsetMinutes(zone, new Date(s.until.getTime() - 60_000))).toBe(s.offsetMinutes)
      expect(zoneOffsetMinutes(zone, s.until)).not.toBe(s.offsetMinutes)
    }
  })
})

describe('normaliseTimeZone', () => {
  it.each([
    [null, DEFAULT_TIME_ZONE],
    [undefined, DEFAULT_TIME_ZONE],
    ['', DEFAULT_TIME_ZONE],
    ['Not/AZone', DEFAULT_TIME_ZONE],
    ['Europe/Paris', 'Europe/Paris'],
  ])('%s -> %s', (zone, expected) => expect(normaliseTimeZone(zone)).toBe(expected))
})

describe('day and month keys at their edges (ADR 0103)', () => {
  it('gives the month row of a day row', () => expect(monthOfDay('2026-07-19')).toBe('2026-07-01'))
  it('refuses a key that is not exactly YYYY-MM-DD', () => {
    for (const key of ['x2026-01-01', '2026-01-01x', '2026-1-01']) expect(() => addMonths(key, 1)).toThrow(`Not a date key: ${key}`)
  })
})
