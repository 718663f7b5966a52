// The emulator's in-memory records, stored in Stripe's shapes (fields starting with `_` stay internal).
import type { Decline } from './errors'
import type { Interval } from './clock'
import type { Metadata } from './params'

export type CardDetails = { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit' | 'debit'; country: string; fingerprint: string }

export type CustomerRecord = {
  id: string
  created: number
  email: string | null
  name: string | null
  description: string | null
  phone: string | null
  metadata: Metadata
  balance: number
  invoice_settings: { default_payment_method: string | null }
  test_clock: string | null
  deleted?: true
}

export type PaymentMethodRecord = {
  id: string
  created: number
  customer: string | null
  card: CardDetails
  billing_details: { name: string | null; email: string | null }
  metadata: Metadata
  /** Set when charges on this card fail (test tokens, or the emulator's decline switch). */
  _decline: Decline | null
  /** The connected account it was made on (a test token used with `Stripe-Account`); null: the platform. */
  _account: string | null
}

export type ProductRecord = {
  id: string
  created: number
  updated: number
  name: string
  description: string | null
  active: boolean
  metadata: Metadata
  default_price: string | null
}

export type PriceRecord = {
  id: string
  created: number
  product: string
  active: boolean
  currency: string
  unit_amount: number
  nickname: string | null
  lookup_key: string | null
  metadata: Metadata
  recurring: { interval: Interval; interval_count: number; trial_period_days: number | null } | null
}

export type CouponRecord = {
  id: string
  created: number
  name: string | null
  percent_off: number | null
  amount_off: number | null
  currency: string | null
  duration: 'once' | 'forever' | 'repeating'
  duration_in_months: number | null
  max_redemptions: number | null
  redeem_by: number | null
  times_redeemed: number
  metadata: Metadata
}

export type PromotionCodeRecord = {
  id: string
  created: number
  code: string
  coupon: string
  active: boolean
  customer: string | null
  expires_at: number | null
  max_redemptions: number | null
  times_redeemed: number
  metadata: Metadata
}

export type DiscountRecord = {
  id: string
  coupon: string
  promotion_code: string | null
  customer: string
  subscription: string | null
  start: number
  end: number | null
  /** A `once` coupon is spent by the first invoice it reduces. */
  _spent: boolean
}

export type SubscriptionItemRecord = { id: string; created: number; price: string; quantity: number; metadata: Metadata }

export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused'

export type SubscriptionRecord = {
  id: string
  created: number
  customer: string
  status: SubscriptionStatus
  start_date: number
  billing_cycle_anchor: number
  current_period_start: number
  current_period_end: number
  trial_start: number | null
  trial_end: number | null
  cancel_at_period_end: boolean
  cancel_at: number | null
  canceled_at: number | null
  ended_at: number | null
  cancellation_reason: 'cancellation_requested' | 'payment_failed' | null
  default_payment_method: string | null
  description: string | null
  discounts: string[]
  latest_invoice: string | null
  metadata: Metadata
  pause_collection: { behavior: 'void' | 'keep_as_draft' | 'mark_uncollectible'; resumes_at: number | null } | null
  items: SubscriptionItemRecord[]
  currency: string
  test_clock: string | null
  _trialWillEndSent: boolean
  /** Prorations made with create_prorations wait for the next renewal, as Stripe's pending invoice items do. */
  _pendingLines: InvoiceLineRecord[]
}

export type InvoiceLineRecord = {
  id: string
  amount: number
  description: string
  price: string
  quantity: number
  proration: boolean
  subscription_item: string | null
  period: { start: number; end: number }
  discount_amounts: { amount: number; discount: string }[]
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible'

export type InvoiceRecord = {
  id: string
  number: string
  created: number
  customer: string
  subscription: string | null
  status: InvoiceStatus
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual'
  currency: string
  lines: InvoiceLineRecord[]
  subtotal: number
  total: number
  total_discount_amounts: { amount: number; discount: string }[]
  discounts: string[]
  starting_balance: number
  ending_balance: number | null
  amount_due: number
  amount_paid: number
  period_start: number
  period_end: number
  attempt_count: number
  next_payment_attempt: number | null
  finalized_at: number | null
  paid_at: number | null
  voided_at: number | null
  payment_intent: string | null
  test_clock: string | null
  metadata: Metadata
}

export type PaymentIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled'

export type PaymentIntentRecord = {
  id: string
  created: number
  amount: number
  amount_received: number
  currency: string
  customer: string | null
  description: string | null
  invoice: string | null
  payment_method: string | null
  status: PaymentIntentStatus
  latest_charge: string | null
  last_payment_error: { type: 'card_error'; code: string; decline_code: string; message: string; charge: string } | null
  /** What the platform keeps of a direct charge on a connected account (Connect); null otherwise. */
  application_fee_amount: number | null
  metadata: Metadata
  /** The connected account that owns it (created with `Stripe-Account`); null: the platform's own. */
  _account: string | null
}

export type ChargeRecord = {
  id: string
  created: number
  amount: number
  amount_refunded: number
  currency: string
  customer: string | null
  payment_intent: string
  payment_method: string
  status: 'succeeded' | 'failed'
  failure: Decline | null
  description: string | null
  /** The platform's fee (`fee_...`) of a succeeded direct charge with a non-zero application_fee_amount. */
  application_fee: string | null
  application_fee_amount: number | null
  metadata: Metadata
  _account: string | null
}

export type RefundRecord = {
  id: string
  created: number
  amount: number
  charge: string
  payment_intent: string
  currency: string
  reason: string | null
  metadata: Metadata
  /** The account of the refunded charge. */
  _account: string | null
}

export type AccountRecord = {
  id: string
  created: number
  type: 'express' | 'standard' | 'custom'
  country: string
  email: string | null
  default_currency: string
  charges_enabled: boolean
  payouts_enabled: boolean
  details_submitted: boolean
  metadata: Metadata
}

export type CheckoutSessionRecord = {
  id: string
  created: number
  expires_at: number
  mode: 'subscription'
  customer: string | null
  customer_email: string | null
  success_url: string
  cancel_url: string | null
  price: string
  quantity: number
  trial_period_days: number | null
  discounts: { coupon?: string; promotion_code?: string }[]
  metadata: Metadata
  subscription_metadata: Metadata
  status: 'open' | 'complete' | 'expired'
  subscription: string | null
  client_reference_id: string | null
}

export type EventRecord = {
  id: string
  type: string
  created: number
  object: Record<string, unknown>
  previous_attributes?: Record<string, unknown>
  request: { id: string | null; idempotency_key: string | null }
  /** A connected account's event (Connect): Stripe names the account on it. */
  account?: string
}

/** Every collection the emulator keeps; insertion order doubles as creation order for lists. */
export class Store {
  readonly customers = new Map<string, CustomerRecord>()
  readonly paymentMethods = new Map<string, PaymentMethodRecord>()
  readonly products = new Map<string, ProductRecord>()
  readonly prices = new Map<string, PriceRecord>()
  readonly coupons = new Map<string, CouponRecord>()
  readonly promotionCodes = new Map<string, PromotionCodeRecord>()
  readonly discounts = new Map<string, DiscountRecord>()
  readonly subscriptions = new Map<string, SubscriptionRecord>()
  readonly invoices = new Map<string, InvoiceRecord>()
  readonly paymentIntents = new Map<string, PaymentIntentRecord>()
  readonly charges = new Map<string, ChargeRecord>()
  readonly refunds = new Map<string, RefundRecord>()
  readonly accounts = new Map<string, AccountRecord>()
  readonly checkoutSessions = new Map<string, CheckoutSessionRecord>()
  readonly events = new Map<string, EventRecord>()
  invoiceSequence = 0
}
