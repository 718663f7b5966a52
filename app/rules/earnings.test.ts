import { describe, expect, it } from 'vitest'
import { earningMonth, earningStatus, earningTotals, type EarningOrder } from './earnings'

const UTC = 'UTC'
const order = (o: Partial<EarningOrder>): EarningOrder => ({
  amountCents: 10_000,
  currency: 'usd',
  completed: false,
  paidAt: null,
  completedAt: null,
  dueDate: null,
  createdAt: new Date('2026-01-10T12:00:00Z'),
  ...o,
})

describe('earningStatus', () => {
  it.each([
    ['paid even if not complete', { paidAt: new Date(), completed: false }, 'paid'],
    ['owed once complete', { paidAt: null, completed: true }, 'owed'],
    ['upcoming while in progress', { paidAt: null, completed: false }, 'upcoming'],
  ] as const)('%s', (_name, o, expected) => {
    expect(earningStatus(o)).toBe(expected)
  })
})

describe('earningMonth', () => {
  const created = new Date('2026-01-10T12:00:00Z')
  it.each([
    ['paid month first', { paidAt: new Date('2026-04-02T00:00:00Z'), completedAt: new Date('2026-03-30T00:00:00Z'), dueDate: null, createdAt: created }, '2026-04'],
    ['then completed', { paidAt: null, completedAt: new Date('2026-03-30T00:00:00Z'), dueDate: new Date('2026-02-01T00:00:00Z'), createdAt: created }, '2026-03'],
    ['then due', { paidAt: null, completedAt: null, dueDate: new Date('2026-02-01T00:00:00Z'), createdAt: created }, '2026-02'],
    ['else placed', { paidAt: null, completedAt: null, dueDate: null, createdAt: created }, '2026-01'],
  ])('%s', (_name, o, expected) => {
    expect(earningMonth(UTC, o)).toBe(expected)
  })

  it('cuts months in the organisation time zone', () => {
    const o = { paidAt: null, completedAt: new Date('2026-03-01T02:00:00Z'), dueDate: null, createdAt: created }
    expect(earningMonth(UTC, o)).toBe('2026-03')
    expect(earningMonth('America/New_York', o)).toBe('2026-02')
  })
})

describe('earningTotals', () => {
  it('adds paid, owed and upcoming per month and overall, per currency, newest month first', () => {
    const { totals, months } = earningTotals(UTC, [
      order({ amountCents: 5_000, completed: true, completedAt: new Date('2026-03-05T00:00:00Z'), paidAt: new Date('2026-03-20T00:00:00Z') }),
      order({ amountCents: 7_500, completed: true, completedAt: new Date('2026-03-06T00:00:00Z') }),
      order({ amountCents: 2_000, dueDate: new Date('2026-04-01T00:00:00Z') }),
      order({ amountCents: null, completed: true, completedAt: new Date('2026-03-07T00:00:00Z') }),
      order({ amountCents: 1_000, currency: 'EUR', completed: true, completedAt: new Date('2026-03-08T00:00:00Z') }),
    ])
    expect(totals).toEqual([
      { currency: 'eur', totalCents: 1_000, paidCents: 0, owedCents: 1_000, upcomingCents: 0, orders: 1 },
      { currency: 'usd', totalCents: 14_500, paidCents: 5_000, owedCents: 7_500, upcomingCents: 2_000, orders: 4 },
    ])
    expect(months.map((m) => [m.month, m.currency, m.totalCents, m.paidCents, m.owedCents, m.upcomingCents])).toEqual([
      ['2026-04', 'usd', 2_000, 0, 0, 2_000],
      ['2026-03', 'eur', 1_000, 0, 1_000, 0],
      ['2026-03', 'usd', 12_500, 5_000, 7_500, 0],
    ])
  })

  it('is empty without orders', () => {
    expect(earningTotals(UTC, [])).toEqual({ totals: [], months: [] })
  })
})
