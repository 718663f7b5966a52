import { describe, expect, it } from 'vitest'
import { COUPON_EXPIRED, COUPON_NOT_FOR_CART, COUPON_UNKNOWN, COUPON_USED_UP, couponRefusal, priceCart } from './cart-pricing'

const lines = [
  { productId: 'a', priceCents: 10000 },
  { productId: 'b', priceCents: 5001 },
]

describe('priceCart', () => {
  it('adds the lines without a coupon', () => {
    expect(priceCart(lines, null)).toEqual({ subtotalCents: 15001, discountCents: 0, totalCents: 15001, lineTotalsCents: [10000, 5001] })
  })

  it('takes a percent off every line of an unbound coupon', () => {
    const p = priceCart(lines, { discountType: 'percent', value: 10, productId: null })
    expect(p.lineTotalsCents).toEqual([9000, 4501])
    expect(p.totalCents).toBe(13501)
    expect(p.discountCents).toBe(1500)
  })

  it('discounts only the bound product', () => {
    const p = priceCart(lines, { discountType: 'flat', value: 20, productId: 'b' })
    expect(p.lineTotalsCents).toEqual([10000, 3001])
    expect(p.discountCents).toBe(2000)
  })

  it('shares a flat discount by price so the lines add up to the total', () => {
    const p = priceCart(
      [
        { productId: 'a', priceCents: 100 },
        { productId: 'b', priceCents: 100 },
        { productId: 'c', priceCents: 100 },
      ],
      { discountType: 'flat', value: 1, productId: null },
    )
    expect(p.lineTotalsCents).toEqual([66, 67, 67])
    expect(p.totalCents).toBe(200)
  })

  it('never goes below zero', () => {
    const p = priceCart(lines, { discountType: 'flat', value: 1000, productId: null })
    expect(p.totalCents).toBe(0)
    expect(p.lineTotalsCents).toEqual([0, 0])
    expect(p.discountCents).toBe(15001)
  })
})

describe('couponRefusal', () => {
  const ok = { redeemBy: new Date('2027-01-01T23:59:59Z'), maxRedemptions: 1, availedTimes: 0, productId: null }
  const now = new Date('2026-11-28T12:00:00Z')
  it('accepts a live coupon', () => expect(couponRefusal(ok, ['a'], now)).toBeNull())
  it('refuses an unknown code', () => expect(couponRefusal(null, ['a'], now)).toBe(COUPON_UNKNOWN))
  it('refuses after its redeem-by', () => expect(couponRefusal({ ...ok, redeemBy: new Date('2026-11-27T23:59:59Z') }, ['a'], now)).toBe(COUPON_EXPIRED))
  it('refuses at its limit', () => expect(couponRefusal({ ...ok, availedTimes: 1 }, ['a'], now)).toBe(COUPON_USED_UP))
  it('refuses a product-bound coupon without its product', () => expect(couponRefusal({ ...ok, productId: 'z' }, ['a'], now)).toBe(COUPON_NOT_FOR_CART))
})

// Edges mutation testing found untested (ADR 0103).
describe('cart pricing at its edges', () => {
  it('gives the odd cents to the largest remainders, ties to the first line', () => {
    const three = [
      { productId: 'a', priceCents: 100 },
      { productId: 'b', priceCents: 100 },
      { productId: 'c', priceCents: 100 },
    ]
    expect(priceCart(three, { discountType: 'flat', value: 1, productId: null }).lineTotalsCents).toEqual([66, 67, 67])
    expect(priceCart(three, { discountType: 'flat', value: 2, productId: null }).lineTotalsCents).toEqual([33, 33, 34])
    const uneven = [
      { productId: 'a', priceCents: 100 },
      { productId: 'b', priceCents: 200 },
    ]
    // 0.10 off 300: 3.33 and 6.67 cents, the larger remainder takes the odd cent.
    expect(priceCart(uneven, { discountType: 'flat', value: 0.1, productId: null }).lineTotalsCents).toEqual([97, 193])
  })
  it('takes nothing off free lines', () => {
    expect(priceCart([{ productId: 'a', priceCents: 0 }], { discountType: 'flat', value: 5, productId: null })).toMatchObject({ totalCents: 0, lineTotalsCents: [0] })
  })
  it('takes a coupon up to its last millisecond', () => {
    const now = new Date('2026-12-07T12:00:00Z')
    const coupon = { redeemBy: now, maxRedemptions: 1, availedTimes: 0, productId: null }
    expect(couponRefusal(coupon, ['a'], now)).toBeNull()
    expect(couponRefusal(coupon, ['a'], new Date(now.getTime() + 1))).toBe(COUPON_EXPIRED)
  })
})
