// The customer's answers to a draft (issue 25, ADR 0062): one zod schema per form, shared by the draft page and the calls.
import { z } from 'zod'

export const RATING_INVALID = 'Choose a rating from 1 to 5'
export const REVIEW_TOO_LONG = 'The review can be at most 2000 characters'
export const REVISION_NOTES_REQUIRED = 'Tell your writer what to change'
export const REVISION_NOTES_TOO_LONG = 'Your notes can be at most 5000 characters'
export const TIP_INVALID = 'Enter a tip between 1 and 1000'
export const CARD_REQUIRED = 'Choose a card to pay with'

const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : v)

export const ratingSchema = z.object({
  rating: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.number({ invalid_type_error: RATING_INVALID, required_error: RATING_INVALID }).int(RATING_INVALID).min(1, RATING_INVALID).max(5, RATING_INVALID),
  ),
  review: z.preprocess(text, z.string({ invalid_type_error: REVIEW_TOO_LONG }).max(2000, REVIEW_TOO_LONG)),
})

export const revisionSchema = z.object({
  notes: z.preprocess(text, z.string({ invalid_type_error: REVISION_NOTES_REQUIRED }).trim().min(1, REVISION_NOTES_REQUIRED).max(5000, REVISION_NOTES_TOO_LONG)),
})

/** Amount in the order's currency units ("15" or "15.50"), 1 to 1000; becomes cents. */
export const tipSchema = z.object({
  amount: z.preprocess(
    (v) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,4}(\.\d{1,2})?$/.test(v.trim()) ? Number(v.trim()) : NaN),
    z.number({ invalid_type_error: TIP_INVALID }).refine((n) => Number.isFinite(n) && n >= 1 && n <= 1000, TIP_INVALID),
  ),
  paymentMethod: z.preprocess(text, z.string().regex(/^[A-Za-z0-9_]{1,255}$/, CARD_REQUIRED)),
  /** The form's (or the caller's) key: the same key, amount and card charge once. */
  idempotencyKey: z.preprocess(text, z.string().max(64)).optional(),
})

export const tipCents = (amount: number) => Math.round(amount * 100)
