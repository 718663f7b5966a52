// /v1/payment_intents (one-time charges: create, confirm; invoices make their own), /v1/charges
// (read-only) and /v1/refunds. With `Stripe-Account` they are a connected account's direct charges
// (Connect): kept apart per account, with the platform's application fee.
import { chargeCard } from '../billing'
import type { Emulator } from '../emulator'
import { cardError, invalidRequest, missingParam, resourceMissing } from '../errors'
import { newId } from '../ids'
import { expandPaths, mergeMetadata, oneOf, optArray, optBool, optInt, optObject, optString, reqInt, reqString } from '../params'
import { expand, renderCharge, renderPaymentIntent, renderRefund } from '../render'
import { newestFirst, paginate, route, type HandlerContext } from '../router'
import type { ChargeRecord, CustomerRecord, PaymentIntentRecord, RefundRecord } from '../state'
import { findCustomer } from './customers'
import { resolvePaymentMethod } from './payment-methods'

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

/** A charge of the account asking (null: the platform): another account's is as missing as an unknown one. */
function findCharge(em: Emulator, id: string, account: string | null, param?: string): ChargeRecord {
  const charge = em.store.charges.get(id)
  if (!charge || charge._account !== account) throw resourceMissing('charge', id, param)
  return charge
}

function nowForCustomer(em: Emulator, customerId: string | null): number {
  const customer = customerId ? em.store.customers.get(customerId) : undefined
  return em.clocks.nowFor(customer?.test_clock)
}

function createRefund({ em, params, account }: HandlerContext) {
  const chargeId = optString(params, 'charge')
  const intentId = optString(params, 'payment_intent')
  if (!chargeId && !intentId) throw missingParam('charge')
  let charge: ChargeRecord
  if (chargeId) charge = findCharge(em, chargeId, account, 'charge')
  else {
    const intent = em.store.paymentIntents.get(intentId!)
    if (!intent || intent._account !== account) throw resourceMissing('payment_intent', intentId!, 'payment_intent')
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable')
    }
    charge = findCharge(em, intent.latest_charge, account)
  }
  if (charge.status !== 'succeeded') throw invalidRequest(`Charge ${charge.id} cannot be refunded because it has not succeeded.`, undefined, 'charge_not_refundable')
  const left = charge.amount - charge.amount_refunded
  if (left <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded')
  const amount = optInt(params, 'amount') ?? left
  if (amount <= 0) throw invalidRequest('Invalid positive integer', 'amount')
  if (amount > left) {
    const message =
      charge.amount_refunded > 0
        ? `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`
        : `Refund amount (${dollars(amount)}) is greater than charge amount (${dollars(charge.amount)})`
    throw invalidRequest(message, 'amount')
  }
  const now = nowForCustomer(em, charge.customer)
  const refund: RefundRecord = {
    id: newId('re'),
    created: now,
    amount,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    currency: charge.currency,
    reason: oneOf(params, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
    metadata: mergeMetadata({}, params),
    _account: charge._account,
  }
  em.store.refunds.set(refund.id, refund)
  const previousRefunded = charge.amount_refunded
  charge.amount_refunded += amount
  em.emit('refund.created', renderRefund(refund), now)
  em.emit('charge.refunded', renderCharge(em, charge), now, { amount_refunded: previousRefunded })
  return expand(em, renderRefund(refund), expandPaths(params))
}

/** Stripe's smallest charge per currency (in the currency's minor unit); 50 for the rest here. */
const MINIMUM_AMOUNT: Record<string, number> = { usd: 50, eur: 50, cad: 50, aud: 50, gbp: 30, jpy: 50 }

function findIntent(em: Emulator, id: string, account: string | null): PaymentIntentRecord {
  const intent = em.store.paymentIntents.get(id)
  if (!intent || intent._account !== account) throw resourceMissing('payment_intent', id)
  return intent
}

/** Stripe's test-mode refusal of a direct charge on an account whose onboarding has not enabled charges. */
function requireChargesEnabled(em: Emulator, account: string | null) {
  if (account && !em.store.accounts.get(account)?.charges_enabled) {
    throw invalidRequest('You cannot create a charge on a connected account without the `card_payments` capability enabled.')
  }
}

/**
 * application_fee_amount: what the platform keeps of a direct charge (Connect). Stripe takes it only on
 * a charge made for a connected account, and never more than the charge.
 */
function applicationFee(params: HandlerContext['params'], amount: number, account: string | null): number | null {
  const fee = optInt(params, 'application_fee_amount')
  if (fee === undefined) return null
  if (!account) {
    throw invalidRequest(
      'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      'application_fee_amount',
    )
  }
  if (fee < 0) throw invalidRequest('This value must be greater than or equal to 0.', 'application_fee_amount')
  if (fee > amount) throw invalidRequest(`The application fee (${fee}) cannot be greater than the amount (${amount}).`, 'application_fee_amount')
  return fee
}

/** off_session takes true/false or Stripe's older one_off/recurring; it only means something with confirm=true. */
function offSession(params: HandlerContext['params']): boolean {
  const value = oneOf(params, 'off_session', ['true', 'false', 'one_off', 'recurring'] as const)
  return value !== undefined && value !== 'false'
}

/**
 * The card a PaymentIntent would charge: a test token makes a fresh (unattached) card; a stored card
 * must belong to the intent's customer, as at Stripe (a customer's card is not charged for another).
 */
function paymentMethodFor(em: Emulator, id: string, customer: CustomerRecord | null, param: string, account: string | null) {
  const pm = resolvePaymentMethod(em, id, param, account)
  if (pm.customer && pm.customer !== customer?.id) {
    const message = customer
      ? `The provided PaymentMethod ${pm.id} belongs to another Customer than the PaymentIntent's (${customer.id}).`
      : `The provided PaymentMethod ${pm.id} is attached to a Customer: pass that customer to use it.`
    throw invalidRequest(message, param, 'payment_method_unexpected_state')
  }
  return pm
}

/**
 * Confirms an intent: one charge attempt on its card. A decline leaves the intent in
 * requires_payment_method with last_payment_error and answers Stripe's 402 card_error, which names
 * the intent and the failed charge (the SDK's StripeCardError with `payment_intent`).
 */
function confirmIntent(em: Emulator, intent: PaymentIntentRecord, now: number): PaymentIntentRecord {
  if (intent.status === 'succeeded') {
    throw invalidRequest('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.', undefined, 'payment_intent_unexpected_state')
  }
  if (intent.status === 'canceled') {
    throw invalidRequest(
      'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.',
      undefined,
      'payment_intent_unexpected_state',
    )
  }
  if (!intent.payment_method) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      undefined,
      'payment_intent_unexpected_state',
    )
  }
  // An account may lose charges between creating and confirming (Stripe disables it for verification).
  requireChargesEnabled(em, intent._account)
  const result = chargeCard(em, {
    customer: intent.customer,
    paymentMethod: intent.payment_method,
    amount: intent.amount,
    currency: intent.currency,
    description: intent.description,
    invoice: null,
    existingIntent: intent.id,
    now,
  })
  // Stripe copies the intent's metadata onto its charges.
  if (result.charge) result.charge.metadata = { ...intent.metadata }
  if (result.decline) throw cardError(result.decline, { charge: result.charge?.id, payment_intent: renderPaymentIntent(intent) })
  return intent
}

