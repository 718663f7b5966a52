// Payments adapter: the one place that talks to the payment provider (Stripe once the billing issue lands).
import { newPublicId } from './crypto.server'

export type RefundRequest = {
  clientId: number
  /** The provider's payment (charge or payment intent) the invoice was paid with; null for payments recorded without one. */
  providerPaymentId: string | null
  amountCents: number
  /** Sent to the provider so a retried refund of the same invoice is never paid out twice. */
  idempotencyKey?: string
}

export type RefundResult = { ok: true; providerRefundId: string } | { ok: false; error: string }

/**
 * Refunds part or all of a provider payment. Until the billing issue wires the Stripe SDK this
 * records locally only: it answers a local refund id and moves no money. Replacing this body with
 * `stripe.refunds.create({ payment_intent, amount }, { idempotencyKey })` is the whole change (ADR 0022).
 */
export async function refundPayment(request: RefundRequest): Promise<RefundResult> {
  if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) return { ok: false, error: 'The refund amount must be positive' }
  return { ok: true, providerRefundId: `local_re_${newPublicId()}` }
}
