// /v1/invoices: list, retrieve, pay, and create_preview (the upcoming invoice, with prorations).
import { attemptInvoicePayment, draftInvoice, nextPeriodEnd, periodLines, prorationLines, settleSubscriptionAfterPayment } from '../billing'
import type { Emulator } from '../emulator'
import { cardError, invalidRequest, resourceMissing } from '../errors'
import { expandPaths, objectsOf, oneOf, optArray, optInt, optObject, optString, reqString } from '../params'
import { expand, renderInvoice } from '../render'
import { newestFirst, paginate, route, type HandlerContext } from '../router'
import type { InvoiceLineRecord, InvoiceRecord, SubscriptionRecord } from '../state'
import { customerNow, findCustomer } from './customers'
import { resolvePaymentMethod } from './payment-methods'
import { findSubscription } from './subscriptions'

export function findInvoice(em: Emulator, id: string): InvoiceRecord {
  const invoice = em.store.invoices.get(id)
  if (!invoice) throw resourceMissing('invoice', id)
  return invoice
}

function list({ em, params }: HandlerContext) {
  const customer = optString(params, 'customer')
  const subscription = optString(params, 'subscription')
  const status = optString(params, 'status')
  const matching = newestFirst(em.store.invoices.values()).filter(
    (i) => (customer === undefined || i.customer === customer) && (subscription === undefined || i.subscription === subscription) && (status === undefined || i.status === status),
  )
  return expand(
    em,
    paginate('/v1/invoices', matching, params, (i) => renderInvoice(em, i)),
    expandPaths(params),
  )
}

function pay({ em, params, path }: HandlerContext) {
  const invoice = findInvoice(em, path.id!)
  if (invoice.status === 'paid') throw invalidRequest('Invoice is already paid', undefined, 'invoice_payment_intent_requires_action')
  if (invoice.status !== 'open') throw invalidRequest(`You can only pay an open invoice. This invoice is ${invoice.status}.`, undefined, 'invoice_not_editable')
  const now = customerNow(em, findCustomer(em, invoice.customer))
  const pmParam = optString(params, 'payment_method')
  const paymentMethod = pmParam ? resolvePaymentMethod(em, pmParam, 'payment_method').id : undefined
  const outcome = attemptInvoicePayment(em, invoice, now, paymentMethod)
  if (!outcome.paid) {
    throw cardError(outcome.decline ?? { declineCode: 'generic_decline', message: 'Your card was declined.' }, outcome.chargeId ? { charge: outcome.chargeId } : {})
  }
  settleSubscriptionAfterPayment(em, invoice, now)
  return expand(em, renderInvoice(em, invoice), expandPaths(params))
}

/** A copy of the subscription with the preview's quantity changes applied, plus the prorations they cause. */
function previewChanges(em: Emulator, sub: SubscriptionRecord, details: HandlerContext['params'] | null | undefined, now: number) {
  const copy = structuredClone(sub)
  const behavior = details
    ? (oneOf(details, 'proration_behavior', ['create_prorations', 'always_invoice', 'none'] as const, 'subscription_details[proration_behavior]') ?? 'create_prorations')
    : 'create_prorations'
  const prorationDate = (details && optInt(details, 'proration_date', 'subscription_details[proration_date]')) ?? now
  if (prorationDate < sub.current_period_start || prorationDate > sub.current_period_end)
    throw invalidRequest('proration_date must be within the current billing period.', 'subscription_details[proration_date]')
  const prorations: InvoiceLineRecord[] = []
  objectsOf(details ? optArray(details, 'items', 'subscription_details[items]') : undefined, 'subscription_details[items]').forEach((change, i) => {
    const itemId = reqString(change, 'id', `subscription_details[items][${i}][id]`)
    const item = copy.items.find((it) => it.id === itemId)
    if (!item) throw resourceMissing('subscription_item', itemId, `subscription_details[items][${i}][id]`)
    const quantity = optInt(change, 'quantity', `subscription_details[items][${i}][quantity]`)
    if (quantity === undefined || quantity === item.quantity) return
    if (copy.status !== 'trialing' && behavior !== 'none') prorations.push(...prorationLines(em, copy, item.id, item.quantity, quantity, prorationDate))
    item.quantity = quantity
  })
  return { copy, behavior, prorationDate, prorations }
}

function createPreview({ em, params }: HandlerContext) {
  const subscriptionId = optString(params, 'subscription')
  if (!subscriptionId) throw invalidRequest('The emulator previews invoices of an existing subscription: pass subscription.', 'subscription')
  const sub = findSubscription(em, subscriptionId, 'subscription')
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
    throw invalidRequest(`No upcoming invoices for customer: ${sub.customer}`, undefined, 'invoice_upcoming_none')
  const now = customerNow(em, findCustomer(em, sub.customer))
  const { copy, behavior, prorationDate, prorations } = previewChanges(em, sub, optObject(params, 'subscription_details'), now)
  let preview: InvoiceRecord
  if (behavior === 'always_invoice' && prorations.length > 0) {
    // The invoice the change itself would create and charge now.
    preview = draftInvoice(em, { sub: copy, reason: 'subscription_update', lines: prorations, periodStart: prorationDate, periodEnd: copy.current_period_end, now, preview: true })
  } else {
    const start = copy.current_period_end
    const end = copy.status === 'trialing' ? nextPeriodEnd(em, { ...copy, billing_cycle_anchor: start }, start) : nextPeriodEnd(em, copy, start)
    const lines = [...structuredClone(copy._pendingLines), ...prorations, ...periodLines(em, copy, start, end)]
    preview = draftInvoice(em, { sub: copy, reason: 'subscription_cycle', lines, periodStart: start, periodEnd: end, now: start, preview: true })
  }
  const rendered = renderInvoice(em, preview, { preview: true })
  const parent = rendered.parent as { subscription_details: Record<string, unknown> }
  parent.subscription_details.subscription_proration_date = prorationDate
  return expand(em, rendered, expandPaths(params))
}

export const invoiceRoutes = [
  route('GET', '/v1/invoices', list),
  route('POST', '/v1/invoices/create_preview', createPreview),
  route('GET', '/v1/invoices/:id', ({ em, params, path }) => expand(em, renderInvoice(em, findInvoice(em, path.id!)), expandPaths(params))),
  route('POST', '/v1/invoices/:id/pay', pay),
]
