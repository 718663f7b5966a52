// /v1/subscriptions: create (trials, discounts, payment behaviours), update (quantity with
// prorations, pause_collection, cancel_at_period_end, trial_end=now), cancel, retrieve, list.
import {
  attemptInvoicePayment,
  billSubscription,
  chargeCard,
  draftInvoice,
  endSubscription,
  finalizeInvoice,
  nextPeriodEnd,
  periodLines,
  prorationLines,
  runDue,
  updateSubscription,
  voidInvoice,
} from '../billing'
import { DAY } from '../clock'
import type { Emulator } from '../emulator'
import { cardError, invalidRequest, missingParam, resourceMissing } from '../errors'
import type { ParamObject } from '../form'
import { newId } from '../ids'
import { expandPaths, mergeMetadata, objectsOf, oneOf, optArray, optBool, optInt, optObject, optString, reqString } from '../params'
import { expand, renderPaymentIntent, renderSubscription } from '../render'
import { newestFirst, paginate, route, type HandlerContext } from '../router'
import type { InvoiceLineRecord, SubscriptionItemRecord, SubscriptionRecord } from '../state'
import { findPrice } from './catalog'
import { redeemDiscount } from './coupons'
import { customerNow, findCustomer } from './customers'

const PAYMENT_BEHAVIORS = ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'] as const
const PRORATION_BEHAVIORS = ['create_prorations', 'always_invoice', 'none'] as const

export function findSubscription(em: Emulator, id: string, param?: string): SubscriptionRecord {
  const sub = em.store.subscriptions.get(id)
  if (!sub) throw resourceMissing('subscription', id, param)
  return sub
}

function attachedPaymentMethod(em: Emulator, customerId: string, pmId: string, param: string): string {
  const pm = em.store.paymentMethods.get(pmId)
  if (!pm) throw resourceMissing('PaymentMethod', pmId, param)
  if (pm.customer !== customerId)
    throw invalidRequest(`The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`, param, 'resource_missing')
  return pm.id
}

function readItems(em: Emulator, params: ParamObject): SubscriptionItemRecord[] {
  const items = objectsOf(optArray(params, 'items'), 'items')
  if (items.length === 0) throw missingParam('items')
  const records = items.map((item, i) => {
    const price = findPrice(em, reqString(item, 'price', `items[${i}][price]`), `items[${i}][price]`)
    if (!price.active) throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, `items[${i}][price]`)
    if (!price.recurring) throw invalidRequest(`The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`, `items[${i}][price]`)
    const quantity = optInt(item, 'quantity', `items[${i}][quantity]`) ?? 1
    if (quantity < 0) throw invalidRequest('Invalid quantity: must be at least 0.', `items[${i}][quantity]`)
    return { id: newId('si'), created: 0, price: price.id, quantity, metadata: mergeMetadata({}, item) }
  })
  const first = em.store.prices.get(records[0]!.price)!
  for (const record of records) {
    const price = em.store.prices.get(record.price)!
    if (price.currency !== first.currency || price.recurring!.interval !== first.recurring!.interval || price.recurring!.interval_count !== first.recurring!.interval_count) {
      throw invalidRequest('All prices on a subscription must have the same `recurring.interval`, `recurring.interval_count` and currency.', 'items')
    }
  }
  return records
}

function readDiscounts(params: ParamObject): { coupon?: string; promotion_code?: string }[] | null | undefined {
  const raw = params.discounts
  if (raw === undefined) return undefined
  if (raw === '') return null
  return objectsOf(optArray(params, 'discounts'), 'discounts').map((d, i) => ({
    coupon: optString(d, 'coupon', `discounts[${i}][coupon]`),
    promotion_code: optString(d, 'promotion_code', `discounts[${i}][promotion_code]`),
  }))
}

function trialEndFrom(params: ParamObject, items: SubscriptionItemRecord[], em: Emulator, now: number): number | null {
  const trialEnd = optString(params, 'trial_end')
  if (trialEnd === 'now') return null
  if (trialEnd !== undefined) {
    const at = Number(trialEnd)
    if (!Number.isInteger(at) || at <= now) throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end')
    return at
  }
  const days = optInt(params, 'trial_period_days')
  if (days !== undefined) {
    if (days < 0 || days > 730) throw invalidRequest('Invalid trial_period_days: must be between 0 and 730.', 'trial_period_days')
    return days === 0 ? null : now + days * DAY
  }
  if (optBool(params, 'trial_from_plan')) {
    const planDays = em.store.prices.get(items[0]!.price)!.recurring!.trial_period_days
    return planDays ? now + planDays * DAY : null
  }
  return null
}

