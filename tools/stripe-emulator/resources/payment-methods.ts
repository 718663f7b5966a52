// /v1/payment_methods: Stripe's test tokens (pm_card_visa ...), attach, detach, list, retrieve.
import { createHash } from 'node:crypto'
import type { Emulator } from '../emulator'
import { invalidRequest, resourceMissing, type Decline } from '../errors'
import { newId } from '../ids'
import { expandPaths, mergeMetadata, oneOf, optString, reqString } from '../params'
import { expand, renderPaymentMethod } from '../render'
import { newestFirst, paginate, route, type HandlerContext } from '../router'
import type { CardDetails, PaymentMethodRecord } from '../state'
import { customerNow, findCustomer } from './customers'

const GENERIC_DECLINE: Decline = { declineCode: 'generic_decline', message: 'Your card was declined.' }
const INSUFFICIENT_FUNDS: Decline = { declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' }

type TestCard = { brand: string; last4: string; decline: Decline | null; funding?: 'credit' | 'debit' }

/**
 * Stripe's test PaymentMethod tokens. Each use of a token makes a new pm_ object. Unlike live
 * Stripe (which runs a card check when some of these attach), every token attaches here and the
 * decline happens at the first charge, so one code path sees every card error.
 */
export const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', decline: null },
  pm_card_visa_debit: { brand: 'visa', last4: '5556', decline: null, funding: 'debit' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', decline: null },
  pm_card_amex: { brand: 'amex', last4: '8431', decline: null },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', decline: GENERIC_DECLINE },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', decline: INSUFFICIENT_FUNDS },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', decline: GENERIC_DECLINE },
}

export const DECLINES = { generic_decline: GENERIC_DECLINE, insufficient_funds: INSUFFICIENT_FUNDS }

/**
 * Stripe's card fingerprint: one per card number, the same on every payment method made from it (so a
 * second pm_card_visa is the same card). `<token>_x<tag>` (e.g. pm_card_visa_xa1) is that test card with
 * another number: an emulator-only token for tests that need many distinct cards of one kind.
 */
export function cardFingerprint(token: string): string {
  return createHash('sha256').update(`card:${token}`).digest('base64url').replace(/[-_]/g, '').slice(0, 16)
}

function testCardOf(id: string): { card: TestCard; token: string } | null {
  if (TEST_CARDS[id]) return { card: TEST_CARDS[id], token: id }
  const variant = /^(pm_card_[A-Za-z]+(?:_[a-z]+)?)_x[A-Za-z0-9]{1,40}$/.exec(id)
  return variant && TEST_CARDS[variant[1]] ? { card: TEST_CARDS[variant[1]], token: id } : null
}

function fromTestCard(em: Emulator, card: TestCard, account: string | null, token: string): PaymentMethodRecord {
  const expYear = new Date(em.clocks.globalNow() * 1000).getUTCFullYear() + 3
  const details: CardDetails = {
    brand: card.brand,
    last4: card.last4,
    exp_month: 12,
    exp_year: expYear,
    funding: card.funding ?? 'credit',
    country: 'US',
    fingerprint: cardFingerprint(token),
  }
  const pm: PaymentMethodRecord = {
    id: newId('pm'),
    created: em.clocks.globalNow(),
    customer: null,
    card: details,
    billing_details: { name: null, email: null },
    metadata: {},
    _decline: card.decline,
    _account: account,
  }
  em.store.paymentMethods.set(pm.id, pm)
  return pm
}

/**
 * A stored PaymentMethod, or a fresh one when `id` is a test token. A card belongs to the account it
 * was made on: a connected account sees only its own (Stripe clones a platform card before using it there).
 */
export function resolvePaymentMethod(em: Emulator, id: string, param?: string, account: string | null = null): PaymentMethodRecord {
  const testCard = testCardOf(id)
  if (testCard) return fromTestCard(em, testCard.card, account, testCard.token)
  const pm = em.store.paymentMethods.get(id)
  if (!pm || pm._account !== account) throw resourceMissing('PaymentMethod', id, param)
  return pm
}

