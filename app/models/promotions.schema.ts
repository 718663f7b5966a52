// Platform promotion rules shared by /promotions/create and POST /api/promotions/create.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { expiryBounds } from './coupons.schema'

export const PROMOTION_CREATED = 'Promotion Created Sucessfully'
export const PROMOTION_DELETED = 'Deleted!'
/** Back-office section 8: promotion failures (a provider error included). */
export const PROMOTION_FAILED = 'Unexpected Error Please Try again'
// The spec has no text of its own for an unknown code: section 8's promotion failure text, with status 404.
export const PROMOTION_NOT_FOUND = PROMOTION_FAILED

export const CODE_REQUIRED = 'Enter Coupon Code'
export const CODE_FORMAT = 'Use letters, digits, - and _ only'
export const CODE_TAKEN = 'This coupon code already exists'
export const MAX_REDEMPTIONS_REQUIRED = 'Enter Max Redemptions (at least 1)'
export const DISCOUNT_TYPE_REQUIRED = 'Select Discount Type'
export const VALUE_REQUIRED = 'Enter Value'
export const VALUE_FORMAT = 'Enter a correct number, ex. 10.50'
export const PERCENT_MAX = 'For percent (%) discount, value must be 100 or less'
export const DURATION_REQUIRED = 'Select Duration'
export const MONTHS_REQUIRED = 'Enter Duration In Months (1 to 36) for a repeating promotion'
export const REDEEM_BY_REQUIRED = 'Enter Redeem By date (from today up to 5 years ahead)'

export const DISCOUNT_TYPES = ['percent', 'flat'] as const
export const DURATIONS = ['once', 'forever', 'repeating'] as const
export type Duration = (typeof DURATIONS)[number]

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6

/** Whole months from 1 to 36, else null (the provider needs a count to repeat a discount). */
function monthsOf(value: number | string | undefined): number | null {
  if (value === undefined) return null
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
  return Number.isInteger(n) && n >= 1 && n <= 36 ? n : null
}

/** Built per call: the redeem_by bounds move with today (the browser builds its own from its clock). */
export function promotionSchema(today = new Date()) {
  const bounds = expiryBounds(today)
  return z
    .object({
      couponCode: z
        .string({ required_error: CODE_REQUIRED, invalid_type_error: CODE_REQUIRED })
        .trim()
        .min(1, CODE_REQUIRED)
        .max(64, 'The coupon code is too long')
        .regex(/^[A-Za-z0-9_-]+$/, CODE_FORMAT),
      max_redemptions: z.preprocess(
        emptyToUndefined,
        z.coerce
          .number({ required_error: MAX_REDEMPTIONS_REQUIRED, invalid_type_error: MAX_REDEMPTIONS_REQUIRED })
          .int(MAX_REDEMPTIONS_REQUIRED)
          .min(1, MAX_REDEMPTIONS_REQUIRED)
          .max(1_000_000, MAX_REDEMPTIONS_REQUIRED),
      ),
      discount_type: z.enum(DISCOUNT_TYPES, { errorMap: () => ({ message: DISCOUNT_TYPE_REQUIRED }) }),
      value: z.preprocess(
        emptyToUndefined,
        z.coerce
          .number({ required_error: VALUE_REQUIRED, invalid_type_error: VALUE_REQUIRED })
          .positive(VALUE_REQUIRED)
          .max(999_999.99, VALUE_FORMAT)
          .refine(twoDecimals, VALUE_FORMAT),
      ),
      duration: z.enum(DURATIONS, { errorMap: () => ({ message: DURATION_REQUIRED }) }),
      // Checked only for a repeating promotion: the form hides (but still posts) the field otherwise.
      duration_in_months: z.preprocess(emptyToUndefined, z.union([z.number(), z.string()]).optional()),
      redeem_by: z
        .string({ required_error: REDEEM_BY_REQUIRED, invalid_type_error: REDEEM_BY_REQUIRED })
        .transform((v) => v.trim().slice(0, 10))
        .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) && v >= bounds.min && v <= bounds.max, REDEEM_BY_REQUIRED),
    })
    .superRefine((v, ctx) => {
      if (v.discount_type === 'percent' && v.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: PERCENT_MAX })
      // The provider cannot repeat a discount without a number of months.
      if (v.duration === 'repeating' && monthsOf(v.duration_in_months) === null) ctx.addIssue({ code: 'custom', path: ['duration_in_months'], message: MONTHS_REQUIRED })
    })
    .transform((v) => ({ ...v, duration_in_months: v.duration === 'repeating' ? monthsOf(v.duration_in_months)! : null }))
}

export type PromotionInput = z.infer<ReturnType<typeof promotionSchema>>

export const promotionValidator = (today = new Date()) => withZod(promotionSchema(today))

/** The last moment a code can be redeemed: the end of the redeem_by day, UTC. */
export function redeemByEnd(day: string): Date {
  return new Date(`${day}T23:59:59.000Z`)
}
