// The Create Order toggles (back-office section 5): which invoice, if any, a new order gets.

export type InvoicePlan = 'unpaid' | 'paid' | 'none'

/**
 * The Create Invoice toggle exists only while Mark As Paid is on; otherwise createInvoice is
 * forced true. So: not paid → an unpaid invoice; paid with an invoice → a paid invoice; paid
 * without one → none. The server applies this whatever the browser sent.
 */
export function invoicePlan(input: { markAsPaid: boolean; createInvoice: boolean }): InvoicePlan {
  if (!input.markAsPaid) return 'unpaid'
  return input.createInvoice ? 'paid' : 'none'
}

/** Whether the Create Invoice toggle is shown (and so whether its value counts). */
export function showsCreateInvoice(markAsPaid: boolean): boolean {
  return markAsPaid
}
