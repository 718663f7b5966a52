import { describe, expect, it } from 'vitest'
import { dashboardCount, dashboardMoney, OTHERS_LABEL, rankByValue, topTen, topTenWithOthers } from './dashboard'

const items = (pairs: [string, number][]) => pairs.map(([name, value]) => ({ name, value }))

describe('topTen: at most ten, highest first, ties by name', () => {
  it('orders equal values by name, case-insensitively', () => {
    expect(
      rankByValue(
        items([
          ['beta', 3],
          ['Alpha', 3],
          ['gamma', 5],
          ['alpha', 3],
        ]),
      ).map((r) => r.name),
    ).toEqual(['gamma', 'Alpha', 'alpha', 'beta'])
  })

  it('keeps ten when eleven tie, the same ten whatever order they came in', () => {
    const names = 'KJIHGFEDCBA'.split('')
    const tied = items(names.map((n) => [`Product ${n}`, 7]))
    const expected = 'ABCDEFGHIJ'.split('').map((n) => `Product ${n}`)
    expect(topTen(tied).map((r) => r.name)).toEqual(expected)
    expect(topTen([...tied].reverse()).map((r) => r.name)).toEqual(expected)
  })

  it('a tie across the tenth place is cut by name', () => {
    const list = items([
      ['a', 20],
      ['b', 19],
      ['c', 18],
      ['d', 17],
      ['e', 16],
      ['f', 15],
      ['g', 14],
      ['h', 13],
      ['zeta', 5],
      ['eta', 5],
      ['theta', 5],
    ])
    expect(topTen(list).map((r) => r.name)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'eta', 'theta'])
  })

  it('fewer than ten stay as they are; none is an empty list', () => {
    expect(
      topTen(
        items([
          ['x', 1],
          ['y', 2],
        ]),
      ).map((r) => r.name),
    ).toEqual(['y', 'x'])
    expect(topTen([])).toEqual([])
  })

  it('does not change its input', () => {
    const list = items([
      ['b', 1],
      ['a', 2],
    ])
    topTen(list)
    expect(list.map((r) => r.name)).toEqual(['b', 'a'])
  })
})

describe('topTenWithOthers', () => {
  it('sums everything past the tenth into Others', () => {
    const list = items(Array.from({ length: 13 }, (_, i) => [`w${String(i).padStart(2, '0')}`, 100 - i] as [string, number]))
    const result = topTenWithOthers(list)
    expect(result).toHaveLength(11)
    expect(result.at(-1)).toEqual({ name: OTHERS_LABEL, value: 90 + 89 + 88 })
  })
  it('adds no Others for ten or fewer', () => expect(topTenWithOthers(items([['a', 1]]))).toEqual([{ name: 'a', value: 1 }]))
})

describe('dashboardMoney: the currency symbol prefixed, locale grouping', () => {
  it.each([
    [12400, 'usd', '$12,400'],
    [1234.5, 'usd', '$1,234.50'],
    [1234.5, 'cad', 'C$1,234.50'],
    [99.99, 'aud', 'A$99.99'],
    [1000000, 'gbp', '£1,000,000'],
    [0.1 + 0.2, 'eur', '€0.30'],
    [0, 'eur', '€0'],
    [-25.5, 'usd', '-$25.50'],
    [10, 'xyz', '$10'],
    [10, null, '$10'],
    [10, 'GBP', '£10'],
  ])('%s %s -> %s', (amount, currency, expected) => expect(dashboardMoney(amount, currency)).toBe(expected))
})

describe('dashboardCount', () => {
  it.each([
    [0, '0'],
    [1234, '1,234'],
    [1000000, '1,000,000'],
  ])('%s -> %s', (n, expected) => expect(dashboardCount(n)).toBe(expected))
})

// Edges mutation testing found untested (ADR 0103): names tie-broken case-insensitively, then by case; exactly ten has no Others.
describe('ranking at its edges', () => {
  it('orders equal values by name without case, then upper case first', () => {
    const ranked = rankByValue([
      { name: 'beta', value: 1 },
      { name: 'Alpha', value: 1 },
      { name: 'alpha', value: 1 },
      { name: 'Gamma', value: 2 },
    ])
    expect(ranked.map((r) => r.name)).toEqual(['Gamma', 'Alpha', 'alpha', 'beta'])
    expect(
      rankByValue([
        { name: 'a', value: 1 },
        { name: 'A', value: 1 },
      ]).map((r) => r.name),
    ).toEqual(['A', 'a'])
    expect(
      rankByValue([
        { name: 'b', value: 1 },
        { name: 'B', value: 1 },
        { name: 'a', value: 1 },
      ]).map((r) => r.name),
    ).toEqual(['a', 'B', 'b'])
  })
  it('adds Others only past the limit', () => {
    const items = Array.from({ length: 3 }, (_, i) => ({ name: `n${i}`, value: 3 - i }))
    expect(topTenWithOthers(items, 3).map((r) => r.name)).toEqual(['n0', 'n1', 'n2'])
    expect(topTenWithOthers(items, 2)).toEqual([
      { name: 'n0', value: 3 },
      { name: 'n1', value: 2 },
      { name: OTHERS_LABEL, value: 1 },
    ])
  })
})