function trialLines(em: Emulator, sub: SubscriptionRecord): InvoiceLineRecord[] {
  return periodLines(em, sub, sub.current_period_start, sub.current_period_end).map((line) => ({
    ...line,
    amount: 0,
    description: `Trial period for ${line.description.split(' (at ')[0]!.replace(/^\d+ × /, '')}`,
  }))
}

function respond(em: Emulator, sub: SubscriptionRecord, params: ParamObject) {
  return expand(em, renderSubscription(em, sub), expandPaths(params))
}

/** Creates a subscription from API-shaped params (also used by the hosted checkout page). */
export function createSubscription(context: Pick<HandlerContext, 'em' | 'params'>) {
  const refusedWhole = oneOf(context.params, 'payment_behavior', PAYMENT_BEHAVIORS) === 'error_if_incomplete'
  return refusedWhole ? context.em.allOrNothing(() => create(context)) : create(context)
}

function create({ em, params }: Pick<HandlerContext, 'em' | 'params'>) {
  const customer = findCustomer(em, reqString(params, 'customer'), 'customer')
  const now = customerNow(em, customer)
  const items = readItems(em, params)
  items.forEach((item) => (item.created = now))
  const paymentBehavior = oneOf(params, 'payment_behavior', PAYMENT_BEHAVIORS) ?? 'allow_incomplete'
  const pmParam = optString(params, 'default_payment_method')
  const defaultPaymentMethod = pmParam ? attachedPaymentMethod(em, customer.id, pmParam, 'default_payment_method') : null
  const trialEnd = trialEndFrom(params, items, em, now)
  const firstPrice = em.store.prices.get(items[0]!.price)!
  const sub: SubscriptionRecord = {
    id: newId('sub'),
    created: now,
    customer: customer.id,
    status: trialEnd ? 'trialing' : 'incomplete',
    start_date: now,
    billing_cycle_anchor: trialEnd ?? now,
    current_period_start: now,
    current_period_end: trialEnd ?? now,
    trial_start: trialEnd ? now : null,
    trial_end: trialEnd,
    cancel_at_period_end: optBool(params, 'cancel_at_period_end') ?? false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    cancellation_reason: null,
    default_payment_method: defaultPaymentMethod,
    description: optString(params, 'description') ?? null,
    discounts: [],
    latest_invoice: null,
    metadata: mergeMetadata({}, params),
    pause_collection: null,
    items,
    currency: firstPrice.currency,
    test_clock: customer.test_clock,
    _trialWillEndSent: false,
    _pendingLines: [],
  }
  if (!trialEnd) sub.current_period_end = nextPeriodEnd(em, sub, now)
  if (sub.cancel_at_period_end) sub.cancel_at = sub.current_period_end
  const paymentMethod = defaultPaymentMethod ?? customer.invoice_settings.default_payment_method
  const needsPayment = !trialEnd && items.some((i) => i.quantity > 0 && em.store.prices.get(i.price)!.unit_amount > 0)
  if (needsPayment && !paymentMethod && paymentBehavior !== 'default_incomplete') {
    throw invalidRequest(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
      undefined,
      'resource_missing',
    )
  }
  sub.discounts = (readDiscounts(params) ?? []).map((d, i) => redeemDiscount(em, { ...d, customer: customer.id, subscription: sub.id, now, param: `discounts[${i}]` }).id)
  em.store.subscriptions.set(sub.id, sub)

  if (trialEnd) {
    const invoice = finalizeInvoice(em, draftInvoice(em, { sub, reason: 'subscription_create', lines: trialLines(em, sub), periodStart: now, periodEnd: trialEnd, now }), now)
    sub.latest_invoice = invoice.id
    attemptInvoicePayment(em, invoice, now)
    em.emit('customer.subscription.created', renderSubscription(em, sub), now)
    return respond(em, sub, params)
  }

  const period = { start: now, end: sub.current_period_end }
  if (paymentBehavior === 'default_incomplete') {
    // The client confirms the first payment itself (Elements); nothing is charged yet.
    const invoice = finalizeInvoice(
      em,
      draftInvoice(em, { sub, reason: 'subscription_create', lines: periodLines(em, sub, period.start, period.end), periodStart: period.start, periodEnd: period.end, now }),
      now,
    )
    sub.latest_invoice = invoice.id
    if (invoice.amount_due > 0) {
      const { intent } = chargeCard(em, {
        customer: customer.id,
        paymentMethod: null,
        amount: invoice.amount_due,
        currency: invoice.currency,
        description: 'Subscription creation',
        invoice: invoice.id,
        existingIntent: null,
        now,
      })
      invoice.payment_intent = intent.id
    } else {
      attemptInvoicePayment(em, invoice, now)
      sub.status = 'active'
    }
    em.emit('customer.subscription.created', renderSubscription(em, sub), now)
    return respond(em, sub, params)
  }

  const { invoice, outcome } = billSubscription(em, sub, 'subscription_create', periodLines(em, sub, period.start, period.end), period, now)
  if (outcome.paid) {
    sub.status = 'active'
    em.emit('customer.subscription.created', renderSubscription(em, sub), now)
    return respond(em, sub, params)
  }
  const decline = outcome.decline ?? { declineCode: 'generic_decline', message: 'Your card was declined.' }
  const intent = outcome.paymentIntentId ? em.store.paymentIntents.get(outcome.paymentIntentId) : undefined
  if (paymentBehavior === 'error_if_incomplete') {
    // Stripe creates no subscription at all in this mode; the failed charge stays visible.
    em.store.subscriptions.delete(sub.id)
    em.store.invoices.delete(invoice.id)
  } else {
    em.emit('customer.subscription.created', renderSubscription(em, sub), now)
  }
  throw cardError(decline, { ...(outcome.chargeId ? { charge: outcome.chargeId } : {}), ...(intent ? { payment_intent: renderPaymentIntent(intent) } : {}) })
}

