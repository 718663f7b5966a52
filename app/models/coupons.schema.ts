// Customer coupons: the create rules shared by the page and POST /api/client/customer-coupons/create.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'

export const COUPON_CODE_REQUIRED = 'Enter Coupon Code'
export const MAX_REDEMPTIONS_MIN = 'Max redemptions must be at least 1'
export const DISCOUNT_TYPE_REQUIRED = 'Please select a discount type'
export const VALUE_REQUIRED = 'Please provide a total discount'
export const PERCENT_MAX = 'For percent (%) discount, total discount must be 100 or less'
export const EXPIRY_REQUIRED = 'Please provide expiration coupon date'
export const PRODUCT_REQUIRED = 'Please select a product'
export const CODE_TAKEN = 'This coupon code already exists'
export const COUPON_MAX_YEARS = 5

const bool = z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean())
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** YYYY-MM-DD of a date in UTC; expiry dates are whole days. */
export function dayOf(date: Date) {
  return date.toISOString().slice(0, 10)
}

export function expiryBounds(today = new Date()) {
  const max = new Date(today)
  max.setUTCFullYear(max.getUTCFullYear() + COUPON_MAX_YEARS)
  return { min: dayOf(today), max: dayOf(max) }
}

export function couponSchema(today = new Date()) {
  const bounds = expiryBounds(today)
  return z
    .object({
      couponCode: z
        .string({ required_error: COUPON_CODE_REQUIRED, invalid_type_error: COUPON_CODE_REQUIRED })
        .trim()
        .min(1, COUPON_CODE_REQUIRED)
        .max(64, 'The coupon code is too long')
        .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only'),
      max_redemptions: z.preprocess(
        emptyToUndefined,
        z.coerce.number({ required_error: MAX_REDEMPTIONS_MIN, invalid_type_error: MAX_REDEMPTIONS_MIN }).int(MAX_REDEMPTIONS_MIN).min(1, MAX_REDEMPTIONS_MIN).max(1_000_000),
      ),
      discount_type: z.enum(['percent', 'flat'], { errorMap: () => ({ message: DISCOUNT_TYPE_REQUIRED }) }),
      value: z.preprocess(emptyToUndefined, z.coerce.number({ required_error: VALUE_REQUIRED, invalid_type_error: VALUE_REQUIRED }).min(1, VALUE_REQUIRED).max(1_000_000)),
      redeem_by: z
        .string({ required_error: EXPIRY_REQUIRED, invalid_type_error: EXPIRY_REQUIRED })
        .transform((v) => v.slice(0, 10))
        .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) && v >= bounds.min && v <= bounds.max, EXPIRY_REQUIRED),
      isApplyToProducts: bool.default(false),
      selectedProductId: z.preprocess(emptyToUndefined, z.string().max(24).optional()),
    })
    .superRefine((v, ctx) => {
      if (v.discount_type === 'percent' && v.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: PERCENT_MAX })
      if (v.isApplyToProducts && !v.selectedProductId) ctx.addIssue({ code: 'custom', path: ['selectedProductId'], message: PRODUCT_REQUIRED })
    })
}

export type CouponInput = z.infer<ReturnType<typeof couponSchema>>

/** Built per use: the expiry bounds move with today (the server builds one per request, the browser from its own clock). */
export const couponValidator = (today = new Date()) => withZod(couponSchema(today))
