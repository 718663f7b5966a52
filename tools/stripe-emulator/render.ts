// Turns records into the JSON Stripe answers with, and expands ids on request (`expand[]`).
import type { Emulator } from './emulator'
import { invalidRequest } from './errors'
import type {
  AccountRecord,
  ChargeRecord,
  CheckoutSessionRecord,
  CouponRecord,
  CustomerRecord,
  DiscountRecord,
  InvoiceLineRecord,
  InvoiceRecord,
  PaymentIntentRecord,
  PaymentMethodRecord,
  PriceRecord,
  ProductRecord,
  PromotionCodeRecord,
  RefundRecord,
  SubscriptionItemRecord,
  SubscriptionRecord,
} from './state'

export type Json = Record<string, unknown>

const base = (object: string, id: string, created: number) => ({ id, object, created, livemode: false })

export function list(url: string, data: Json[], hasMore = false): Json {
  return { object: 'list', data, has_more: hasMore, url }
}

export function renderCustomer(em: Emulator, c: CustomerRecord): Json {
  if (c.deleted) return { id: c.id, object: 'customer', deleted: true }
  return {
    ...base('customer', c.id, c.created),
    address: null,
    balance: c.balance,
    currency: 'usd',
    default_source: null,
    delinquent: [...em.store.invoices.values()].some((i) => i.customer === c.id && i.status === 'open' && i.attempt_count > 0),
    description: c.description,
    discount: null,
    email: c.email,
    invoice_prefix: c.id.slice(4, 12).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: c.invoice_settings.default_payment_method, footer: null, rendering_options: null },
    metadata: c.metadata,
    name: c.name,
    phone: c.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: c.test_clock,
  }
}

