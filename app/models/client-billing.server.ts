// What the client billing pages share: the signed-in organisation's billing row, its owner (the
// person invoices are addressed to), its Stripe customer, and settling open invoices with a card.
import { platformDb } from '#app/services/db.server'
import { cardErrorMessage, type PaymentsService } from '#app/services/stripe.server'
import type { Tenant } from './auth-guards.server'
import { scopedAs, scopedJoin, type TenantScope } from '#db/tenant'
import { isMissingResource, organisationCustomerId } from './billing-account.server'
import { syncSubscription } from './platform-billing.server'

export type BillingOrganisation = {
  id: number
  public_id: string
  name: string
  stripe_customer_id: string | null
  stripe_subscription_id: string | null
  stripe_connect_account_id: string | null
}

/** The session's organisation (t.clientId): never one named by input. */
export async function billingOrganisation(t: Pick<Tenant, 'clientId'>): Promise<BillingOrganisation> {
  return platformDb
    .selectFrom('organisations')
    .select(['id', 'public_id', 'name', 'stripe_customer_id', 'stripe_subscription_id', 'stripe_connect_account_id'])
    .where('id', '=', t.clientId)
    .executeTakeFirstOrThrow()
}

export type InvoiceContact = { firstName: string; lastName: string; email: string }

/** The organisation's first owner: subscription invoices are addressed to them. */
export async function organisationOwner(t: TenantScope): Promise<InvoiceContact | null> {
  const owner = await scopedAs(t, 'memberships', 'm')
    .innerJoin('users as u', (join) => scopedJoin(t, 'u', join.onRef('u.id', '=', 'm.user_id')))
    .select(['u.first_name', 'u.last_name', 'u.email'])
    .where('m.role', '=', 'client')
    .where('m.archived', '=', false)
    .orderBy('m.active', 'desc')
    .orderBy('u.id')
    .executeTakeFirst()
  return owner ? { firstName: owner.first_name, lastName: owner.last_name, email: owner.email } : null
}

/**
 * The stored Stripe customer while Stripe still has it; null when there is none yet (nothing to
 * list). Reading never creates a customer: only adding a card does.
 */
export async function existingCustomerId(org: BillingOrganisation, payments: PaymentsService): Promise<string | null> {
  if (!org.stripe_customer_id) return null
  try {
    return (await payments.getCustomer(org.stripe_customer_id)).id
  } catch (error) {
    if (isMissingResource(error)) return null
    throw error
  }
}

/** The organisation's customer at Stripe, made (and stored) the first time a card is added. */
export async function ensureCustomerId(t: Tenant, org: BillingOrganisation, payments: PaymentsService): Promise<string> {
  return organisationCustomerId(org, { email: t.user.email, name: org.name }, payments)
}

export type Settlement = { paid: { id: string; number: string | null; subscriptionId: string | null }[]; declined: string | null; failed: boolean }

/**
 * Pays the customer's open invoices, oldest first, with one card: the card a past-due owner adds or
 * chooses is the card they pay with (Stripe's own customer portal does the same). Stops at the
 * first refusal: `declined` carries Stripe's message for the card holder, `failed` any other error.
 */
export async function settleOpenInvoices(customerId: string, paymentMethodId: string, payments: PaymentsService, requestKey: string): Promise<Settlement> {
  const settlement: Settlement = { paid: [], declined: null, failed: false }
  const { invoices } = await payments.listInvoicesPage({ customerId, status: 'open', limit: 100 })
  for (const invoice of invoices.sort((a, b) => a.created - b.created)) {
    try {
      // One key per operation (the form's or the call's): a double submit pays once, a later retry with the same card tries again.
      await payments.payInvoiceWithPaymentMethod(invoice.id, paymentMethodId, `pay-invoice-${invoice.id}-${paymentMethodId}-${requestKey}`)
      settlement.paid.push({ id: invoice.id, number: invoice.number, subscriptionId: invoice.subscriptionId })
    } catch (error) {
      const message = cardErrorMessage(error)
      if (message) settlement.declined = message
      else {
        console.error(`[billing] paying invoice ${invoice.id} failed`, error instanceof Error ? error.message : error)
        settlement.failed = true
      }
      break
    }
  }
  return settlement
}

/**
 * After a payment: the subscription's new state (past_due → active) is applied now, so the owner is
 * let back in on the next page rather than when the webhook arrives (which applies the same state again).
 */
export async function applyPayment(org: BillingOrganisation, customerId: string, subscriptionIds: (string | null)[], payments: PaymentsService): Promise<void> {
  const ids = new Set([org.stripe_subscription_id, ...subscriptionIds].filter((id): id is string => !!id))
  for (const subscriptionId of ids) {
    try {
      await syncSubscription({ subscriptionId, customerId, metadataClientId: null }, payments)
    } catch (error) {
      console.error(`[billing] applying subscription ${subscriptionId} after a payment failed`, error instanceof Error ? error.message : error)
    }
  }
}