function createIntent({ em, params, account }: HandlerContext) {
  requireChargesEnabled(em, account)
  const amount = reqInt(params, 'amount')
  const currency = reqString(params, 'currency').toLowerCase()
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, 'currency')
  const minimum = MINIMUM_AMOUNT[currency] ?? 50
  if (amount < minimum) throw invalidRequest(`Amount must be at least ${(minimum / 100).toFixed(2)} ${currency}`, 'amount', 'amount_too_small')
  if (amount > 99_999_999) throw invalidRequest('Amount must be no more than 999,999.99', 'amount', 'amount_too_large')
  // allowed_payment_method_types (this API version's name) or the older payment_method_types: cards only here.
  for (const param of ['allowed_payment_method_types', 'payment_method_types']) {
    for (const type of optArray(params, param) ?? []) {
      if (type !== 'card') throw invalidRequest(`The payment method type ${JSON.stringify(type)} is invalid. The emulator takes card only.`, param)
    }
  }
  optObject(params, 'automatic_payment_methods')
  if (oneOf(params, 'capture_method', ['automatic', 'automatic_async', 'manual'] as const) === 'manual')
    throw invalidRequest('The emulator captures automatically only (capture_method=manual is not emulated).', 'capture_method')
  const confirm = optBool(params, 'confirm') ?? false
  if (params.off_session !== undefined && !confirm) throw invalidRequest('You can only pass off_session when confirm=true.', 'off_session')
  offSession(params)
  const applicationFeeAmount = applicationFee(params, amount, account)
  const customerId = optString(params, 'customer')
  // Customers are the platform's here: a connected account has none of its own in the emulator.
  if (customerId && account) throw resourceMissing('customer', customerId, 'customer')
  const customer = customerId ? findCustomer(em, customerId, 'customer') : null
  const pmId = optString(params, 'payment_method')
  const pm = pmId ? paymentMethodFor(em, pmId, customer, 'payment_method', account) : null
  const now = em.clocks.nowFor(customer?.test_clock)
  const intent: PaymentIntentRecord = {
    id: newId('pi'),
    created: now,
    amount,
    amount_received: 0,
    currency,
    customer: customer?.id ?? null,
    description: optString(params, 'description') ?? null,
    invoice: null,
    payment_method: pm?.id ?? null,
    status: pm ? 'requires_confirmation' : 'requires_payment_method',
    latest_charge: null,
    last_payment_error: null,
    application_fee_amount: applicationFeeAmount,
    metadata: mergeMetadata({}, params),
    _account: account,
  }
  em.store.paymentIntents.set(intent.id, intent)
  em.emit('payment_intent.created', renderPaymentIntent(intent), now)
  if (confirm) confirmIntent(em, intent, now)
  return expand(em, renderPaymentIntent(intent), expandPaths(params))
}

