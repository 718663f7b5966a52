// Customers paying the organisation on its portal (checkout, an open invoice, a tip): a direct charge on the
// organisation's connected account with the platform's application fee (ADR 0058). One place decides the
// idempotency key, finding a charge an earlier crashed attempt already made, and what each failure means.
import { createHash } from 'node:crypto'
import { applicationFeeCents } from '#app/rules/application-fee'
import { billingService } from '#app/services/billing-request.server'
import { env } from '#app/services/env.server'
import { cardErrorMessage, isConnectedAccountUnusable } from '#app/services/stripe.server'
import type { TenantScope } from '#db/tenant'
import { forgetStorefrontPayments } from './storefront-payments.server'

export type ConnectedChargeOutcome = { ok: true; paymentIntentId: string | null } | { ok: false; status: number; error: string; field?: 'payment' }

export type ConnectedCharge = {
  accountId: string
  paymentMethodId: string
  amountCents: number
  currency: string
  description: string
  /** Names what is paid (cartId, orderInvoiceId, tipFor) and the organisation. */
  metadata: Record<string, string>
  /** The idempotency key's prefix and the parts that make one payment (the same parts charge once). */
  keyPrefix: string
  keyParts: readonly unknown[]
  /** Look for a succeeded charge with this metadata before charging (the thing paid can be paid only once). */
  findEarlier: boolean
  /** What the customer reads when the provider cannot be reached, and when the account stopped taking charges. */
  messages: { unavailable: string; notTaking: string }
  /** The log line's label, e.g. `cart 8f3a…`. */
  what: string
}

export async function chargeOnConnectedAccount(t: TenantScope, c: ConnectedCharge): Promise<ConnectedChargeOutcome> {
  const service = billingService()
  if (!service) return { ok: false, status: 502, error: c.messages.unavailable }
  const key = createHash('sha256').update(JSON.stringify(c.keyParts)).digest('hex').slice(0, 32)
  try {
    if (c.findEarlier) {
      const earlier = await service.findSucceededConnectedCharge(c.accountId, c.metadata)
      if (earlier) return { ok: true, paymentIntentId: earlier.paymentIntentId }
    }
    const charge = await service.chargeConnected(
      {
        accountId: c.accountId,
        paymentMethodId: c.paymentMethodId,
        amountCents: c.amountCents,
        currency: c.currency,
        applicationFeeCents: applicationFeeCents(c.amountCents, env().PLATFORM_APPLICATION_FEE_PERCENT),
        description: c.description,
        metadata: c.metadata,
      },
      `${c.keyPrefix}-${key}`,
    )
    return { ok: true, paymentIntentId: charge.paymentIntentId }
  } catch (error) {
    const message = cardErrorMessage(error)
    if (message) return { ok: false, status: 402, error: message, field: 'payment' }
    // The organisation's account stopped taking charges since the page was shown: nothing was charged.
    if (isConnectedAccountUnusable(error)) {
      await forgetStorefrontPayments(t)
      return { ok: false, status: 409, error: c.messages.notTaking }
    }
    console.error(`[connected charges] ${c.what} (organisation ${t.clientId}) failed`, error instanceof Error ? error.message : error)
    return { ok: false, status: 502, error: c.messages.unavailable }
  }
}
