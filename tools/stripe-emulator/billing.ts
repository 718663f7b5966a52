// The billing engine: invoices with discounts and balances, card charges, prorations, and what
// happens as time passes (trial end, renewals, payment retries, pauses and scheduled cancellations).
import { changeWithEvent } from './changes'
import { DAY, nextBoundary } from './clock'
import type { Emulator } from './emulator'
import type { Decline } from './errors'
import { newId } from './ids'
import { renderCharge, renderInvoice, renderPaymentIntent, renderSubscription } from './render'
import type { ChargeRecord, CustomerRecord, DiscountRecord, InvoiceLineRecord, InvoiceRecord, PaymentIntentRecord, SubscriptionRecord } from './state'

/** Smart Retries, simplified: after a failed renewal Stripe tries again 3, 5 and 7 days later. */
export const RETRY_OFFSETS = [3 * DAY, 5 * DAY, 7 * DAY]
/** An incomplete subscription's first invoice can be paid for 23 hours before the subscription expires. */
const INCOMPLETE_WINDOW = 23 * 3600
const TRIAL_WILL_END_NOTICE = 3 * DAY

export type PaymentOutcome = { paid: true } | { paid: false; decline: Decline | null; chargeId: string | null; paymentIntentId: string | null }

export function customerOf(em: Emulator, id: string): CustomerRecord {
  return em.store.customers.get(id)!
}

export function subscriptionPaymentMethod(em: Emulator, sub: SubscriptionRecord): string | null {
  return sub.default_payment_method ?? customerOf(em, sub.customer).invoice_settings.default_payment_method
}

function formatDate(timestamp: number): string {
  return new Date(timestamp * 1000).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' })
}

function productName(em: Emulator, priceId: string): string {
  const price = em.store.prices.get(priceId)
  return (price && em.store.products.get(price.product)?.name) ?? 'Subscription'
}

/** One line per subscription item for a whole period at the given quantities. */
export function periodLines(em: Emulator, sub: SubscriptionRecord, start: number, end: number): InvoiceLineRecord[] {
  return sub.items.map((item) => {
    const price = em.store.prices.get(item.price)!
    return {
      id: newId('il'),
      amount: price.unit_amount * item.quantity,
      description: `${item.quantity} × ${productName(em, item.price)} (at $${(price.unit_amount / 100).toFixed(2)} / ${price.recurring?.interval ?? 'month'})`,
      price: item.price,
      quantity: item.quantity,
      proration: false,
      subscription_item: item.id,
      period: { start, end },
      discount_amounts: [],
    }
  })
}

/** Stripe's two proration lines: credit for the unused old quantity, charge for the new one, from `at` to period end. */
export function prorationLines(em: Emulator, sub: SubscriptionRecord, itemId: string, oldQuantity: number, newQuantity: number, at: number): InvoiceLineRecord[] {
  const item = sub.items.find((i) => i.id === itemId)!
  const price = em.store.prices.get(item.price)!
  const span = sub.current_period_end - sub.current_period_start
  const fraction = span > 0 ? Math.max(0, sub.current_period_end - at) / span : 0
  const name = productName(em, item.price)
  const common = { price: item.price, proration: true, subscription_item: item.id, period: { start: at, end: sub.current_period_end }, discount_amounts: [] }
  return [
    {
      ...common,
      id: newId('il'),
      amount: -Math.round(price.unit_amount * oldQuantity * fraction),
      quantity: oldQuantity,
      description: `Unused time on ${oldQuantity} × ${name} after ${formatDate(at)}`,
    },
    {
      ...common,
      id: newId('il'),
      amount: Math.round(price.unit_amount * newQuantity * fraction),
      quantity: newQuantity,
      description: `Remaining time on ${newQuantity} × ${name} after ${formatDate(at)}`,
    },
  ]
}

function discountApplies(discount: DiscountRecord, at: number): boolean {
  if (discount._spent) return false
  return discount.end === null || at < discount.end
}