function changeQuantities(em: Emulator, sub: SubscriptionRecord, params: ParamObject, now: number) {
  const updates = objectsOf(optArray(params, 'items'), 'items')
  if (updates.length === 0) return
  const behavior = oneOf(params, 'proration_behavior', PRORATION_BEHAVIORS) ?? 'create_prorations'
  const prorationDate = optInt(params, 'proration_date') ?? now
  if (prorationDate < sub.current_period_start || prorationDate > sub.current_period_end)
    throw invalidRequest('proration_date must be within the current billing period.', 'proration_date')
  const paymentBehavior = oneOf(params, 'payment_behavior', PAYMENT_BEHAVIORS) ?? 'allow_incomplete'
  const lines: InvoiceLineRecord[] = []
  const previous = new Map<string, number>()
  updates.forEach((update, i) => {
    const itemId = reqString(update, 'id', `items[${i}][id]`)
    const item = sub.items.find((it) => it.id === itemId)
    if (!item) throw resourceMissing('subscription_item', itemId, `items[${i}][id]`)
    const price = optString(update, 'price', `items[${i}][price]`)
    if (price && price !== item.price) throw invalidRequest('The emulator changes quantities only; to change the price, cancel and create a subscription.', `items[${i}][price]`)
    const quantity = optInt(update, 'quantity', `items[${i}][quantity]`)
    if (quantity === undefined || quantity === item.quantity) return
    if (quantity < 0) throw invalidRequest('Invalid quantity: must be at least 0.', `items[${i}][quantity]`)
    if (sub.status !== 'trialing' && behavior !== 'none') lines.push(...prorationLines(em, sub, item.id, item.quantity, quantity, prorationDate))
    previous.set(item.id, item.quantity)
    item.quantity = quantity
  })
  if (lines.length === 0) return
  if (behavior === 'create_prorations') {
    sub._pendingLines.push(...lines)
    return
  }
  const previousLatest = sub.latest_invoice
  const { invoice, outcome } = billSubscription(em, sub, 'subscription_update', lines, { start: prorationDate, end: sub.current_period_end }, now)
  if (outcome.paid) return
  if (paymentBehavior === 'error_if_incomplete') {
    // Stripe applies nothing when the change's payment fails in this mode.
    for (const item of sub.items) if (previous.has(item.id)) item.quantity = previous.get(item.id)!
    sub.latest_invoice = previousLatest
    voidInvoice(em, invoice, now)
    throw cardError(outcome.decline ?? { declineCode: 'generic_decline', message: 'Your card was declined.' }, outcome.chargeId ? { charge: outcome.chargeId } : {})
  }
  sub.status = 'past_due'
}