export function renderPaymentMethod(pm: PaymentMethodRecord): Json {
  return {
    ...base('payment_method', pm.id, pm.created),
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: pm.billing_details.email, name: pm.billing_details.name, phone: null, tax_id: null },
    card: {
      ...pm.card,
      display_brand: pm.card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      generated_from: null,
      networks: { available: [pm.card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    customer: pm.customer,
    metadata: pm.metadata,
    type: 'card',
  }
}

export function renderProduct(p: ProductRecord): Json {
  return {
    ...base('product', p.id, p.created),
    active: p.active,
    default_price: p.default_price,
    description: p.description,
    images: [],
    marketing_features: [],
    metadata: p.metadata,
    name: p.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: p.updated,
    url: null,
  }
}

export function renderPrice(p: PriceRecord): Json {
  return {
    ...base('price', p.id, p.created),
    active: p.active,
    billing_scheme: 'per_unit',
    currency: p.currency,
    custom_unit_amount: null,
    lookup_key: p.lookup_key,
    metadata: p.metadata,
    nickname: p.nickname,
    product: p.product,
    recurring: p.recurring ? { ...p.recurring, meter: null, usage_type: 'licensed' } : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: p.recurring ? 'recurring' : 'one_time',
    unit_amount: p.unit_amount,
    unit_amount_decimal: String(p.unit_amount),
  }
}

/** The legacy `plan` view Stripe still embeds beside `price` in subscription items. */
function renderPlan(p: PriceRecord): Json {
  return {
    ...base('plan', p.id, p.created),
    active: p.active,
    amount: p.unit_amount,
    amount_decimal: String(p.unit_amount),
    billing_scheme: 'per_unit',
    currency: p.currency,
    interval: p.recurring?.interval ?? 'month',
    interval_count: p.recurring?.interval_count ?? 1,
    metadata: p.metadata,
    meter: null,
    nickname: p.nickname,
    product: p.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: p.recurring?.trial_period_days ?? null,
    usage_type: 'licensed',
  }
}

export function couponIsValid(c: CouponRecord, now: number): boolean {
  if (c.redeem_by !== null && now > c.redeem_by) return false
  if (c.max_redemptions !== null && c.times_redeemed >= c.max_redemptions) return false
  return true
}

export function renderCoupon(c: CouponRecord, now: number): Json {
  return {
    ...base('coupon', c.id, c.created),
    amount_off: c.amount_off,
    currency: c.currency,
    duration: c.duration,
    duration_in_months: c.duration_in_months,
    max_redemptions: c.max_redemptions,
    metadata: c.metadata,
    name: c.name,
    percent_off: c.percent_off,
    redeem_by: c.redeem_by,
    times_redeemed: c.times_redeemed,
    valid: couponIsValid(c, now),
  }
}

export function renderPromotionCode(em: Emulator, p: PromotionCodeRecord): Json {
  const coupon = em.store.coupons.get(p.coupon)
  return {
    ...base('promotion_code', p.id, p.created),
    active: p.active,
    code: p.code,
    customer: p.customer,
    customer_account: null,
    expires_at: p.expires_at,
    max_redemptions: p.max_redemptions,
    metadata: p.metadata,
    promotion: { coupon: coupon ? renderCoupon(coupon, em.clocks.globalNow()) : p.coupon, type: 'coupon' },
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: p.times_redeemed,
  }
}

export function renderDiscount(d: DiscountRecord): Json {
  return {
    id: d.id,
    object: 'discount',
    checkout_session: null,
    customer: d.customer,
    customer_account: null,
    end: d.end,
    invoice: null,
    invoice_item: null,
    promotion_code: d.promotion_code,
    source: { coupon: d.coupon, type: 'coupon' },
    start: d.start,
    subscription: d.subscription,
    subscription_item: null,
  }
}

function renderSubscriptionItem(em: Emulator, s: SubscriptionRecord, item: SubscriptionItemRecord): Json {
  const price = em.store.prices.get(item.price)!
  return {
    id: item.id,
    object: 'subscription_item',
    created: item.created,
    current_period_end: s.current_period_end,
    current_period_start: s.current_period_start,
    discounts: [],
    metadata: item.metadata,
    plan: renderPlan(price),
    price: renderPrice(price),
    quantity: item.quantity,
    subscription: s.id,
    tax_rates: [],
  }
}

export function renderSubscription(em: Emulator, s: SubscriptionRecord): Json {
  return {
    ...base('subscription', s.id, s.created),
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: s.billing_cycle_anchor,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    cancel_at: s.cancel_at,
    cancel_at_period_end: s.cancel_at_period_end,
    canceled_at: s.canceled_at,
    cancellation_details: { comment: null, feedback: null, reason: s.cancellation_reason },
    collection_method: 'charge_automatically',
    currency: s.currency,
    customer: s.customer,
    days_until_due: null,
    default_payment_method: s.default_payment_method,
    default_source: null,
    description: s.description,
    discounts: s.discounts,
    ended_at: s.ended_at,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: list(
      `/v1/subscription_items?subscription=${s.id}`,
      s.items.map((i) => renderSubscriptionItem(em, s, i)),
    ),
    latest_invoice: s.latest_invoice,
    metadata: s.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: s.pause_collection,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: s.start_date,
    status: s.status,
    test_clock: s.test_clock,
    transfer_data: null,
    trial_end: s.trial_end,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: s.trial_start,
  }
}

function renderInvoiceLine(em: Emulator, invoice: InvoiceRecord | null, line: InvoiceLineRecord): Json {
  const price = em.store.prices.get(line.price)
  return {
    id: line.id,
    object: 'line_item',
    amount: line.amount,
    currency: invoice?.currency ?? price?.currency ?? 'usd',
    description: line.description,
    discount_amounts: line.discount_amounts,
    discountable: true,
    discounts: [],
    invoice: invoice?.id ?? null,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: invoice?.subscription ?? null,
        subscription_item: line.subscription_item,
      },
      type: 'subscription_item_details',
    },
    period: line.period,
    pretax_credit_amounts: [],
    pricing: { price_details: { price: line.price, product: price?.product ?? null }, type: 'price_details', unit_amount_decimal: price ? String(price.unit_amount) : null },
    quantity: line.quantity,
    subtotal: line.amount,
    taxes: [],
  }
}