/** Applies the subscription's discounts to the lines; returns the per-discount totals. */
function applyDiscounts(em: Emulator, discountIds: string[], lines: InvoiceLineRecord[], at: number, consume: boolean) {
  const totals: { amount: number; discount: string }[] = []
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0)
  if (subtotal <= 0) return totals
  for (const discountId of discountIds) {
    const discount = em.store.discounts.get(discountId)
    const coupon = discount && em.store.coupons.get(discount.coupon)
    if (!discount || !coupon || !discountApplies(discount, at)) continue
    let amount = 0
    if (coupon.percent_off !== null) {
      for (const line of lines) {
        const lineAmount = Math.round((line.amount * coupon.percent_off) / 100)
        line.discount_amounts.push({ amount: lineAmount, discount: discount.id })
        amount += lineAmount
      }
    } else if (coupon.amount_off !== null) {
      const alreadyOff = totals.reduce((sum, t) => sum + t.amount, 0)
      amount = Math.min(coupon.amount_off, subtotal - alreadyOff)
      const target = [...lines].reverse().find((l) => l.amount > 0)
      target?.discount_amounts.push({ amount, discount: discount.id })
    }
    totals.push({ amount, discount: discount.id })
    if (consume && coupon.duration === 'once') discount._spent = true
  }
  return totals
}

/** Sums an invoice the way Stripe does: subtotal, discounts, then the customer's credit balance. */
export function draftInvoice(
  em: Emulator,
  input: { sub: SubscriptionRecord; reason: InvoiceRecord['billing_reason']; lines: InvoiceLineRecord[]; periodStart: number; periodEnd: number; now: number; preview?: boolean },
): InvoiceRecord {
  const { sub, lines, now } = input
  const customer = customerOf(em, sub.customer)
  const discountTotals = applyDiscounts(em, sub.discounts, lines, now, !input.preview)
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0)
  const total = subtotal - discountTotals.reduce((sum, d) => sum + d.amount, 0)
  const credit = total > 0 && customer.balance < 0 ? Math.min(total, -customer.balance) : 0
  const amountDue = Math.max(0, total - credit)
  const balanceChange = total < 0 ? total : credit
  const id = input.preview ? `upcoming_in_${newId('x').slice(2)}` : newId('in')
  for (const line of lines) line.id = line.id || newId('il')
  const invoice: InvoiceRecord = {
    id,
    number: input.preview ? '' : `${customer.id.slice(4, 12).toUpperCase()}-${String(++em.store.invoiceSequence).padStart(4, '0')}`,
    created: now,
    customer: customer.id,
    subscription: sub.id,
    status: 'draft',
    billing_reason: input.reason,
    currency: sub.currency,
    lines,
    subtotal,
    total,
    total_discount_amounts: discountTotals,
    discounts: discountTotals.map((d) => d.discount),
    starting_balance: customer.balance,
    ending_balance: input.preview ? null : customer.balance + balanceChange,
    amount_due: amountDue,
    amount_paid: 0,
    period_start: input.periodStart,
    period_end: input.periodEnd,
    attempt_count: 0,
    next_payment_attempt: null,
    finalized_at: null,
    paid_at: null,
    voided_at: null,
    payment_intent: null,
    test_clock: sub.test_clock,
    metadata: {},
  }
  if (!input.preview) customer.balance += balanceChange
  return invoice
}

/** Stores a drafted invoice, finalizes it and emits the events Stripe sends for that. */
export function finalizeInvoice(em: Emulator, invoice: InvoiceRecord, now: number): InvoiceRecord {
  em.store.invoices.set(invoice.id, invoice)
  em.emit('invoice.created', renderInvoice(em, invoice), now)
  invoice.status = 'open'
  invoice.finalized_at = now
  em.emit('invoice.finalized', renderInvoice(em, invoice), now)
  return invoice
}

export function voidInvoice(em: Emulator, invoice: InvoiceRecord, now: number): void {
  invoice.status = 'void'
  invoice.voided_at = now
  invoice.next_payment_attempt = null
  em.emit('invoice.voided', renderInvoice(em, invoice), now)
}

function markPaid(em: Emulator, invoice: InvoiceRecord, now: number) {
  invoice.status = 'paid'
  invoice.amount_paid = invoice.amount_due
  invoice.paid_at = now
  invoice.next_payment_attempt = null
  const rendered = renderInvoice(em, invoice)
  em.emit('invoice.paid', rendered, now)
  em.emit('invoice.payment_succeeded', rendered, now)
}