function update({ em, params, path }: HandlerContext) {
  const sub = findSubscription(em, path.id!)
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    throw invalidRequest(`A canceled subscription can only update its cancellation_details and metadata.`, undefined, 'resource_missing')
  }
  const now = customerNow(em, findCustomer(em, sub.customer))
  let endTrialNow = false
  updateSubscription(em, sub, now, () => {
    changeQuantities(em, sub, params, now)
    const pause = optObject(params, 'pause_collection')
    if (pause === null) sub.pause_collection = null
    else if (pause) {
      const behavior = oneOf(pause, 'behavior', ['void', 'keep_as_draft', 'mark_uncollectible'] as const, 'pause_collection[behavior]')
      if (!behavior) throw missingParam('pause_collection[behavior]')
      const resumesAt = optInt(pause, 'resumes_at', 'pause_collection[resumes_at]') ?? null
      if (resumesAt !== null && resumesAt <= now) throw invalidRequest('Invalid pause_collection[resumes_at]: must be in the future.', 'pause_collection[resumes_at]')
      sub.pause_collection = { behavior, resumes_at: resumesAt }
    }
    const cancelAtPeriodEnd = optBool(params, 'cancel_at_period_end')
    if (cancelAtPeriodEnd !== undefined) {
      sub.cancel_at_period_end = cancelAtPeriodEnd
      sub.cancel_at = cancelAtPeriodEnd ? sub.current_period_end : null
      sub.canceled_at = cancelAtPeriodEnd ? now : null
      sub.cancellation_reason = cancelAtPeriodEnd ? 'cancellation_requested' : null
    }
    const cancelAt = optString(params, 'cancel_at')
    if (cancelAt !== undefined) {
      sub.cancel_at = cancelAt === '' ? null : Number(cancelAt)
      sub.cancel_at_period_end = sub.cancel_at === sub.current_period_end
    }
    const pm = optString(params, 'default_payment_method')
    if (pm !== undefined) sub.default_payment_method = pm === '' ? null : attachedPaymentMethod(em, sub.customer, pm, 'default_payment_method')
    const description = optString(params, 'description')
    if (description !== undefined) sub.description = description || null
    sub.metadata = mergeMetadata(sub.metadata, params)
    const discounts = readDiscounts(params)
    if (discounts === null) sub.discounts = []
    else if (discounts) sub.discounts = discounts.map((d, i) => redeemDiscount(em, { ...d, customer: sub.customer, subscription: sub.id, now, param: `discounts[${i}]` }).id)
    const trialEnd = optString(params, 'trial_end')
    if (trialEnd === 'now' && sub.status === 'trialing') endTrialNow = true
  })
  if (endTrialNow) {
    sub.trial_end = now
    sub.current_period_end = now
    runDue(em, sub.test_clock, now)
  }
  return respond(em, sub, params)
}

function cancel({ em, params, path }: HandlerContext) {
  const sub = findSubscription(em, path.id!)
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
    throw invalidRequest(`No such subscription: '${sub.id}' (it is already canceled).`, undefined, 'resource_missing')
  endSubscription(em, sub, customerNow(em, findCustomer(em, sub.customer)), 'cancellation_requested')
  return respond(em, sub, params)
}

function list({ em, params }: HandlerContext) {
  const customer = optString(params, 'customer')
  const status = optString(params, 'status')
  const price = optString(params, 'price')
  const matching = newestFirst(em.store.subscriptions.values()).filter(
    (s) =>
      (customer === undefined || s.customer === customer) &&
      (price === undefined || s.items.some((i) => i.price === price)) &&
      // Stripe leaves canceled subscriptions out unless asked for them.
      (status === 'all' || (status === undefined ? s.status !== 'canceled' : s.status === status)),
  )
  return expand(
    em,
    paginate('/v1/subscriptions', matching, params, (s) => renderSubscription(em, s)),
    expandPaths(params),
  )
}

export const subscriptionRoutes = [
  route('POST', '/v1/subscriptions', createSubscription),
  route('GET', '/v1/subscriptions', list),
  route('GET', '/v1/subscriptions/:id', ({ em, params, path }) => respond(em, findSubscription(em, path.id!), params)),
  route('POST', '/v1/subscriptions/:id', update),
  route('DELETE', '/v1/subscriptions/:id', cancel),
]
