// Order invoice state rules: Mark As Paid and Refund (back-office sections 4 and 5).

export type InvoiceState = { status: 'unpaid' | 'paid' | 'refunded'; providerPaidCents: number }

/** Mark As Paid is offered for unpaid invoices only. */
export function canMarkPaid(invoice: InvoiceState): boolean {
  return invoice.status === 'unpaid'
}

/** A refund needs a paid invoice whose payment the provider collected (a positive provider-paid price). */
export function canRefund(invoice: InvoiceState): boolean {
  return invoice.status === 'paid' && invoice.providerPaidCents > 0
}

/** The refund amount (in currency units): at least 1, at most the provider-paid price, which is also the default. */
export function refundBounds(providerPaidCents: number): { min: number; max: number; default: number } {
  const max = providerPaidCents / 100
  return { min: 1, max, default: max }
}

export type RefundCheck = { ok: true; cents: number } | { ok: false; error: string }

export function checkRefundAmount(invoice: InvoiceState, amount: number): RefundCheck {
  if (!canRefund(invoice)) return { ok: false, error: 'This invoice cannot be refunded' }
  const { min, max } = refundBounds(invoice.providerPaidCents)
  if (!Number.isFinite(amount)) return { ok: false, error: 'Enter a refund amount' }
  if (amount < min) return { ok: false, error: `The refund amount must be at least ${min}` }
  if (amount > max) return { ok: false, error: `The refund amount cannot be more than ${max}` }
  const cents = Math.round(amount * 100)
  if (Math.abs(cents - amount * 100) > 1e-6) return { ok: false, error: 'Enter a correct number, ex. 365.50' }
  return { ok: true, cents }
}
