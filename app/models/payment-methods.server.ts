// The organisation's cards at Stripe (ADR 0036): list, add, set default. A card added or chosen
// while invoices are open pays them at once; a card Stripe declines is not kept.
import { cardErrorMessage, type PaymentMethodSummary, type PaymentsService } from '#app/services/stripe.server'
import type { Tenant } from './auth-guards.server'
import { audited } from './audit.server'
import { isMissingResource } from './billing-account.server'
import { applyPayment, billingOrganisation, type BillingOrganisation, ensureCustomerId, existingCustomerId, settleOpenInvoices } from './client-billing.server'
import { ADD_FAILED, DEFAULT_FAILED, type PaymentMethodJson } from './payment-methods.schema'

export function toPaymentMethodJson(pm: PaymentMethodSummary): PaymentMethodJson {
  return { _id: pm.id, brand: pm.brand, last4: pm.last4, exp_month: pm.expMonth, exp_year: pm.expYear, is_default: pm.isDefault }
}

/** 402: Stripe refused the card (its message is shown as is); 404: not this organisation's card; 502: anything else. */
export type CardOutcome<T> = { ok: true; value: T } | { ok: false; status: 402 | 404 | 502; error: string }

export type AddedCard = { paymentMethod: PaymentMethodJson; paidInvoices: string[] }

function providerFailure(what: string, error: unknown, message: string): { ok: false; status: 502; error: string } {
  console.error(`[billing] ${what} failed at the payment provider`, error instanceof Error ? error.message : error)
  return { ok: false, status: 502, error: message }
}

/** The customer's default, then the subscription's own default (which Stripe charges first) to match. */
async function makeDefault(org: BillingOrganisation, customerId: string, paymentMethodId: string, payments: PaymentsService) {
  await payments.setDefaultPaymentMethod(customerId, paymentMethodId)
  if (!org.stripe_subscription_id) return
  try {
    await payments.setSubscriptionPaymentMethod(org.stripe_subscription_id, paymentMethodId)
  } catch (error) {
    // A subscription Stripe no longer has (ended long ago, or the emulator restarted) has no card to change.
    if (!isMissingResource(error)) throw error
  }
}

async function cards(org: BillingOrganisation, payments: PaymentsService): Promise<{ customerId: string | null; methods: PaymentMethodSummary[] }> {
  const customerId = await existingCustomerId(org, payments)
  return { customerId, methods: customerId ? await payments.listPaymentMethods(customerId) : [] }
}

async function addCard(t: Tenant, input: { paymentMethodId: string; makeDefault: boolean }, payments: PaymentsService, requestKey: string): Promise<CardOutcome<AddedCard>> {
  const org = await billingOrganisation(t)
  let customerId: string
  let card: PaymentMethodSummary
  let hadDefault: boolean
  try {
    customerId = await ensureCustomerId(t, org, payments)
    hadDefault = (await payments.listPaymentMethods(customerId)).some((m) => m.isDefault)
    card = await payments.attachPaymentMethod(customerId, input.paymentMethodId, { makeDefault: false }, `payment-method-${org.public_id}-${input.paymentMethodId}-${requestKey}`)
  } catch (error) {
    const declined = cardErrorMessage(error)
    if (declined) return { ok: false, status: 402, error: declined }
    return providerFailure('adding a card', error, ADD_FAILED)
  }
  try {
    const settlement = await settleOpenInvoices(customerId, card.id, payments, requestKey)
    if ((settlement.declined || settlement.failed) && settlement.paid.length === 0) {
      // Stripe itself refuses to attach a card that declines; a card that just failed to pay is not kept either.
      await payments.detachPaymentMethod(card.id).catch((error) => console.error(`[billing] detaching declined card ${card.id} failed`, error))
      return settlement.declined ? { ok: false, status: 402, error: settlement.declined } : { ok: false, status: 502, error: ADD_FAILED }
    }
    const isDefault = input.makeDefault || !hadDefault || settlement.paid.length > 0
    if (isDefault) await makeDefault(org, customerId, card.id, payments)
    if (settlement.paid.length > 0)
      await applyPayment(
        org,
        customerId,
        settlement.paid.map((p) => p.subscriptionId),
        payments,
      )
    return { ok: true, value: { paymentMethod: toPaymentMethodJson({ ...card, isDefault }), paidInvoices: settlement.paid.map((p) => p.number ?? p.id) } }
  } catch (error) {
    return providerFailure('adding a card', error, ADD_FAILED)
  }
}

async function setDefaultCard(t: Tenant, paymentMethodId: string, payments: PaymentsService, requestKey: string): Promise<CardOutcome<{ paidInvoices: string[] }>> {
  const org = await billingOrganisation(t)
  try {
    const { customerId, methods } = await cards(org, payments)
    // Only a card of this organisation's own customer: another customer's pm id is refused here, not at Stripe.
    if (!customerId || !methods.some((m) => m.id === paymentMethodId)) return { ok: false, status: 404, error: DEFAULT_FAILED }
    const settlement = await settleOpenInvoices(customerId, paymentMethodId, payments, requestKey)
    if (settlement.declined && settlement.paid.length === 0) return { ok: false, status: 402, error: settlement.declined }
    if (settlement.failed && settlement.paid.length === 0) return { ok: false, status: 502, error: DEFAULT_FAILED }
    await makeDefault(org, customerId, paymentMethodId, payments)
    if (settlement.paid.length > 0)
      await applyPayment(
        org,
        customerId,
        settlement.paid.map((p) => p.subscriptionId),
        payments,
      )
    return { ok: true, value: { paidInvoices: settlement.paid.map((p) => p.number ?? p.id) } }
  } catch (error) {
    return providerFailure('setting the default card', error, DEFAULT_FAILED)
  }
}

const describeCard = (pm: Pick<PaymentMethodJson, 'brand' | 'last4'>) => `${pm.brand} •••• ${pm.last4}`

/** What routes call: each mutation writes its audit row, success or refusal. */
export const paymentMethodActions = {
  async list(t: Tenant, payments: PaymentsService): Promise<PaymentMethodJson[]> {
    return (await cards(await billingOrganisation(t), payments)).methods.map(toPaymentMethodJson)
  },

  async add(t: Tenant, request: Request, input: { paymentMethodId: string; makeDefault: boolean }, payments: PaymentsService, requestKey: string) {
    const result = await addCard(t, input, payments, requestKey)
    const paid = result.ok && result.value.paidInvoices.length ? `; paid ${result.value.paidInvoices.join(', ')}` : ''
    return audited(
      t,
      request,
      {
        module: 'billing',
        action: 'add-payment-method',
        message: result.ok
          ? `Added card ${describeCard(result.value.paymentMethod)}${result.value.paymentMethod.is_default ? ' as default' : ''}${paid}`
          : `Card not added: ${result.error}`,
      },
      result,
    )
  },

  async setDefault(t: Tenant, request: Request, paymentMethodId: string, payments: PaymentsService, requestKey: string) {
    const result = await setDefaultCard(t, paymentMethodId, payments, requestKey)
    const paid = result.ok && result.value.paidInvoices.length ? `; paid ${result.value.paidInvoices.join(', ')}` : ''
    return audited(
      t,
      request,
      {
        module: 'billing',
        action: 'default-payment-method',
        message: result.ok ? `Default card set to ${paymentMethodId}${paid}` : `Default card not set to ${paymentMethodId}: ${result.error}`,
      },
      result,
    )
  },
}
