// The client billing pages' requests (plan choice, promo check, users increase) and their messages
// (ADR 0038). Isomorphic: the pages' forms and the JSON routes validate with the same schemas.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { PACKAGE_UNAVAILABLE, PROMO_CODE_REQUIRED, PROMO_UNAVAILABLE } from './checkout.schema'

export { PACKAGE_UNAVAILABLE, PROMO_CODE_REQUIRED, PROMO_UNAVAILABLE }

/** Back-office section 8: what Subscribe shows when the call answers 401. */
export const UNAUTHORIZED = 'Unauthorized'
/** Back-office section 8: 'Unexpected Error!!' on upgrade load; promo failures on 500. */
export const UPGRADE_LOAD_FAILED = 'Unexpected Error!!'
export const BILLING_FAILED = 'Unexpected error, please try again later!'

export const CHOOSE_PACKAGE = 'Please select a package'
export const NO_PAYMENT_METHOD = 'Add a payment method first: there is no default card on file.'
export const NOT_ON_TRIAL = 'Your account is not on a trial: there is nothing to upgrade.'
export const SUBSCRIPTION_STILL_ACTIVE = 'Your subscription is still active: manage it on the Manage Subscription page.'
export const NO_SUBSCRIPTION = 'There is no active subscription to change.'
export const NOT_ENDING = 'Your subscription is not set to cancel.'
export const CANNOT_NOW = 'This cannot be done while the subscription is in its current state.'
export const ALREADY_PAUSED = 'A pause is already set for this subscription.'
export const NOT_PAUSED = 'Your subscription is not paused.'
export const USERS_NOT_UPGRADABLE = 'Your plan does not allow adding users.'
export const QUANTITY_MIN = 'Quantity must be at least 1'
export const QUANTITY_MAX = 'Quantity can be at most 100'
export const INTERVAL_REQUIRED = 'Select a recurring interval'
export const NOTHING_TO_PAY = 'There is no open invoice to pay.'

export const intervalMismatch = (interval: string) => `Users are added on your plan's billing interval: ${interval}.`
export const userLimitReached = (limit: number) =>
  `User limit reached: your plan allows ${limit} ${limit === 1 ? 'user' : 'users'}. Increase max users on the Manage Subscription page.`

export const SUBSCRIBED = 'Your subscription is active.'
export const REACTIVATED = 'Your subscription is active again.'
export const KEPT = 'Your subscription will continue.'
export const canceledMessage = (endsAt: string | null) => (endsAt ? `Your subscription is canceled and ends on ${endsAt}.` : 'Your subscription is canceled.')
export const pausedMessage = (from: string, to: string) => `Your subscription pauses from ${from} to ${to}.`
export const UNPAUSED = 'Your subscription is no longer paused.'
export const usersAddedMessage = (limit: number) => `Max users increased to ${limit}.`
export const PAID = 'The invoice is paid.'

const blankAsUndefined = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v)

/** A plan choice: the plan's public id and an optional promotion code. */
export const planChoiceSchema = z.object({
  subPackage: z.preprocess((v) => v ?? '', z.string({ invalid_type_error: CHOOSE_PACKAGE }).trim().min(1, CHOOSE_PACKAGE).max(64, PACKAGE_UNAVAILABLE)),
  promo: z.preprocess(blankAsUndefined, z.string({ invalid_type_error: PROMO_UNAVAILABLE }).trim().max(64, PROMO_UNAVAILABLE).optional()),
})
export type PlanChoice = z.infer<typeof planChoiceSchema>
export const planChoiceValidator = withZod(planChoiceSchema)

/** {reactivateCurrentSubscription: true} undoes a cancellation set for the period end. */
export const keepSubscriptionSchema = z.object({ reactivateCurrentSubscription: z.union([z.literal(true), z.literal('true')]) })

export const promoCheckSchema = z.object({
  couponCode: z.preprocess((v) => v ?? '', z.string({ invalid_type_error: PROMO_CODE_REQUIRED }).trim().min(1, PROMO_CODE_REQUIRED).max(64, PROMO_UNAVAILABLE)),
})

/** Increase users: how many units to add (back-office section 5: at least 1) and the billing interval. */
export const usersIncreaseSchema = z.object({
  userQuantity: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ required_error: QUANTITY_MIN, invalid_type_error: QUANTITY_MIN }).int(QUANTITY_MIN).min(1, QUANTITY_MIN).max(100, QUANTITY_MAX),
  ),
  recurringInterval: z.enum(['month', 'year'], { errorMap: () => ({ message: INTERVAL_REQUIRED }) }),
  /** The preview's proration moment, so the charge equals what was shown (within the hour). */
  prorationDate: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankAsUndefined(v)), z.number().int().positive().optional()),
})
export type UsersIncrease = z.infer<typeof usersIncreaseSchema>
export const usersIncreaseValidator = withZod(usersIncreaseSchema)

/** Who may do what (ADR 0038): changing the plan is WRITE_MANAGE_SUBSCRIPTION; a new subscription after the last one ended is the reactivate page's WRITE_PAYMENT_METHOD. */
export const MANAGE_SUBSCRIPTION = { all: ['WRITE_MANAGE_SUBSCRIPTION'] }
export const REACTIVATE_SUBSCRIPTION = { all: ['WRITE_PAYMENT_METHOD'] }
/** The plan list and the promo check serve both pages. */
export const CHOOSE_PLAN = { any: ['WRITE_MANAGE_SUBSCRIPTION', 'WRITE_PAYMENT_METHOD'] }
/**
 * Paying the open invoice with the saved card, wherever it is offered: Pay Now on /payments/invoices,
 * Pay now on /payments/manage-subscription and POST /api/client/payments/pay-open-invoice (ADR 0052).
 */
export const PAY_OPEN_INVOICE = { all: ['READ_SUBSCRIPTION_INVOICES', 'WRITE_PAYMENT_METHOD'] }
