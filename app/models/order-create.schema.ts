// Create Order payloads (back-office sections 3 and 5): one schema for the page form and the JSON API.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { boolish } from './people-fields.schema'

export const CUSTOMER_REQUIRED = 'Please select a Customer'
export const PRODUCT_REQUIRED = 'Please select Product'
export const PRICE_INVALID = 'Enter a correct number, ex. 365.50'
export const ORDER_CREATED = 'Order Created Successfully'

/** Up to seven whole digits and at most two decimals, as typed (no sign, no exponent). */
const PRICE_TEXT = /^\d{1,7}(\.\d{1,2})?$/
const MAX_PRICE = 1_000_000

/** True when `amount` has at most two decimals (365.5 and 365.50 pass, 365.505 does not). */
export function hasAtMostTwoDecimals(amount: number): boolean {
  return Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6
}

/** The optional price override in currency units: a form posts text, JSON a number or text; empty means the product's price. */
const price = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return undefined
    if (typeof v === 'string') {
      const text = v.trim()
      if (text === '') return undefined
      return PRICE_TEXT.test(text) ? Number(text) : Number.NaN
    }
    return v
  },
  z
    .number({ invalid_type_error: PRICE_INVALID })
    .refine((n) => Number.isFinite(n) && n >= 0 && n <= MAX_PRICE && hasAtMostTwoDecimals(n), PRICE_INVALID)
    .optional(),
)

const requiredId = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v), z.string({ invalid_type_error: message }).min(1, message).max(64, message))

function orderCreate(createInvoiceWhenAbsent: boolean) {
  return z.object({
    customer_id: requiredId(CUSTOMER_REQUIRED),
    package_id: requiredId(PRODUCT_REQUIRED),
    price,
    markAsPaid: boolish(false),
    createInvoice: boolish(createInvoiceWhenAbsent),
  })
}

/** JSON: an absent createInvoice means the default (on). */
export const orderCreateSchema = orderCreate(true)
/** The page form: an unticked Create Invoice posts nothing, so absent means off (the rule forces it on without Mark As Paid). */
export const orderCreateFormSchema = orderCreate(false)
export const orderCreateValidator = withZod(orderCreateFormSchema)

export type OrderCreateInput = z.infer<typeof orderCreateSchema>
