// /v1/checkout/sessions (mode=subscription) and the hosted page that completes one with a test card.
import type { Emulator } from '../emulator'
import { invalidRequest, missingParam, resourceMissing, StripeApiError } from '../errors'
import type { ParamObject } from '../form'
import { newId } from '../ids'
import { expandPaths, mergeMetadata, objectsOf, oneOf, optArray, optInt, optObject, optString, reqString } from '../params'
import { expand, renderCheckoutSession } from '../render'
import { route, type HandlerContext } from '../router'
import type { CheckoutSessionRecord } from '../state'
import { findPrice } from './catalog'
import { findCustomer } from './customers'
import { attachPaymentMethod, resolvePaymentMethod, TEST_CARDS } from './payment-methods'
import { createSubscription } from './subscriptions'

function create({ em, params }: HandlerContext) {
  const mode = oneOf(params, 'mode', ['payment', 'setup', 'subscription'] as const)
  if (!mode) throw missingParam('mode')
  if (mode !== 'subscription') throw invalidRequest('The emulator supports checkout sessions in subscription mode only.', 'mode')
  const lineItems = objectsOf(optArray(params, 'line_items'), 'line_items')
  if (lineItems.length !== 1) throw invalidRequest('The emulator supports exactly one line item.', 'line_items')
  const price = findPrice(em, reqString(lineItems[0]!, 'price', 'line_items[0][price]'), 'line_items[0][price]')
  const customerId = optString(params, 'customer') ?? null
  if (customerId) findCustomer(em, customerId, 'customer')
  const subscriptionData = optObject(params, 'subscription_data') ?? {}
  const now = em.clocks.globalNow()
  const session: CheckoutSessionRecord = {
    id: newId('cs_test'),
    created: now,
    expires_at: now + 24 * 3600,
    mode,
    customer: customerId,
    customer_email: optString(params, 'customer_email') ?? null,
    success_url: reqString(params, 'success_url'),
    cancel_url: optString(params, 'cancel_url') ?? null,
    price: price.id,
    quantity: optInt(lineItems[0]!, 'quantity', 'line_items[0][quantity]') ?? 1,
    trial_period_days: optInt(subscriptionData, 'trial_period_days', 'subscription_data[trial_period_days]') ?? null,
    discounts: objectsOf(optArray(params, 'discounts'), 'discounts').map((d) => ({ coupon: optString(d, 'coupon'), promotion_code: optString(d, 'promotion_code') })),
    metadata: mergeMetadata({}, params),
    subscription_metadata: mergeMetadata({}, subscriptionData),
    status: 'open',
    subscription: null,
    client_reference_id: optString(params, 'client_reference_id') ?? null,
  }
  em.store.checkoutSessions.set(session.id, session)
  return renderCheckoutSession(em, session)
}

export function findSession(em: Emulator, id: string): CheckoutSessionRecord {
  const session = em.store.checkoutSessions.get(id)
  if (!session) throw resourceMissing('checkout.session', id)
  return session
}

/** Pays a session as the hosted page would: customer, card, subscription, then checkout.session.completed. */
export function completeSession(em: Emulator, session: CheckoutSessionRecord, input: { paymentMethod: string; email: string | null }): string {
  if (session.status !== 'open') throw invalidRequest('This Checkout Session is no longer active.', undefined, 'checkout_session_inactive')
  let customerId = session.customer
  if (!customerId) {
    customerId = newId('cus')
    const now = em.clocks.globalNow()
    em.store.customers.set(customerId, {
      id: customerId,
      created: now,
      email: input.email ?? session.customer_email,
      name: null,
      description: null,
      phone: null,
      metadata: {},
      balance: 0,
      invoice_settings: { default_payment_method: null },
      test_clock: null,
    })
    // A declined card and a second try on the same page keep this one customer.
    session.customer = customerId
  }
  const pm = attachPaymentMethod(em, resolvePaymentMethod(em, input.paymentMethod, 'payment_method'), customerId)
  em.store.customers.get(customerId)!.invoice_settings.default_payment_method = pm.id
  const params: ParamObject = {
    customer: customerId,
    items: [{ price: session.price, quantity: String(session.quantity) }],
    default_payment_method: pm.id,
    payment_behavior: 'error_if_incomplete',
    metadata: session.subscription_metadata,
    ...(session.trial_period_days ? { trial_period_days: String(session.trial_period_days) } : {}),
    ...(session.discounts.length > 0 ? { discounts: session.discounts.map((d): ParamObject => (d.coupon ? { coupon: d.coupon } : { promotion_code: d.promotion_code! })) } : {}),
  }
  const subscription = createSubscription({ em, params })
  session.subscription = subscription.id as string
  session.status = 'complete'
  em.emit('checkout.session.completed', renderCheckoutSession(em, session), em.clocks.globalNow())
  return session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id)
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The hosted payment page: pick a test card; works without JavaScript. */
export function checkoutPage(em: Emulator, session: CheckoutSessionRecord, error: string | null): string {
  const price = em.store.prices.get(session.price)!
  const product = em.store.products.get(price.product)
  const options = Object.keys(TEST_CARDS)
    .map((token) => `<option value="${token}">${token}</option>`)
    .join('')
  const email = session.customer ? '' : `<label>Email <input name="email" type="email" value="${escape(session.customer_email ?? '')}" required></label>`
  return `<!doctype html><html><head><meta charset="utf-8"><title>Checkout</title></head><body>
<h1>${escape(product?.name ?? 'Subscription')}</h1>
<p>${session.quantity} × ${(price.unit_amount / 100).toFixed(2)} ${price.currency.toUpperCase()} / ${price.recurring?.interval ?? 'month'}${session.trial_period_days ? `, ${session.trial_period_days}-day trial` : ''}</p>
${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post">${email}<label>Card <select name="payment_method">${options}</select></label><button type="submit">Pay</button></form>
${session.cancel_url ? `<a href="${escape(session.cancel_url)}">Cancel</a>` : ''}
</body></html>`
}

/** The hosted page's form post: a redirect on success, the page again with Stripe's message on a card error. */
export function submitCheckoutPage(em: Emulator, session: CheckoutSessionRecord, form: ParamObject): { redirect: string } | { page: string } {
  try {
    const paymentMethod = optString(form, 'payment_method') ?? 'pm_card_visa'
    return { redirect: completeSession(em, session, { paymentMethod, email: optString(form, 'email') ?? null }) }
  } catch (error) {
    if (error instanceof StripeApiError) return { page: checkoutPage(em, session, error.body.message) }
    throw error
  }
}

export const checkoutRoutes = [
  route('POST', '/v1/checkout/sessions', create),
  route('GET', '/v1/checkout/sessions/:id', ({ em, params, path }) => expand(em, renderCheckoutSession(em, findSession(em, path.id!)), expandPaths(params))),
]
