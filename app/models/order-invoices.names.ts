// Order invoices: the names the browser needs, without zod (issue 27, ADR 0077); order-invoices.schema.ts re-exports them.
export const INVOICE_PAGE_SIZES = [100, 150, 200] as const
export const INVOICE_LOAD_FAILED = 'Something went wrong, please try again later'
export const MARKED_PAID = 'Saved Successfully!'
