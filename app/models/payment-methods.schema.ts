// Payment method rules shared by /payments/methods and the JSON calls of back-office section 7
// ("Profile and billing"), with the spec's Error 0002 texts.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'

export const ADD_FAILED = 'Error 0002: Unable to add Payment Method. Try Again'
export const DEFAULT_FAILED = 'Error 0002: Unable to set Default Payment Method. Try Again'
export const CARD_ADDED = 'Saved Successfully!'
export const DEFAULT_CHANGED = 'Changed Successfully!'
export const SELECT_CARD = 'Select a card'

/** A Stripe PaymentMethod id (pm_...), Stripe's test tokens such as pm_card_visa included. */
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,200}$/

const paymentMethodId = z.string({ required_error: SELECT_CARD, invalid_type_error: SELECT_CARD }).trim().regex(PAYMENT_METHOD_ID, SELECT_CARD)

// A checkbox sends 'on' (or nothing); JSON callers send a boolean.
const flag = z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean())

/** POST /api/payments/methods/add {data: <payment method id>} and the page's add form. */
export const addPaymentMethodSchema = z.object({ data: paymentMethodId, makeDefault: flag.optional().default(false) })
export const addPaymentMethodValidator = withZod(addPaymentMethodSchema)

/** POST /api/payments/methods/default {id} and the page's "Set default" buttons. */
export const setDefaultSchema = z.object({ id: paymentMethodId })

/**
 * Stripe's test PaymentMethod tokens (the emulator knows the same ones): what the add form offers
 * while billing runs in test mode, until Stripe Elements takes card numbers (ADR 0036).
 */
export const TEST_CARDS = [
  { value: 'pm_card_visa', label: 'Visa •••• 4242' },
  { value: 'pm_card_mastercard', label: 'Mastercard •••• 4444' },
  { value: 'pm_card_amex', label: 'American Express •••• 8431' },
  { value: 'pm_card_visa_debit', label: 'Visa debit •••• 5556' },
  { value: 'pm_card_chargeDeclined', label: 'Visa •••• 0002 (declines)' },
  { value: 'pm_card_chargeDeclinedInsufficientFunds', label: 'Visa •••• 9995 (insufficient funds)' },
] as const

export type PaymentMethodJson = { _id: string; brand: string; last4: string; exp_month: number; exp_year: number; is_default: boolean }
