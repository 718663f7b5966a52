// Order-invoice refunds at the payment provider (ADR 0022, 0046): Stripe through paymentsService().
import Stripe from 'stripe'
import { isPlaceholderProviderId } from '#app/rules/provider-ids'
import { newPublicId } from './crypto.server'
import { paymentsService, type PaymentsService } from './stripe.server'

export type RefundRequest = {
  clientId: number
  /** The order invoice's public id: recorded on the provider's refund, which is how a retry finds it. */
  invoiceId: string
  /** The provider's payment (a payment intent) the invoice was paid with; null for payments recorded without one. */
  providerPaymentId: string | null
  /**
   * The connected account the payment was taken on (a portal checkout's direct charge, Stripe Connect):
   * the refund is made there. Null or absent: a payment of the platform's own account.
   */
  providerAccountId?: string | null
  amountCents: number
  /** Sent to the provider so a retried refund of the same invoice is never paid out twice. */
  idempotencyKey: string
}

export type RefundResult =
  { ok: true; providerRefundId: string; amountCents: number; recordedOnly: boolean } | { ok: false; status: 400 | 409 | 502; error: string; field?: 'amount' }

export const REFUND_AMOUNT_POSITIVE = 'The refund amount must be positive'
export const REFUND_NOT_AT_PROVIDER = 'This payment was not taken through the payment provider, so it cannot be refunded here'
export const REFUND_PAYMENT_UNKNOWN = 'The payment provider has no record of this payment, so it cannot be refunded'
export const REFUND_ALREADY_REFUNDED = 'This payment has already been refunded in full at the payment provider'
export const REFUND_OTHER_AMOUNT = 'A refund of this invoice for another amount was already sent to the payment provider; refund the same amount to finish it'
export const REFUND_PROVIDER_DOWN = 'The payment provider could not be reached. Nothing was refunded; please try again later'
export const REFUND_ACCOUNT_UNAVAILABLE =
  'The payment provider no longer gives access to the payout account this payment was taken on, so it cannot be refunded here. Check the account under Payments > Payouts'
export const refundRefused = (providerMessage: string) => `The payment provider refused the refund: ${providerMessage}`

/**
 * Refunds part or all of a provider payment. A demo payment the seed wrote without any provider
 * (`pi_seed_...`) moved no money, so its refund is recorded only. A refusal changes nothing: 409 when
 * the provider's record of the payment disagrees with ours (more than is left, already refunded,
 * unknown), 502 when it could not be asked.
 */
export async function refundPayment(request: RefundRequest, payments?: PaymentsService): Promise<RefundResult> {
  if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) return { ok: false, status: 400, error: REFUND_AMOUNT_POSITIVE, field: 'amount' }
  if (isPlaceholderProviderId(request.providerPaymentId)) return { ok: true, providerRefundId: `local_re_${newPublicId()}`, amountCents: request.amountCents, recordedOnly: true }
  if (!request.providerPaymentId) return { ok: false, status: 409, error: REFUND_NOT_AT_PROVIDER }
  const service = payments ?? paymentsService()
  const metadata = { invoiceId: request.invoiceId }
  const accountId = request.providerAccountId ?? null
  try {
    // An earlier attempt that reached the provider but was never recorded here (the idempotency key
    // only lasts 24 hours at Stripe): its refund is the answer, whatever the amount asked now.
    const refund =
      (await service.findRefund(request.providerPaymentId, metadata, accountId)) ??
      (await service.refund({ paymentIntentId: request.providerPaymentId, amountCents: request.amountCents, metadata, accountId }, request.idempotencyKey))
    return { ok: true, providerRefundId: refund.id, amountCents: refund.amountCents, recordedOnly: false }
  } catch (error) {
    return refusal(error, request)
  }
}

function refusal(error: unknown, request: RefundRequest): Extract<RefundResult, { ok: false }> {
  // The connected account is gone or disconnected: asking again will not help, the owner must look.
  if (error instanceof Stripe.errors.StripePermissionError) return { ok: false, status: 409, error: REFUND_ACCOUNT_UNAVAILABLE }
  if (error instanceof Stripe.errors.StripeIdempotencyError) return { ok: false, status: 409, error: REFUND_OTHER_AMOUNT, field: 'amount' }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'resource_missing') return { ok: false, status: 409, error: REFUND_PAYMENT_UNKNOWN }
    if (error.code === 'charge_already_refunded') return { ok: false, status: 409, error: REFUND_ALREADY_REFUNDED }
    return { ok: false, status: 409, error: refundRefused(error.message), ...(error.param === 'amount' ? { field: 'amount' as const } : {}) }
  }
  console.error(
    `[payments] refund of ${request.providerPaymentId} (organisation ${request.clientId}${request.providerAccountId ? `, account ${request.providerAccountId}` : ''}) failed`,
    error instanceof Error ? error.message : error,
  )
  return { ok: false, status: 502, error: REFUND_PROVIDER_DOWN }
}
