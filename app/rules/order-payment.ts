// What the order page says about money (issue 27): the payment state of an order from its invoices, and
// whether this viewer may see the price the customer paid (the hide_customer_price setting, ADR 0075).
import { mayWork } from './contributor'
import type { Principal } from './permissions'

export type InvoiceState = { status: 'unpaid' | 'paid' | 'refunded'; priceCents: number; refundCents: number | null }

export type PaymentState = 'paid' | 'unpaid' | 'refunded' | 'partially-refunded' | 'no-invoice'

export const PAYMENT_LABELS: Record<PaymentState, { label: string; tone: 'green' | 'amber' | 'red' | 'gray' }> = {
  paid: { label: 'Paid', tone: 'green' },
  unpaid: { label: 'Unpaid', tone: 'amber' },
  refunded: { label: 'Refunded', tone: 'red' },
  'partially-refunded': { label: 'Partially refunded', tone: 'amber' },
  'no-invoice': { label: 'No invoice', tone: 'gray' },
}

/**
 * One order's payment state from the invoices it is on (usually one; a cart makes one invoice for several
 * orders). Something still to pay wins: any unpaid invoice makes the order unpaid. Otherwise refunds tell:
 * all refunded in full is refunded, any refund at all is partially refunded; else paid.
 */
export function paymentState(invoices: readonly InvoiceState[]): PaymentState {
  if (invoices.length === 0) return 'no-invoice'
  if (invoices.some((i) => i.status === 'unpaid')) return 'unpaid'
  const refunded = invoices.filter((i) => i.status === 'refunded')
  if (refunded.length === 0) return 'paid'
  const full = (i: InvoiceState) => i.refundCents === null || i.refundCents >= i.priceCents
  return refunded.length === invoices.length && refunded.every(full) ? 'refunded' : 'partially-refunded'
}

export const paymentLabel = (state: PaymentState) => PAYMENT_LABELS[state].label

/**
 * hide_customer_price: "Contributors do not see what the customer paid." A writer or reviewer (role user,
 * the people of /work) reading the back-office order page sees neither price nor payment state then; the
 * owner and other staff always do.
 */
export function showsCustomerPrice(user: Principal, settings: { hide_customer_price: boolean }): boolean {
  return !(settings.hide_customer_price && mayWork(user))
}
