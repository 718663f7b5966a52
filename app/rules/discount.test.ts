import { describe, expect, it } from 'vitest'
import { applyDiscount, type Discount } from './discount'

describe('applyDiscount', () => {
  it.each<[number, Discount, number]>([
    [10000, { type: 'percent', value: 10 }, 9000],
    [10000, { type: 'percent', value: 100 }, 0],
    [10000, { type: 'percent', value: 150 }, 0],
    [999, { type: 'percent', value: 15 }, 849],
    [10000, { type: 'percent', value: 0 }, 10000],
    [10000, { type: 'fixed', value: 2500 }, 7500],
    [10000, { type: 'flat', value: 2500 }, 7500],
    [1000, { type: 'flat', value: 2500 }, 0],
    [1000, { type: 'fixed', value: -50 }, 1000],
    [0, { type: 'percent', value: 50 }, 0],
    [1000, { type: 'fixed', value: Number.NaN }, 1000],
  ])('%i with %o → %i', (price, discount, expected) => {
    expect(applyDiscount(price, discount)).toBe(expected)
  })

  it('always returns an integer', () => {
    for (let p = 1; p < 500; p += 7) expect(Number.isInteger(applyDiscount(p, { type: 'percent', value: 33 }))).toBe(true)
  })
})
