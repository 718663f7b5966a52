// /v1/payment_intents and /v1/charges (read-only, created by invoices) and /v1/refunds.
import type { Emulator } from '../emulator'
import { invalidRequest, missingParam, resourceMissing } from '../errors'
import { newId } from '../ids'
import { expandPaths, mergeMetadata, oneOf, optInt, optString } from '../params'
import { expand, renderCharge, renderPaymentIntent, renderRefund } from '../render'
import { newestFirst, paginate, route, type HandlerContext } from '../router'
import type { ChargeRecord, RefundRecord } from '../state'

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

function findCharge(em: Emulator, id: string, param?: string): ChargeRecord {
  const charge = em.store.charges.get(id)
  if (!charge) throw resourceMissing('charge', id, param)
  return charge
}

function nowForCustomer(em: Emulator, customerId: string | null): number {
  const customer = customerId ? em.store.customers.get(customerId) : undefined
  return em.clocks.nowFor(customer?.test_clock)
}

function createRefund({ em, params }: HandlerContext) {
  const chargeId = optString(params, 'charge')
  const intentId = optString(params, 'payment_intent')
  if (!chargeId && !intentId) throw missingParam('charge')
  let charge: ChargeRecord
  if (chargeId) charge = findCharge(em, chargeId, 'charge')
  else {
    const intent = em.store.paymentIntents.get(intentId!)
    if (!intent) throw resourceMissing('payment_intent', intentId!, 'payment_intent')
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable')
    }
    charge = findCharge(em, intent.latest_charge)
  }
  if (charge.status !== 'succeeded') throw invalidRequest(`Charge ${charge.id} cannot be refunded because it has not succeeded.`, undefined, 'charge_not_refundable')
  const left = charge.amount - charge.amount_refunded
  if (left <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded')
  const amount = optInt(params, 'amount') ?? left
  if (amount <= 0) throw invalidRequest('Invalid positive integer', 'amount')
  if (amount > left) {
    const message = charge.amount_refunded > 0 ? `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})` : `Refund amount (${dollars(amount)}) is greater than charge amount (${dollars(charge.amount)})`
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
  }
  em.store.refunds.set(refund.id, refund)
  const previousRefunded = charge.amount_refunded
  charge.amount_refunded += amount
  em.emit('refund.created', renderRefund(refund), now)
  em.emit('charge.refunded', renderCharge(em, charge), now, { amount_refunded: previousRefunded })
  return expand(em, renderRefund(refund), expandPaths(params))
}

function findRefund(em: Emulator, id: string): RefundRecord {
  const refund = em.store.refunds.get(id)
  if (!refund) throw resourceMissing('refund', id)
  return refund
}

export const paymentRoutes = [
  route('GET', '/v1/payment_intents/:id', ({ em, params, path }) => {
    const intent = em.store.paymentIntents.get(path.id!)
    if (!intent) throw resourceMissing('payment_intent', path.id!)
    return expand(em, renderPaymentIntent(intent), expandPaths(params))
  }),
  route('GET', '/v1/payment_intents', ({ em, params }) => {
    const customer = optString(params, 'customer')
    return paginate('/v1/payment_intents', newestFirst(em.store.paymentIntents.values()).filter((p) => customer === undefined || p.customer === customer), params, renderPaymentIntent)
  }),
  route('GET', '/v1/charges/:id', ({ em, params, path }) => expand(em, renderCharge(em, findCharge(em, path.id!)), expandPaths(params))),
  route('GET', '/v1/charges', ({ em, params }) => {
    const customer = optString(params, 'customer')
    const intent = optString(params, 'payment_intent')
    const matching = newestFirst(em.store.charges.values()).filter((c) => (customer === undefined || c.customer === customer) && (intent === undefined || c.payment_intent === intent))
    return paginate('/v1/charges', matching, params, (c) => renderCharge(em, c))
  }),
  route('POST', '/v1/refunds', createRefund),
  route('GET', '/v1/refunds/:id', ({ em, params, path }) => expand(em, renderRefund(findRefund(em, path.id!)), expandPaths(params))),
  route('GET', '/v1/refunds', ({ em, params }) => {
    const charge = optString(params, 'charge')
    const intent = optString(params, 'payment_intent')
    const matching = newestFirst(em.store.refunds.values()).filter((r) => (charge === undefined || r.charge === charge) && (intent === undefined || r.payment_intent === intent))
    return paginate('/v1/refunds', matching, params, renderRefund)
  }),
]
