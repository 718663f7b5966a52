// What a cart costs (issue 24, ADR 0058): lines, a customer coupon through the one discount rule
// (app/rules/discount.ts), and each line's share of the discount, so every order records what was paid.
import { applyDiscount } from './discount'

export type CartLine = { productId: string; priceCents: number }
export type CartCoupon = { discountType: 'percent' | 'flat'; /** percent 0..100, or flat in currency units */ value: number; productId: string | null }
export type CartPrice = { subtotalCents: number; discountCents: number; totalCents: number; lineTotalsCents: number[] }

/**
 * A product-bound coupon discounts that product's line only; an unbound one the whole cart. A flat
 * discount is shared across the lines it covers in proportion to their prices (largest remainders
 * get the odd cents), so the lines always add up to the total and no line goes below 0.
 */
export function priceCart(lines: CartLine[], coupon: CartCoupon | null): CartPrice {
  const prices = lines.map((l) => Math.max(0, Math.round(l.priceCents)))
  const subtotalCents = prices.reduce((a, b) => a + b, 0)
  if (!coupon) return { subtotalCents, discountCents: 0, totalCents: subtotalCents, lineTotalsCents: prices }
  const covered = lines.map((l) => coupon.productId === null || l.productId === coupon.productId)
  let lineTotalsCents: number[]
  if (coupon.discountType === 'percent') {
    lineTotalsCents = prices.map((p, i) => (covered[i] ? applyDiscount(p, { type: 'percent', value: coupon.value }) : p))
  } else {
    const base = prices.reduce((sum, p, i) => sum + (covered[i] ? p : 0), 0)
    const off = base - applyDiscount(base, { type: 'flat', value: Math.round(coupon.value * 100) })
    lineTotalsCents = prices.map((p, i) => (covered[i] ? p - shareOf(off, base, prices, covered, i) : p))
  }
  const totalCents = lineTotalsCents.reduce((a, b) => a + b, 0)
  return { subtotalCents, discountCents: subtotalCents - totalCents, totalCents, lineTotalsCents }
}

/** Line i's cents of `off`, split over the covered lines by price with the largest-remainder method. */
function shareOf(off: number, base: number, prices: number[], covered: boolean[], i: number): number {
  if (base === 0) return 0
  const exact = prices.map((p, j) => (covered[j] ? (off * p) / base : 0))
  const floors = exact.map(Math.floor)
  let left = off - floors.reduce((a, b) => a + b, 0)
  const order = exact.map((e, j) => [e - floors[j]!, j] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1])
  for (const [, j] of order) {
    if (left <= 0) break
    if (!covered[j]) continue
    floors[j]! += 1
    left -= 1
  }
  return floors[i]!
}

export const COUPON_UNKNOWN = 'This coupon code is not valid'
export const COUPON_EXPIRED = 'This coupon has expired'
export const COUPON_USED_UP = 'This coupon has reached its redemption limit'
export const COUPON_NOT_FOR_CART = 'This coupon does not apply to the products in your cart'

/** Why a coupon cannot be used on a cart now, or null when it can. Redemptions are reserved at payment, atomically. */
export function couponRefusal(
  coupon: { redeemBy: Date; maxRedemptions: number; availedTimes: number; productId: string | null } | null,
  productIds: string[],
  now = new Date(),
): string | null {
  if (!coupon) return COUPON_UNKNOWN
  if (coupon.redeemBy.getTime() < now.getTime()) return COUPON_EXPIRED
  if (coupon.availedTimes >= coupon.maxRedemptions) return COUPON_USED_UP
  if (coupon.productId !== null && !productIds.includes(coupon.productId)) return COUPON_NOT_FOR_CART
  return null
}