/** Charges a card through a PaymentIntent and its Charge, as Stripe links them. */
export function chargeCard(
  em: Emulator,
  input: {
    customer: string | null
    paymentMethod: string | null
    amount: number
    currency: string
    description: string | null
    invoice: string | null
    existingIntent: string | null
    now: number
  },
): { intent: PaymentIntentRecord; charge: ChargeRecord | null; decline: Decline | null } {
  const { now } = input
  let intent = input.existingIntent ? em.store.paymentIntents.get(input.existingIntent) : undefined
  if (!intent) {
    intent = {
      id: newId('pi'),
      created: now,
      amount: input.amount,
      amount_received: 0,
      currency: input.currency,
      customer: input.customer,
      description: input.description,
      invoice: input.invoice,
      payment_method: input.paymentMethod,
      status: 'requires_payment_method',
      latest_charge: null,
      last_payment_error: null,
      application_fee_amount: null,
      metadata: {},
      _account: null,
    }
    em.store.paymentIntents.set(intent.id, intent)
    em.emit('payment_intent.created', renderPaymentIntent(intent), now)
  }
  intent.payment_method = input.paymentMethod
  const pm = input.paymentMethod ? em.store.paymentMethods.get(input.paymentMethod) : undefined
  if (!pm) {
    intent.status = 'requires_payment_method'
    return { intent, charge: null, decline: null }
  }
  const charge: ChargeRecord = {
    id: newId('ch'),
    created: now,
    amount: input.amount,
    amount_refunded: 0,
    currency: input.currency,
    customer: input.customer,
    payment_intent: intent.id,
    payment_method: pm.id,
    status: pm._decline ? 'failed' : 'succeeded',
    failure: pm._decline,
    description: input.description,
    // A direct charge (Connect) is the connected account's; the platform's fee is taken only from money that moved.
    application_fee: !pm._decline && intent.application_fee_amount ? newId('fee') : null,
    application_fee_amount: intent.application_fee_amount,
    metadata: {},
    _account: intent._account,
  }
  em.store.charges.set(charge.id, charge)
  intent.latest_charge = charge.id
  if (pm._decline) {
    intent.status = 'requires_payment_method'
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: pm._decline.declineCode, message: pm._decline.message, charge: charge.id }
    em.emit('charge.failed', renderCharge(em, charge), now)
    em.emit('payment_intent.payment_failed', renderPaymentIntent(intent), now)
    return { intent, charge, decline: pm._decline }
  }
  intent.status = 'succeeded'
  intent.amount_received = input.amount
  intent.last_payment_error = null
  em.emit('charge.succeeded', renderCharge(em, charge), now)
  em.emit('payment_intent.succeeded', renderPaymentIntent(intent), now)
  return { intent, charge, decline: null }
}

/** One payment attempt on an open invoice with the subscription's (or customer's) default card. */
export function attemptInvoicePayment(em: Emulator, invoice: InvoiceRecord, now: number, paymentMethodOverride?: string): PaymentOutcome {
  if (invoice.amount_due === 0) {
    markPaid(em, invoice, now)
    return { paid: true }
  }
  const sub = invoice.subscription ? em.store.subscriptions.get(invoice.subscription) : undefined
  const paymentMethod = paymentMethodOverride ?? (sub ? subscriptionPaymentMethod(em, sub) : customerOf(em, invoice.customer).invoice_settings.default_payment_method)
  const result = chargeCard(em, {
    customer: invoice.customer,
    paymentMethod,
    amount: invoice.amount_due,
    currency: invoice.currency,
    description: invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    invoice: invoice.id,
    existingIntent: invoice.payment_intent,
    now,
  })
  invoice.payment_intent = result.intent.id
  invoice.attempt_count++
  if (result.intent.status === 'succeeded') {
    markPaid(em, invoice, now)
    return { paid: true }
  }
  const retryIndex = invoice.attempt_count - 1
  const firstFailure = invoice.finalized_at ?? now
  const nextOffset = invoice.billing_reason === 'subscription_create' ? undefined : RETRY_OFFSETS[retryIndex]
  invoice.next_payment_attempt = nextOffset === undefined ? null : firstFailure + nextOffset
  em.emit('invoice.payment_failed', renderInvoice(em, invoice), now)
  return { paid: false, decline: result.decline, chargeId: result.charge?.id ?? null, paymentIntentId: result.intent.id }
}