export function renderInvoice(em: Emulator, i: InvoiceRecord, options: { preview?: boolean } = {}): Json {
  const customer = em.store.customers.get(i.customer)
  const paid = i.status === 'paid'
  const pi = i.payment_intent ? em.store.paymentIntents.get(i.payment_intent) : undefined
  return {
    ...base('invoice', i.id, i.created),
    account_country: 'US',
    account_name: 'Draftdesk (emulated)',
    account_tax_ids: null,
    amount_due: i.amount_due,
    amount_overpaid: 0,
    amount_paid: i.amount_paid,
    amount_remaining: i.amount_due - i.amount_paid,
    amount_shipping: 0,
    application: null,
    attempt_count: i.attempt_count,
    attempted: i.attempt_count > 0 || paid,
    auto_advance: i.status === 'open',
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: i.billing_reason,
    collection_method: 'charge_automatically',
    created: i.created,
    currency: i.currency,
    custom_fields: null,
    customer: i.customer,
    customer_account: null,
    customer_address: null,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: i.discounts,
    due_date: null,
    effective_at: i.finalized_at,
    ending_balance: i.ending_balance,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: options.preview ? null : `${em.baseUrl}/_emulator/invoices/${i.id}`,
    invoice_pdf: options.preview ? null : `${em.baseUrl}/_emulator/invoices/${i.id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list(
      `/v1/invoices/${i.id}/lines`,
      i.lines.map((l) => renderInvoiceLine(em, i, l)),
    ),
    metadata: i.metadata,
    next_payment_attempt: i.next_payment_attempt,
    number: options.preview ? null : i.number,
    on_behalf_of: null,
    parent: i.subscription
      ? {
          quote_details: null,
          subscription_details: { metadata: em.store.subscriptions.get(i.subscription)?.metadata ?? {}, subscription: i.subscription },
          type: 'subscription_details',
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    payments: list(
      `/v1/invoice_payments?invoice=${i.id}`,
      pi
        ? [
            {
              id: `inpay_${pi.id.slice(3)}`,
              object: 'invoice_payment',
              amount_paid: pi.amount_received || null,
              amount_requested: pi.amount,
              created: pi.created,
              currency: pi.currency,
              invoice: i.id,
              is_default: true,
              livemode: false,
              payment: { payment_intent: pi.id, type: 'payment_intent' },
              status: pi.status === 'succeeded' ? 'paid' : 'open',
              status_transitions: { canceled_at: null, paid_at: i.paid_at },
            },
          ]
        : [],
    ),
    period_end: i.period_end,
    period_start: i.period_start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: i.starting_balance,
    statement_descriptor: null,
    status: i.status,
    status_transitions: { finalized_at: i.finalized_at, marked_uncollectible_at: null, paid_at: i.paid_at, voided_at: i.voided_at },
    subtotal: i.subtotal,
    subtotal_excluding_tax: i.subtotal,
    test_clock: i.test_clock,
    total: i.total,
    total_discount_amounts: i.total_discount_amounts,
    total_excluding_tax: i.total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: i.created,
  }
}

export function renderPaymentIntent(pi: PaymentIntentRecord): Json {
  return {
    ...base('payment_intent', pi.id, pi.created),
    amount: pi.amount,
    amount_capturable: 0,
    amount_received: pi.amount_received,
    application: null,
    application_fee_amount: pi.application_fee_amount,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${pi.id}_secret_emulated`,
    confirmation_method: 'automatic',
    currency: pi.currency,
    customer: pi.customer,
    description: pi.description,
    last_payment_error: pi.last_payment_error,
    latest_charge: pi.latest_charge,
    metadata: pi.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: pi.payment_method,
    payment_method_types: ['card'],
    receipt_email: null,
    setup_future_usage: null,
    status: pi.status,
  }
}