export function attachPaymentMethod(em: Emulator, pm: PaymentMethodRecord, customerId: string, param = 'customer'): PaymentMethodRecord {
  const customer = findCustomer(em, customerId, param)
  if (pm.customer && pm.customer !== customer.id) {
    throw invalidRequest('The payment method you provided has already been attached to a customer.', undefined, 'payment_method_unexpected_state')
  }
  if (pm.customer === customer.id) return pm
  pm.customer = customer.id
  em.emit('payment_method.attached', renderPaymentMethod(pm), customerNow(em, customer))
  return pm
}

function create({ em, params }: HandlerContext) {
  const type = reqString(params, 'type')
  if (type !== 'card') throw invalidRequest(`The emulator only creates card PaymentMethods (got ${type}).`, 'type')
  const pm = fromTestCard(em, TEST_CARDS.pm_card_visa!, null, 'pm_card_visa')
  pm.metadata = mergeMetadata({}, params)
  return renderPaymentMethod(pm)
}

function retrieve({ em, params, path }: HandlerContext) {
  return expand(em, renderPaymentMethod(resolvePaymentMethod(em, path.id!)), expandPaths(params))
}

function attach({ em, params, path }: HandlerContext) {
  const pm = resolvePaymentMethod(em, path.id!)
  return expand(em, renderPaymentMethod(attachPaymentMethod(em, pm, reqString(params, 'customer'))), expandPaths(params))
}

function detach({ em, path }: HandlerContext) {
  const pm = em.store.paymentMethods.get(path.id!)
  if (!pm) throw resourceMissing('PaymentMethod', path.id!)
  if (!pm.customer) throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.', undefined, 'payment_method_unexpected_state')
  const customer = em.store.customers.get(pm.customer)!
  if (customer.invoice_settings.default_payment_method === pm.id) customer.invoice_settings.default_payment_method = null
  for (const sub of em.store.subscriptions.values()) if (sub.default_payment_method === pm.id) sub.default_payment_method = null
  const previousCustomer = pm.customer
  pm.customer = null
  em.emit('payment_method.detached', renderPaymentMethod(pm), customerNow(em, customer), { customer: previousCustomer })
  return renderPaymentMethod(pm)
}

function update({ em, params, path }: HandlerContext) {
  const pm = em.store.paymentMethods.get(path.id!)
  if (!pm) throw resourceMissing('PaymentMethod', path.id!)
  pm.metadata = mergeMetadata(pm.metadata, params)
  return renderPaymentMethod(pm)
}

function listForCustomer(em: Emulator, customerId: string, params: HandlerContext['params'], url: string) {
  findCustomer(em, customerId, 'customer')
  oneOf(params, 'type', ['card'] as const)
  const matching = newestFirst(em.store.paymentMethods.values()).filter((pm) => pm.customer === customerId)
  return paginate(url, matching, params, renderPaymentMethod)
}

function list({ em, params }: HandlerContext) {
  const customerId = optString(params, 'customer')
  if (!customerId) throw invalidRequest('The emulator lists payment methods of one customer: pass customer.', 'customer')
  return listForCustomer(em, customerId, params, '/v1/payment_methods')
}

function listOfCustomer({ em, params, path }: HandlerContext) {
  return listForCustomer(em, path.id!, params, `/v1/customers/${path.id}/payment_methods`)
}

export const paymentMethodRoutes = [
  route('POST', '/v1/payment_methods', create),
  route('GET', '/v1/payment_methods', list),
  route('GET', '/v1/payment_methods/:id', retrieve),
  route('POST', '/v1/payment_methods/:id', update),
  route('POST', '/v1/payment_methods/:id/attach', attach),
  route('POST', '/v1/payment_methods/:id/detach', detach),
  route('GET', '/v1/customers/:id/payment_methods', listOfCustomer),
]
