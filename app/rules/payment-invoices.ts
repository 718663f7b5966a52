// Payment invoices as the spec lists them (back-office section 3): the organisation's Stripe invoices,
// each with the receipt of the charge that paid it, plus charges with no invoice ('n/a': a receipt).

export type InvoiceFacts = {
  id: string
  number: string | null
  status: string | null
  amountDueCents: number
  amountPaidCents: number
  currency: string
  created: number
  hostedInvoiceUrl: string | null
  invoicePdf: string | null
  paymentIntentId: string | null
}

export type ChargeFacts = {
  id: string
  paymentIntentId: string | null
  amountCents: number
  amountRefundedCents: number
  currency: string
  status: string
  created: number
  receiptUrl: string | null
  receiptNumber: string | null
}

export type InvoiceUser = { firstName: string; lastName: string; email: string }

export type PaymentInvoiceRow = {
  _id: string
  user: InvoiceUser
  /** 'n/a' means the row is a receipt (a payment without an invoice). */
  invoice_number: string
  receipt_number: string | null
  /** Cents, as Stripe gives them. */
  amount_due: number
  amount_paid: number
  currency: string
  status: string
  /** Unix seconds. */
  created: number
  invoice_url: string | null
  invoice_pdf: string | null
  receipt_url: string | null
}

export const RECEIPT_NUMBER = 'n/a'

/**
 * Newest first. Drafts are not the customer's business yet and are left out. `invoicesComplete`
 * false means older invoices exist beyond the page: a charge older than the oldest invoice shown
 * may belong to one of those, so it is not taken for a receipt.
 */
export function paymentInvoiceRows(input: { invoices: InvoiceFacts[]; charges: ChargeFacts[]; user: InvoiceUser; invoicesComplete: boolean }): PaymentInvoiceRow[] {
  const invoices = input.invoices.filter((i) => i.status !== 'draft' && i.status !== null)
  const byIntent = new Map<string, ChargeFacts[]>()
  for (const charge of input.charges) {
    if (!charge.paymentIntentId) continue
    byIntent.set(charge.paymentIntentId, [...(byIntent.get(charge.paymentIntentId) ?? []), charge])
  }
  const invoiceIntents = new Set(input.invoices.map((i) => i.paymentIntentId).filter((id): id is string => !!id))
  const rows: PaymentInvoiceRow[] = invoices.map((i) => {
    const charges = i.paymentIntentId ? (byIntent.get(i.paymentIntentId) ?? []) : []
    const paid = charges.find((c) => c.status === 'succeeded')
    return {
      _id: i.id,
      user: input.user,
      invoice_number: i.number ?? i.id,
      receipt_number: paid?.receiptNumber ?? null,
      amount_due: i.amountDueCents,
      amount_paid: i.amountPaidCents,
      currency: i.currency,
      status: i.status!,
      created: i.created,
      invoice_url: i.hostedInvoiceUrl,
      invoice_pdf: i.invoicePdf,
      receipt_url: paid?.receiptUrl ?? null,
    }
  })
  const oldestInvoice = invoices.length ? Math.min(...input.invoices.map((i) => i.created)) : -Infinity
  for (const c of input.charges) {
    if (c.status !== 'succeeded' || (c.paymentIntentId && invoiceIntents.has(c.paymentIntentId))) continue
    if (!input.invoicesComplete && c.created < oldestInvoice) continue
    rows.push({
      _id: c.id,
      user: input.user,
      invoice_number: RECEIPT_NUMBER,
      receipt_number: c.receiptNumber,
      amount_due: c.amountCents,
      amount_paid: c.amountCents,
      currency: c.currency,
      status: c.amountRefundedCents >= c.amountCents && c.amountCents > 0 ? 'refunded' : 'paid',
      created: c.created,
      invoice_url: null,
      invoice_pdf: null,
      receipt_url: c.receiptUrl,
    })
  }
  return rows.sort((a, b) => b.created - a.created || a._id.localeCompare(b._id))
}

/** Whether a row can be paid now: an invoice Stripe still holds open. */
export function isPayable(row: Pick<PaymentInvoiceRow, 'status' | 'invoice_number'>): boolean {
  return row.status === 'open' && row.invoice_number !== RECEIPT_NUMBER
}
