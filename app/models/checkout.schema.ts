// The checkout's public lookups (plan, promo code, subdomain): their query schemas and messages (ADR 0034).
import { withZod } from '@remix-validated-form/with-zod'
import { getCodes as getCountryCodes } from 'country-list'
import { z } from 'zod'
import { isSubdomainFormat, SUBDOMAIN_FORMAT } from '#app/rules/subdomain'

export const PACKAGE_ITEM_REQUIRED = 'Choose a package to check out'
/** Unknown, inactive and hidden plans alike: a buyer learns nothing about plans not on sale. */
export const PACKAGE_UNAVAILABLE = 'This package is not available'
export const PROMO_CODE_REQUIRED = 'Enter a promo code'
/** Unknown, expired and used-up codes alike: the answer tells a guesser nothing more. */
export const PROMO_UNAVAILABLE = 'This promo code is invalid or has expired'

export const subdomainQuerySchema = z.object({
  subdomain: z.string({ required_error: SUBDOMAIN_FORMAT, invalid_type_error: SUBDOMAIN_FORMAT }).refine(isSubdomainFormat, SUBDOMAIN_FORMAT),
})

export const packageInfoQuerySchema = z.object({
  item: z.string({ required_error: PACKAGE_ITEM_REQUIRED, invalid_type_error: PACKAGE_ITEM_REQUIRED }).trim().min(1, PACKAGE_ITEM_REQUIRED),
})

export const promoInfoQuerySchema = z.object({
  code: z.string({ required_error: PROMO_CODE_REQUIRED, invalid_type_error: PROMO_CODE_REQUIRED }).trim().min(1, PROMO_CODE_REQUIRED),
})

// The checkout form and POST /api/checkout (portal spec sections 3 and 5; ADR 0035).
export const CHECKOUT_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  password: 'Password is required',
  passwordShort: 'Password must be at least 8 characters',
  businessName: 'Business name is required',
  address: 'Address is required',
  city: 'City is required',
  postalCode: 'Postal code must be numeric',
  website: 'Please enter a valid website URL',
  country: 'Please select a country',
  timeZone: 'Please select a time zone',
  payment: 'Please enter your card details',
  promo: PROMO_UNAVAILABLE,
} as const

export const CHECKOUT_FAILED = 'Unexpected Error Please Try Again'
export const CHECKOUT_IN_PROGRESS = 'Your payment is still being processed. Please wait a moment and try again.'
/** A trial plan paid with a card that has had a free trial already (issue 28, ADR 0095). */
export const TRIAL_CARD_USED = 'This card has already had a free trial. Choose a plan without a trial or use another card.'
export const CHECKOUT_ALREADY_DONE = 'This checkout is already complete. Please log in.'
export const CHECKOUT_SUCCESS = 'Payment successful! Your account is ready. Redirecting to your dashboard...'
/** Portal spec section 9: the checkout redirects this long after success. */
export const CHECKOUT_REDIRECT_DELAY_MS = 1000

export const DEFAULT_COUNTRY = 'US'
export const DEFAULT_TIME_ZONE = 'America/New_York'

const COUNTRY_CODES: ReadonlySet<string> = new Set(getCountryCodes())

/** Any zone the runtime knows (its canonical names and their aliases). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return value.length <= 64
  } catch {
    return false
  }
}

const blankAsEmpty = (v: unknown) => (v === undefined || v === null ? '' : v)
const required = (message: string, max: number) => z.preprocess(blankAsEmpty, z.string({ invalid_type_error: message }).trim().min(1, message).max(max, message))
const optional = (max: number) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : v), z.string().trim().max(max).optional()).transform((v) => v || undefined)

/** http(s) only; a bare domain ('acme.com') gets https:// in front, as buyers type it. */
const website = z.preprocess(
  blankAsEmpty,
  z
    .string({ invalid_type_error: CHECKOUT_MESSAGES.website })
    .trim()
    .min(1, CHECKOUT_MESSAGES.website)
    .max(255, CHECKOUT_MESSAGES.website)
    .transform((v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`))
    .refine((v) => {
      try {
        const url = new URL(v)
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
      } catch {
        return false
      }
    }, CHECKOUT_MESSAGES.website),
)

export const checkoutSchema = z.object({
  firstName: required(CHECKOUT_MESSAGES.firstName, 100),
  lastName: required(CHECKOUT_MESSAGES.lastName, 100),
  email: z.preprocess(
    blankAsEmpty,
    z
      .string()
      .trim()
      .min(1, CHECKOUT_MESSAGES.email)
      .max(191, CHECKOUT_MESSAGES.emailInvalid)
      .email(CHECKOUT_MESSAGES.emailInvalid)
      .transform((e) => e.toLowerCase()),
  ),
  password: z.preprocess(blankAsEmpty, z.string().min(1, CHECKOUT_MESSAGES.password).min(8, CHECKOUT_MESSAGES.passwordShort).max(200, CHECKOUT_MESSAGES.passwordShort)),
  businessName: required(CHECKOUT_MESSAGES.businessName, 120),
  address: required(CHECKOUT_MESSAGES.address, 255),
  city: required(CHECKOUT_MESSAGES.city, 120),
  postalCode: z.preprocess(
    blankAsEmpty,
    z
      .string()
      .trim()
      .regex(/^\d{3,10}$/, CHECKOUT_MESSAGES.postalCode),
  ),
  website,
  country: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? DEFAULT_COUNTRY : v),
    z.string().refine((v) => COUNTRY_CODES.has(v), CHECKOUT_MESSAGES.country),
  ),
  timeZone: z.preprocess((v) => (v === undefined || v === null || v === '' ? DEFAULT_TIME_ZONE : v), z.string().refine(isTimeZone, CHECKOUT_MESSAGES.timeZone)),
  /** A Stripe payment method id (pm_...): from Elements, or one of the test cards. */
  payment: z.preprocess(
    blankAsEmpty,
    z
      .string()
      .trim()
      .regex(/^pm_[A-Za-z0-9_]{1,200}$/, CHECKOUT_MESSAGES.payment),
  ),
  item: z.preprocess(blankAsEmpty, z.string().trim().min(1, PACKAGE_ITEM_REQUIRED).max(64, PACKAGE_UNAVAILABLE)),
  referralCode: optional(64),
  promo: optional(64),
  subDomain: z.preprocess(blankAsEmpty, z.string().refine(isSubdomainFormat, SUBDOMAIN_FORMAT)),
})

export type CheckoutInput = z.infer<typeof checkoutSchema>

export const checkoutValidator = withZod(checkoutSchema)