/** Creates, finalizes and tries to pay one subscription invoice; moves `latest_invoice`. */
export function billSubscription(
  em: Emulator,
  sub: SubscriptionRecord,
  reason: InvoiceRecord['billing_reason'],
  lines: InvoiceLineRecord[],
  period: { start: number; end: number },
  now: number,
) {
  const invoice = finalizeInvoice(em, draftInvoice(em, { sub, reason, lines, periodStart: period.start, periodEnd: period.end, now }), now)
  sub.latest_invoice = invoice.id
  const outcome = attemptInvoicePayment(em, invoice, now)
  return { invoice, outcome }
}

export function updateSubscription(em: Emulator, sub: SubscriptionRecord, now: number, change: () => void): void {
  changeWithEvent(em, 'customer.subscription.updated', () => renderSubscription(em, sub), change, now)
}

export function endSubscription(em: Emulator, sub: SubscriptionRecord, now: number, reason: SubscriptionRecord['cancellation_reason']): void {
  sub.status = 'canceled'
  sub.canceled_at ??= now
  sub.ended_at = now
  sub.cancellation_reason ??= reason
  sub.pause_collection = null
  for (const invoice of em.store.invoices.values()) {
    if (invoice.subscription === sub.id && invoice.status === 'open') invoice.next_payment_attempt = null
  }
  em.emit('customer.subscription.deleted', renderSubscription(em, sub), now)
}

function interval(em: Emulator, sub: SubscriptionRecord) {
  const recurring = em.store.prices.get(sub.items[0]!.price)!.recurring!
  return { interval: recurring.interval, count: recurring.interval_count }
}

export function nextPeriodEnd(em: Emulator, sub: SubscriptionRecord, after: number): number {
  const { interval: unit, count } = interval(em, sub)
  return nextBoundary(sub.billing_cycle_anchor, unit, count, after)
}

/** Ends the period at `now`: a trial turns into the first paid period, otherwise the subscription renews. */
function rollPeriod(em: Emulator, sub: SubscriptionRecord, now: number) {
  if (sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at <= now)) {
    endSubscription(em, sub, now, 'cancellation_requested')
    return
  }
  const endingTrial = sub.status === 'trialing'
  if (endingTrial) sub.billing_cycle_anchor = now
  const start = sub.current_period_end
  const end = nextPeriodEnd(em, sub, start)
  const paused = sub.pause_collection !== null && (sub.pause_collection.resumes_at === null || sub.pause_collection.resumes_at > now)
  let status = endingTrial ? 'active' : sub.status
  const previousLatest = sub.latest_invoice
  if (paused) {
    // pause_collection 'void': Stripe still cuts the invoice, then voids it instead of collecting.
    const invoice = finalizeInvoice(
      em,
      draftInvoice(em, { sub, reason: 'subscription_cycle', lines: periodLines(em, sub, start, end), periodStart: start, periodEnd: end, now }),
      now,
    )
    sub.latest_invoice = invoice.id
    voidInvoice(em, invoice, now)
  } else {
    const lines = [...sub._pendingLines.splice(0), ...periodLines(em, sub, start, end)]
    const { outcome } = billSubscription(em, sub, 'subscription_cycle', lines, { start, end }, now)
    if (!outcome.paid) status = 'past_due'
    else if (!hasUnpaidInvoices(em, sub)) status = 'active'
  }
  // The event's previous_attributes must show the old period and invoice, so they change inside the diff.
  const latest = sub.latest_invoice
  sub.latest_invoice = previousLatest
  updateSubscription(em, sub, now, () => {
    sub.current_period_start = start
    sub.current_period_end = end
    sub.status = status
    sub.latest_invoice = latest
  })
}

