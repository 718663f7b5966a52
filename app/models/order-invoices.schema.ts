// Order invoice payloads: the list query, Mark As Paid and Refund (one schema each for the page and the JSON API).
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'

export { INVOICE_PAGE_SIZES, INVOICE_LOAD_FAILED, MARKED_PAID } from './order-invoices.names'

/** Back-office section 9: invoices 100, 150, 200 per page (default 100). */
export const INVOICE_NOT_FOUND = 'Invoice not found'
export const REFUND_WARNING = 'You will not be able to revert this.'
export const REFUNDED = 'Refunded Successfully!'
export const ENTER_REFUND_AMOUNT = 'Enter a refund amount'
export const MARK_PAID_REFUSED = 'Only unpaid invoices can be marked as paid'
export const REFUND_REFUSED = 'This invoice cannot be refunded'

const invoiceId = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v),
  z.string({ invalid_type_error: INVOICE_NOT_FOUND }).min(1, 'invoice_id is required').max(64, INVOICE_NOT_FOUND),
)

export const invoiceListQuerySchema = z.object({
  start: z.coerce.number().int().min(0).max(10_000_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(100),
})

export const markPaidSchema = z.object({ invoice_id: invoiceId })

/** The amount in currency units; absent or empty means the default (the provider-paid price). The bounds are checked against the invoice. */
const amount = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return undefined
    if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v.trim())
    return v
  },
  z.number({ invalid_type_error: ENTER_REFUND_AMOUNT }).refine(Number.isFinite, ENTER_REFUND_AMOUNT).optional(),
)

export const refundSchema = z.object({ invoice_id: invoiceId, amount })

/** The refund dialog: the invoice comes from the URL; the amount starts at the maximum and may not be left empty. */
export const refundFormSchema = z.object({ amount: amount.refine((v) => v !== undefined, ENTER_REFUND_AMOUNT) })
export const refundFormValidator = withZod(refundFormSchema)

export type RefundInput = z.infer<typeof refundSchema>
