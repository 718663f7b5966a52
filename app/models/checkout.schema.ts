// The checkout's public lookups (plan, promo code, subdomain): their query schemas and messages (ADR 0034).
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
