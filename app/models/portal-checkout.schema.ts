// The portal checkout form and POST /api/portal/checkout (issue 24, ADR 0058). The price, the currency
// and the discount are never read from the body: the server prices the cart itself.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { CHECKOUT_MESSAGES } from './checkout.schema'

export const PORTAL_CHECKOUT_MESSAGES = {
  ...CHECKOUT_MESSAGES,
  contractName: 'Type your full name to accept the agreement',
  payment: 'Please choose a card',
} as const

const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(max).optional().or(z.literal('')))

/** Everything optional here: which fields are required depends on who is signed in and what the cart holds (checked in the model). */
export const portalCheckoutSchema = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.string().max(191).email(CHECKOUT_MESSAGES.emailInvalid).optional().or(z.literal(''))),
  password: z.string().max(200).optional(),
  contractName: optionalText(201),
  // Required, but checked with the other fields in the model, so a form shows every error at once.
  payment: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .regex(/^pm_[A-Za-z0-9_]{1,200}$/, PORTAL_CHECKOUT_MESSAGES.payment)
      .optional()
      .or(z.literal('')),
  ),
  /** The form's cart (a Buy now cart differs from the cookie's); the API uses the cookie's. */
  cartId: optionalText(24),
})
export type PortalCheckoutInput = z.infer<typeof portalCheckoutSchema>
export const portalCheckoutValidator = withZod(portalCheckoutSchema)

/** Fields a guest must fill (an account is made for them); a signed-in customer fills none of these. */
export function guestFieldErrors(input: PortalCheckoutInput): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!input.firstName) errors.firstName = CHECKOUT_MESSAGES.firstName
  if (!input.lastName) errors.lastName = CHECKOUT_MESSAGES.lastName
  if (!input.email) errors.email = CHECKOUT_MESSAGES.email
  if (!input.password) errors.password = CHECKOUT_MESSAGES.password
  else if (input.password.length < 8) errors.password = CHECKOUT_MESSAGES.passwordShort
  return errors
}

/** Every field error of a checkout at once: the guest's (when nobody is signed in), the agreement's and the card's. */
export function checkoutFieldErrors(input: PortalCheckoutInput, opts: { guest: boolean; needsContract: boolean; charged: boolean }): Record<string, string> {
  const errors = opts.guest ? guestFieldErrors(input) : {}
  if (opts.needsContract && !(input.contractName && input.contractName.length >= 2)) errors.contractName = PORTAL_CHECKOUT_MESSAGES.contractName
  if (opts.charged && !input.payment) errors.payment = PORTAL_CHECKOUT_MESSAGES.payment
  return errors
}