export function hasUnpaidInvoices(em: Emulator, sub: SubscriptionRecord): boolean {
  for (const invoice of em.store.invoices.values()) if (invoice.subscription === sub.id && invoice.status === 'open') return true
  return false
}

/** After an open invoice gets paid (retry or `invoices.pay`), a past_due or incomplete subscription recovers. */
export function settleSubscriptionAfterPayment(em: Emulator, invoice: InvoiceRecord, now: number): void {
  const sub = invoice.subscription ? em.store.subscriptions.get(invoice.subscription) : undefined
  if (!sub || hasUnpaidInvoices(em, sub)) return
  if (sub.status === 'past_due' || sub.status === 'incomplete') updateSubscription(em, sub, now, () => (sub.status = 'active'))
}

type DueAction = { at: number; run: () => void }

function dueActionsFor(em: Emulator, sub: SubscriptionRecord, openInvoices: InvoiceRecord[]): DueAction[] {
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return []
  const actions: DueAction[] = []
  if (sub.status === 'incomplete') {
    actions.push({
      at: sub.created + INCOMPLETE_WINDOW,
      run: () => {
        const at = sub.created + INCOMPLETE_WINDOW
        const invoice = sub.latest_invoice ? em.store.invoices.get(sub.latest_invoice) : undefined
        if (invoice?.status === 'open') voidInvoice(em, invoice, at)
        updateSubscription(em, sub, at, () => {
          sub.status = 'incomplete_expired'
          sub.ended_at = at
        })
      },
    })
    return actions
  }
  if (sub.status === 'trialing' && sub.trial_end !== null && !sub._trialWillEndSent && sub.trial_end - TRIAL_WILL_END_NOTICE > sub.created) {
    const at = sub.trial_end - TRIAL_WILL_END_NOTICE
    actions.push({
      at,
      run: () => {
        sub._trialWillEndSent = true
        em.emit('customer.subscription.trial_will_end', renderSubscription(em, sub), at)
      },
    })
  }
  const resumesAt = sub.pause_collection?.resumes_at
  if (resumesAt != null) actions.push({ at: resumesAt, run: () => updateSubscription(em, sub, resumesAt, () => (sub.pause_collection = null)) })
  if (sub.cancel_at !== null && sub.cancel_at < sub.current_period_end) {
    const at = sub.cancel_at
    actions.push({ at, run: () => endSubscription(em, sub, at, 'cancellation_requested') })
  }
  actions.push({ at: sub.current_period_end, run: () => rollPeriod(em, sub, sub.current_period_end) })
  for (const invoice of openInvoices) {
    if (invoice.next_payment_attempt === null) continue
    const at = invoice.next_payment_attempt
    actions.push({
      at,
      run: () => {
        const outcome = attemptInvoicePayment(em, invoice, at)
        if (outcome.paid) settleSubscriptionAfterPayment(em, invoice, at)
      },
    })
  }
  return actions
}

/**
 * Runs, in time order, everything due up to `target` for the subscriptions on one clock
 * (`testClock` null: those on the global clock), or only those `only` names. Resumes before renewals
 * at the same instant.
 */
export function runDue(em: Emulator, testClock: string | null, target: number, only?: ReadonlySet<string>): number {
  let steps = 0
  for (;;) {
    const openBySubscription = new Map<string, InvoiceRecord[]>()
    for (const invoice of em.store.invoices.values()) {
      if (invoice.status !== 'open' || !invoice.subscription) continue
      const list = openBySubscription.get(invoice.subscription) ?? []
      list.push(invoice)
      openBySubscription.set(invoice.subscription, list)
    }
    let next: DueAction | undefined
    for (const sub of em.store.subscriptions.values()) {
      if (sub.test_clock !== testClock || (only && !only.has(sub.id))) continue
      for (const action of dueActionsFor(em, sub, openBySubscription.get(sub.id) ?? [])) {
        if (action.at <= target && (!next || action.at < next.at)) next = action
      }
    }
    if (!next) return steps
    next.run()
    if (++steps > 100_000) throw new Error('runDue: too many billing steps; is a period of zero length configured?')
  }
}
