// The one discount rule, shared by coupons, checkout and billing: integer amounts (cents), never below 0.

export type DiscountType = 'percent' | 'fixed' | 'flat'
export type Discount = { type: DiscountType; value: number }

/**
 * `price` and a fixed/flat `value` are integer cents; a percent `value` is 0..100.
 * The discount is rounded to the nearest cent and the result never goes below 0.
 */
export function applyDiscount(price: number, discount: Discount): number {
  const base = Math.max(0, Math.round(price))
  const value = Number.isFinite(discount.value) ? Math.max(0, discount.value) : 0
  const off = discount.type === 'percent' ? Math.round((base * Math.min(value, 100)) / 100) : Math.round(value)
  return Math.max(0, base - off)
}