function confirm({ em, params, path, account }: HandlerContext) {
  const intent = findIntent(em, path.id!, account)
  if (intent.invoice)
    throw invalidRequest(
      `This PaymentIntent pays invoice ${intent.invoice}: pay the invoice instead (POST /v1/invoices/${intent.invoice}/pay).`,
      undefined,
      'payment_intent_unexpected_state',
    )
  const customer = intent.customer ? findCustomer(em, intent.customer) : null
  offSession(params)
  const pmId = optString(params, 'payment_method')
  if (pmId && intent.status !== 'succeeded' && intent.status !== 'canceled') intent.payment_method = paymentMethodFor(em, pmId, customer, 'payment_method', account).id
  confirmIntent(em, intent, em.clocks.nowFor(customer?.test_clock))
  return expand(em, renderPaymentIntent(intent), expandPaths(params))
}

function findRefund(em: Emulator, id: string, account: string | null): RefundRecord {
  const refund = em.store.refunds.get(id)
  if (!refund || refund._account !== account) throw resourceMissing('refund', id)
  return refund
}

const CONNECT = { connect: true }

export const paymentRoutes = [
  route('POST', '/v1/payment_intents', createIntent, CONNECT),
  route('POST', '/v1/payment_intents/:id/confirm', confirm, CONNECT),
  route('GET', '/v1/payment_intents/:id', ({ em, params, path, account }) => expand(em, renderPaymentIntent(findIntent(em, path.id!, account)), expandPaths(params)), CONNECT),
  route(
    'GET',
    '/v1/payment_intents',
    ({ em, params, account }) => {
      const customer = optString(params, 'customer')
      return paginate(
        '/v1/payment_intents',
        newestFirst(em.store.paymentIntents.values()).filter((p) => p._account === account && (customer === undefined || p.customer === customer)),
        params,
        renderPaymentIntent,
      )
    },
    CONNECT,
  ),
  route('GET', '/v1/charges/:id', ({ em, params, path, account }) => expand(em, renderCharge(em, findCharge(em, path.id!, account)), expandPaths(params)), CONNECT),
  route(
    'GET',
    '/v1/charges',
    ({ em, params, account }) => {
      const customer = optString(params, 'customer')
      const intent = optString(params, 'payment_intent')
      const matching = newestFirst(em.store.charges.values()).filter(
        (c) => c._account === account && (customer === undefined || c.customer === customer) && (intent === undefined || c.payment_intent === intent),
      )
      return paginate('/v1/charges', matching, params, (c) => renderCharge(em, c))
    },
    CONNECT,
  ),
  route('POST', '/v1/refunds', createRefund, CONNECT),
  route('GET', '/v1/refunds/:id', ({ em, params, path, account }) => expand(em, renderRefund(findRefund(em, path.id!, account)), expandPaths(params)), CONNECT),
  route(
    'GET',
    '/v1/refunds',
    ({ em, params, account }) => {
      const charge = optString(params, 'charge')
      const intent = optString(params, 'payment_intent')
      const matching = newestFirst(em.store.refunds.values()).filter(
        (r) => r._account === account && (charge === undefined || r.charge === charge) && (intent === undefined || r.payment_intent === intent),
      )
      return paginate('/v1/refunds', matching, params, renderRefund)
    },
    CONNECT,
  ),
]
