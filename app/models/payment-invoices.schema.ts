// Payment invoices (subscription billing at Stripe): the spec's texts and the platform list's query.
import { z } from 'zod'

/** Back-office section 8: the invoice load failure. */
export const PAYMENT_INVOICES_FAILED = 'Something went wrong, please try again later'
export const INVOICE_PAID = 'Invoice paid successfully.'
export const PAY_FAILED = 'Unable to pay the invoice. Please try again later.'
export const NO_CARD = 'Add a payment method first, then pay the invoice.'
export const INVOICE_NOT_OPEN = 'This invoice is not open for payment.'

const STRIPE_ID = /^[A-Za-z0-9_]{1,255}$/

/** Pay now on /payments/invoices. */
export const payInvoiceSchema = z.object({ invoice_id: z.string({ required_error: 'invoice_id is required' }).trim().regex(STRIPE_ID, 'invoice_id is required') })

/** GET /api/payments/invoices/get (platform): one organisation or all, a page at a time (Stripe's cursor). */
export const platformInvoicesQuerySchema = z.object({
  clientId: z.string().trim().min(1).max(64).optional(),
  starting_after: z.string().trim().regex(STRIPE_ID, 'starting_after must be an invoice id').optional(),
  limit: z.coerce
    .number({ invalid_type_error: 'limit must be a number from 1 to 100' })
    .int('limit must be a number from 1 to 100')
    .min(1, 'limit must be a number from 1 to 100')
    .max(100, 'limit must be a number from 1 to 100')
    .default(100),
})
export type PlatformInvoicesQuery = z.infer<typeof platformInvoicesQuerySchema>