export function renderCharge(em: Emulator, c: ChargeRecord): Json {
  const pm = em.store.paymentMethods.get(c.payment_method)
  const ok = c.status === 'succeeded'
  return {
    ...base('charge', c.id, c.created),
    amount: c.amount,
    amount_captured: ok ? c.amount : 0,
    amount_refunded: c.amount_refunded,
    application_fee: c.application_fee,
    application_fee_amount: c.application_fee_amount,
    balance_transaction: null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    captured: ok,
    currency: c.currency,
    customer: c.customer,
    description: c.description,
    disputed: false,
    failure_code: c.failure ? 'card_declined' : null,
    failure_message: c.failure?.message ?? null,
    metadata: c.metadata,
    outcome: ok
      ? { network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' }
      : {
          network_status: 'declined_by_network',
          reason: c.failure?.declineCode ?? null,
          risk_level: 'normal',
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        },
    paid: ok,
    payment_intent: c.payment_intent,
    payment_method: c.payment_method,
    payment_method_details: pm
      ? {
          card: { brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year, funding: pm.card.funding, country: pm.card.country },
          type: 'card',
        }
      : null,
    receipt_url: `${em.baseUrl}/_emulator/receipts/${c.id}`,
    refunded: c.amount_refunded > 0 && c.amount_refunded >= c.amount,
    status: c.status,
  }
}

export function renderRefund(r: RefundRecord): Json {
  return {
    ...base('refund', r.id, r.created),
    amount: r.amount,
    balance_transaction: null,
    charge: r.charge,
    currency: r.currency,
    destination_details: { card: { reference_status: 'available', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
    metadata: r.metadata,
    payment_intent: r.payment_intent,
    reason: r.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  }
}

export function renderAccount(a: AccountRecord): Json {
  // Not started: everything is due. Submitted but not enabled: Stripe is verifying. Charges without
  // payouts: restricted until a bank account is added.
  const due = !a.details_submitted
    ? ['business_profile.url', 'external_account', 'individual.dob.day', 'tos_acceptance.date']
    : a.charges_enabled && !a.payouts_enabled
      ? ['external_account']
      : []
  const disabledReason = !a.details_submitted ? 'requirements.past_due' : !a.charges_enabled ? 'requirements.pending_verification' : null
  return {
    ...base('account', a.id, a.created),
    business_profile: { mcc: null, name: null, url: null },
    business_type: null,
    capabilities: { card_payments: a.charges_enabled ? 'active' : 'inactive', transfers: a.payouts_enabled ? 'active' : 'inactive' },
    charges_enabled: a.charges_enabled,
    country: a.country,
    default_currency: a.default_currency,
    details_submitted: a.details_submitted,
    email: a.email,
    external_accounts: list(`/v1/accounts/${a.id}/external_accounts`, []),
    metadata: a.metadata,
    payouts_enabled: a.payouts_enabled,
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: due,
      disabled_reason: disabledReason,
      errors: [],
      eventually_due: due,
      past_due: due,
      pending_verification: a.details_submitted && !a.charges_enabled ? ['individual.verification.document'] : [],
    },
    type: a.type,
  }
}

export function renderCheckoutSession(em: Emulator, s: CheckoutSessionRecord): Json {
  const price = em.store.prices.get(s.price)
  const amount = (price?.unit_amount ?? 0) * s.quantity
  const customer = s.customer ? em.store.customers.get(s.customer) : undefined
  return {
    ...base('checkout.session', s.id, s.created),
    allow_promotion_codes: null,
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: s.cancel_url,
    client_reference_id: s.client_reference_id,
    currency: price?.currency ?? null,
    customer: s.customer,
    customer_details: customer ? { email: customer.email, name: customer.name, phone: null, address: null, tax_exempt: 'none', tax_ids: [] } : null,
    customer_email: s.customer_email,
    discounts: s.discounts,
    expires_at: s.expires_at,
    invoice: s.subscription ? (em.store.subscriptions.get(s.subscription)?.latest_invoice ?? null) : null,
    metadata: s.metadata,
    mode: s.mode,
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: s.status === 'complete' ? 'paid' : 'unpaid',
    status: s.status,
    subscription: s.subscription,
    success_url: s.success_url,
    ui_mode: 'hosted',
    url: s.status === 'open' ? `${em.baseUrl}/_emulator/checkout/${s.id}` : null,
  }
}

/** Any stored object by its id, for `expand[]`; the prefix says which collection holds it. */
export function renderById(em: Emulator, id: string): Json | undefined {
  const s = em.store
  const now = em.clocks.globalNow()
  const prefix = id.slice(0, id.indexOf('_') + 1)
  switch (prefix) {
    case 'cus_': {
      const c = s.customers.get(id)
      return c && renderCustomer(em, c)
    }
    case 'pm_': {
      const pm = s.paymentMethods.get(id)
      return pm && renderPaymentMethod(pm)
    }
    case 'prod_': {
      const p = s.products.get(id)
      return p && renderProduct(p)
    }
    case 'price_': {
      const p = s.prices.get(id)
      return p && renderPrice(p)
    }
    case 'promo_': {
      const p = s.promotionCodes.get(id)
      return p && renderPromotionCode(em, p)
    }
    case 'di_': {
      const d = s.discounts.get(id)
      return d && renderDiscount(d)
    }
    case 'sub_': {
      const sub = s.subscriptions.get(id)
      return sub && renderSubscription(em, sub)
    }
    case 'in_': {
      const i = s.invoices.get(id)
      return i && renderInvoice(em, i)
    }
    case 'pi_': {
      const pi = s.paymentIntents.get(id)
      return pi && renderPaymentIntent(pi)
    }
    case 'ch_': {
      const c = s.charges.get(id)
      return c && renderCharge(em, c)
    }
    case 're_': {
      const r = s.refunds.get(id)
      return r && renderRefund(r)
    }
    case 'acct_': {
      const a = s.accounts.get(id)
      return a && renderAccount(a)
    }
    case 'cs_': {
      const c = s.checkoutSessions.get(id)
      return c && renderCheckoutSession(em, c)
    }
  }
  const coupon = s.coupons.get(id)
  return coupon && renderCoupon(coupon, now)
}

function expandPath(em: Emulator, value: unknown, segments: string[], fullPath: string): unknown {
  if (segments.length === 0) {
    if (typeof value === 'string') {
      const expanded = renderById(em, value)
      if (!expanded) throw invalidRequest(`This property cannot be expanded (${fullPath}).`, 'expand')
      return expanded
    }
    return value
  }
  if (Array.isArray(value)) return value.map((v) => expandPath(em, v, segments, fullPath))
  if (typeof value === 'string') return expandPath(em, renderById(em, value), segments, fullPath)
  if (value === null || typeof value !== 'object') return value
  const [head, ...rest] = segments as [string, ...string[]]
  const object = value as Json
  if (!(head in object)) throw invalidRequest(`This property cannot be expanded (${fullPath}).`, 'expand')
  return { ...object, [head]: expandPath(em, object[head], rest, fullPath) }
}

/** Applies `expand[]` paths; `data.` paths reach into lists as Stripe's do. */
export function expand(em: Emulator, object: Json, paths: string[]): Json {
  let result: Json = object
  for (const path of paths) result = expandPath(em, result, path.split('.'), path) as Json
  return result
}
