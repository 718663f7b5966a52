import { describe, expect, it } from 'vitest'
import { applicationFeeCents } from './application-fee'

describe('applicationFeeCents', () => {
  it.each<[number, number, number]>([
    [12_500, 0, 0],
    [0, 10, 0],
    [12_500, 5, 625],
    [12_500, 100, 12_500],
    [1999, 2.9, 58],
    [1005, 1.5, 15],
    [1015, 1.5, 15],
    [1030, 1.5, 15],
    [1034, 1.5, 16],
    [50, 1, 1],
    [49, 1, 0],
    [1, 50, 1],
    [1, 49.99, 0],
    [99_999_999, 0.0125, 12_500],
    [3333, 33.3333, 1111],
  ])('%i cents at %f %% → %i', (total, percent, expected) => {
    expect(applicationFeeCents(total, percent)).toBe(expected)
  })

  it('is a whole number of cents and never more than the total', () => {
    for (let total = 0; total < 2000; total += 13) {
      for (const percent of [0, 0.5, 2.9, 12.5, 33.3333, 99.99, 100]) {
        const fee = applicationFeeCents(total, percent)
        expect(Number.isInteger(fee)).toBe(true)
        expect(fee).toBeGreaterThanOrEqual(0)
        expect(fee).toBeLessThanOrEqual(total)
      }
    }
  })

  it.each<[number, number]>([
    [-1, 5],
    [10.5, 5],
    [Number.NaN, 5],
    [100, -0.01],
    [100, 100.01],
    [100, Number.POSITIVE_INFINITY],
    [100, Number.NaN],
  ])('refuses %f cents at %f %%', (total, percent) => {
    expect(() => applicationFeeCents(total, percent)).toThrow(RangeError)
  })
})
