// Billing adapter: the one place that calls the Stripe SDK (Stripe itself, or tools/stripe-emulator locally).
import Stripe from 'stripe'
import { env, stripeConnection } from './env.server'

/** An SDK client for a key and, optionally, another API origin (the emulator: `http://127.0.0.1:12111`). */
export function createStripeClient(apiKey: string, apiUrl: string | null = null): Stripe {
  if (!apiUrl) return new Stripe(apiKey)
  const url = new URL(apiUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return new Stripe(apiKey, { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol })
}

let cachedClient: Stripe | undefined

/** The process-wide client from the environment; throws when billing is not configured (production without a key). */
export function stripeClient(): Stripe {
  if (cachedClient) return cachedClient
  const connection = stripeConnection()
  if (!connection) throw new Error('Billing is not configured: set STRIPE_SECRET_KEY.')
  return (cachedClient = createStripeClient(connection.apiKey, connection.apiUrl))
}

export type CustomerSummary = { id: string; email: string | null; name: string | null; defaultPaymentMethodId: string | null }
/** fingerprint: Stripe's id of the card number, the same on every payment method of that card (ADR 0095). */
export type PaymentMethodSummary = { id: string; brand: string; last4: string; expMonth: number; expYear: number; isDefault: boolean; fingerprint: string | null }
export type PriceSummary = {
  productId: string
  priceId: string
  unitAmountCents: number
  currency: string
  interval: 'day' | 'week' | 'month' | 'year'
  intervalCount: number
  active: boolean
}
export type SubscriptionStatus = Stripe.Subscription.Status
export type SubscriptionSummary = {
  id: string
  customerId: string
  status: SubscriptionStatus
  priceId: string
  itemId: string
  quantity: number
  trialEnd: number | null
  currentPeriodStart: number
  currentPeriodEnd: number
  cancelAtPeriodEnd: boolean
  canceledAt: number | null
  /** When collection is paused, the time it resumes (null: paused until resumed by hand). */
  pausedUntil: number | null
  isPaused: boolean
  latestInvoiceId: string | null
  discountIds: string[]
}
export type InvoiceSummary = {
  id: string
  number: string | null
  status: Stripe.Invoice.Status | null
  billingReason: Stripe.Invoice.BillingReason | null
  subscriptionId: string | null
  totalCents: number
  amountDueCents: number
  amountPaidCents: number
  discountCents: number
  currency: string
  created: number
  periodStart: number
  periodEnd: number
  hostedInvoiceUrl: string | null
  invoicePdf: string | null
  paymentIntentId: string | null
}
export type QuantityChangePreview = {
  /** Pass back to changeQuantity so the charge equals the preview. */
  prorationDate: number
  dueNowCents: number
  nextInvoiceCents: number
  nextInvoiceAt: number
}
export type CouponInput = {
  id?: string
  name?: string
  duration: 'once' | 'forever' | 'repeating'
  durationInMonths?: number
  maxRedemptions?: number
  redeemBy?: number
} & ({ percentOff: number } | { amountOffCents: number; currency: string })
export type CouponSummary = {
  id: string
  percentOff: number | null
  amountOffCents: number | null
  duration: Stripe.Coupon.Duration
  durationInMonths: number | null
  valid: boolean
  timesRedeemed: number
}
export type PromotionCodeSummary = { id: string; code: string; couponId: string; active: boolean }
export type ConnectAccountSummary = {
  id: string
  chargesEnabled: boolean
  payoutsEnabled: boolean
  detailsSubmitted: boolean
  /** The four payout states the back office shows. */
  payoutState: 'not_started' | 'pending' | 'enabled' | 'restricted'
}

/** A charge as the billing pages show it: its receipt, and the payment intent that ties it to an invoice. */
export type ChargeSummary = {
  id: string
  customerId: string | null
  paymentIntentId: string | null
  amountCents: number
  amountRefundedCents: number
  currency: string
  status: Stripe.Charge.Status
  created: number
  receiptUrl: string | null
  receiptNumber: string | null
}
/** One page of invoices (newest first) with whom each was billed to. */
export type InvoicePage = {
  invoices: (InvoiceSummary & { customerId: string | null; customerEmail: string | null; customerName: string | null })[]
  hasMore: boolean
}
/** A Connect account's onboarding state as the payouts page reads it (the spec's payout profile). */
export type ConnectAccountProfile = {
  id: string
  payouts_enabled: boolean
  charges_enabled: boolean
  details_submitted: boolean
  requirements: { currently_due: string[]; pending_verification: string[]; disabled_reason: string | null }
}

/** A one-time charge (a PaymentIntent confirmed at once) as the app keeps it. */
export type OneTimeChargeSummary = {
  paymentIntentId: string
  chargeId: string | null
  amountCents: number
  currency: string
  status: Stripe.PaymentIntent.Status
  metadata: Record<string, string>
}

/** What the customer sees when a card asks for a step (3D Secure) the server-side confirmation cannot take. */
export const CARD_NEEDS_AUTHENTICATION = 'This card needs an extra authentication step that this payment cannot take. Please use another card.'

/** The card error message Stripe gives for the customer (e.g. 'Your card was declined.'), or null for other failures. */
export function cardErrorMessage(error: unknown): string | null {
  return error instanceof Stripe.errors.StripeCardError ? error.message : null
}

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id)

function toCustomer(c: Stripe.Customer): CustomerSummary {
  return { id: c.id, email: c.email, name: c.name ?? null, defaultPaymentMethodId: idOf(c.invoice_settings.default_payment_method) }
}

function toPaymentMethod(pm: Stripe.PaymentMethod, defaultId: string | null): PaymentMethodSummary {
  return {
    id: pm.id,
    brand: pm.card?.brand ?? 'unknown',
    last4: pm.card?.last4 ?? '',
    expMonth: pm.card?.exp_month ?? 0,
    expYear: pm.card?.exp_year ?? 0,
    isDefault: pm.id === defaultId,
    fingerprint: pm.card?.fingerprint ?? null,
  }
}

function toPrice(p: Stripe.Price): PriceSummary {
  return {
    productId: idOf(p.product)!,
    priceId: p.id,
    unitAmountCents: p.unit_amount ?? 0,
    currency: p.currency,
    interval: (p.recurring?.interval ?? 'month') as PriceSummary['interval'],
    intervalCount: p.recurring?.interval_count ?? 1,
    active: p.active,
  }
}

export function toSubscription(s: Stripe.Subscription): SubscriptionSummary {
  const item = s.items.data[0]!
  return {
    id: s.id,
    customerId: idOf(s.customer)!,
    status: s.status,
    priceId: item.price.id,
    itemId: item.id,
    quantity: item.quantity ?? 1,
    trialEnd: s.trial_end,
    currentPeriodStart: item.current_period_start,
    currentPeriodEnd: item.current_period_end,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    canceledAt: s.canceled_at,
    pausedUntil: s.pause_collection?.resumes_at ?? null,
    isPaused: s.pause_collection !== null,
    latestInvoiceId: idOf(s.latest_invoice),
    discountIds: s.discounts.map((d) => idOf(d)!),
  }
}

export function toInvoice(i: Stripe.Invoice): InvoiceSummary {
  const payment = i.payments?.data.find((p) => p.is_default) ?? i.payments?.data[0]
  return {
    id: i.id,
    number: i.number,
    status: i.status,
    billingReason: i.billing_reason,
    subscriptionId: idOf(i.parent?.subscription_details?.subscription),
    totalCents: i.total,
    amountDueCents: i.amount_due,
    amountPaidCents: i.amount_paid,
    discountCents: (i.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0),
    currency: i.currency,
    created: i.created,
    periodStart: i.period_start,
    periodEnd: i.period_end,
    hostedInvoiceUrl: i.hosted_invoice_url ?? null,
    invoicePdf: i.invoice_pdf ?? null,
    paymentIntentId: idOf(payment?.payment.payment_intent),
  }
}

function toOneTimeCharge(pi: Stripe.PaymentIntent): OneTimeChargeSummary {
  return { paymentIntentId: pi.id, chargeId: idOf(pi.latest_charge), amountCents: pi.amount, currency: pi.currency, status: pi.status, metadata: { ...pi.metadata } }
}

function toCoupon(c: Stripe.Coupon): CouponSummary {
  return {
    id: c.id,
    percentOff: c.percent_off,
    amountOffCents: c.amount_off,
    duration: c.duration,
    durationInMonths: c.duration_in_months,
    valid: c.valid,
    timesRedeemed: c.times_redeemed,
  }
}

function toPromotionCode(p: Stripe.PromotionCode): PromotionCodeSummary {
  return { id: p.id, code: p.code, couponId: idOf(p.promotion.coupon)!, active: p.active }
}

function toAccount(a: Stripe.Account): ConnectAccountSummary {
  const chargesEnabled = a.charges_enabled ?? false
  const payoutsEnabled = a.payouts_enabled ?? false
  const detailsSubmitted = a.details_submitted ?? false
  const blocked = (a.requirements?.past_due?.length ?? 0) > 0 || (a.requirements?.disabled_reason ?? '').startsWith('rejected')
  const payoutState = !detailsSubmitted ? 'not_started' : payoutsEnabled && chargesEnabled ? 'enabled' : blocked ? 'restricted' : 'pending'
  return { id: a.id, chargesEnabled, payoutsEnabled, detailsSubmitted, payoutState }
}

/** Adds one calendar month in UTC, clamping the day (Jan 31 → Feb 28), as Stripe's billing does. */
function addOneMonth(timestamp: number): number {
  const d = new Date(timestamp * 1000)
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + 1)
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, lastDay))
  return Math.floor(d.getTime() / 1000)
}

/** The newest succeeded intent whose metadata holds every given pair. */
function succeededWith(intents: Stripe.PaymentIntent[], metadata: Record<string, string>): OneTimeChargeSummary | null {
  const found = intents.find((pi) => pi.status === 'succeeded' && Object.entries(metadata).every(([k, v]) => pi.metadata?.[k] === v))
  return found ? toOneTimeCharge(found) : null
}

/**
 * Whether a connected-account call failed because of the account itself: Stripe no longer gives the
 * platform access to it (403 account_invalid, an unknown or disconnected account), or its charges are
 * not enabled (Stripe names the card_payments capability in test mode and "cannot currently make live
 * charges" in live mode). Such a failure is the organisation's set-up, not the customer's card.
 */
export function isConnectedAccountUnusable(error: unknown): boolean {
  if (error instanceof Stripe.errors.StripePermissionError) return true
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return false
  return error.code === 'account_invalid' || /card_payments. capability|cannot currently make (live )?charges/.test(error.message)
}

/**
 * Every billing call the app makes, over one SDK client. Each creating call takes an idempotency key
 * the caller derives from its business operation (e.g. `checkout-${attemptId}-subscription`), so a
 * retried or double-submitted operation never creates or charges twice.
 */
export function paymentsService(stripe: Stripe = stripeClient()) {
  async function retrieveSubscription(subscriptionId: string) {
    return toSubscription(await stripe.subscriptions.retrieve(subscriptionId))
  }

  /** One card payment, created and confirmed at once; anything short of succeeded is the card's failure. */
  async function confirmCardPayment(params: Omit<Stripe.PaymentIntentCreateParams, 'confirm' | 'allowed_payment_method_types'>, options: Stripe.RequestOptions) {
    const intent = await stripe.paymentIntents.create({ ...params, allowed_payment_method_types: ['card'], confirm: true }, options)
    if (intent.status !== 'succeeded') {
      throw new Stripe.errors.StripeCardError({ type: 'card_error', code: 'authentication_required', message: CARD_NEEDS_AUTHENTICATION, statusCode: 402 })
    }
    return toOneTimeCharge(intent)
  }

  return {
    async createCustomer(input: { email: string; name?: string; metadata?: Record<string, string>; testClockId?: string }, idempotencyKey: string): Promise<CustomerSummary> {
      const customer = await stripe.customers.create({ email: input.email, name: input.name, metadata: input.metadata, test_clock: input.testClockId }, { idempotencyKey })
      return toCustomer(customer)
    },

    async findCustomerByEmail(email: string): Promise<CustomerSummary | null> {
      const { data } = await stripe.customers.list({ email, limit: 1 })
      return data[0] ? toCustomer(data[0]) : null
    },

    async getCustomer(customerId: string): Promise<CustomerSummary> {
      const customer = await stripe.customers.retrieve(customerId)
      if (customer.deleted) throw new Error(`Stripe customer ${customerId} was deleted`)
      return toCustomer(customer)
    },

    /** Attaches a payment method (a test token like pm_card_visa works in test mode), optionally as the default. */
    async attachPaymentMethod(customerId: string, paymentMethodId: string, options: { makeDefault: boolean }, idempotencyKey: string): Promise<PaymentMethodSummary> {
      const pm = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, { idempotencyKey })
      if (options.makeDefault) await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } })
      return toPaymentMethod(pm, options.makeDefault ? pm.id : null)
    },

    async listPaymentMethods(customerId: string): Promise<PaymentMethodSummary[]> {
      const [customer, methods] = await Promise.all([stripe.customers.retrieve(customerId), stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 })])
      const defaultId = customer.deleted ? null : idOf(customer.invoice_settings.default_payment_method)
      return methods.data.map((pm) => toPaymentMethod(pm, defaultId))
    },

    async setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } })
    },

    async detachPaymentMethod(paymentMethodId: string): Promise<void> {
      await stripe.paymentMethods.detach(paymentMethodId)
    },

    /** A plan: one product with one recurring price. */
    async createPlanPrice(
      input: {
        productName: string
        description?: string
        unitAmountCents: number
        currency: string
        interval: 'month' | 'year'
        intervalCount?: number
        metadata?: Record<string, string>
      },
      idempotencyKey: string,
    ): Promise<PriceSummary> {
      const product = await stripe.products.create(
        { name: input.productName, description: input.description || undefined, metadata: input.metadata },
        { idempotencyKey: `${idempotencyKey}-product` },
      )
      const price = await stripe.prices.create(
        {
          product: product.id,
          unit_amount: input.unitAmountCents,
          currency: input.currency,
          recurring: { interval: input.interval, interval_count: input.intervalCount ?? 1 },
          metadata: input.metadata,
        },
        { idempotencyKey: `${idempotencyKey}-price` },
      )
      return toPrice(price)
    },

    async setPriceActive(priceId: string, active: boolean): Promise<PriceSummary> {
      return toPrice(await stripe.prices.update(priceId, { active }))
    },

    /** A one-time plan: one product with one price charged once. */
    async createOneTimePrice(
      input: { productName: string; description?: string; unitAmountCents: number; currency: string; metadata?: Record<string, string> },
      idempotencyKey: string,
    ): Promise<PriceSummary & { recurring: false }> {
      const product = await stripe.products.create(
        { name: input.productName, description: input.description || undefined, metadata: input.metadata },
        { idempotencyKey: `${idempotencyKey}-product` },
      )
      const price = await stripe.prices.create(
        { product: product.id, unit_amount: input.unitAmountCents, currency: input.currency, metadata: input.metadata },
        { idempotencyKey: `${idempotencyKey}-price` },
      )
      return { ...toPrice(price), recurring: false }
    },

    /** An existing price (throws Stripe's resource_missing when there is none). */
    async getPrice(priceId: string): Promise<PriceSummary & { recurring: boolean }> {
      const price = await stripe.prices.retrieve(priceId)
      return { ...toPrice(price), recurring: price.recurring !== null }
    },

    async createSubscription(
      input: {
        customerId: string
        priceId: string
        quantity: number
        trialDays?: number
        paymentMethodId?: string
        couponId?: string
        promotionCodeId?: string
        metadata?: Record<string, string>
      },
      idempotencyKey: string,
    ): Promise<SubscriptionSummary> {
      const discounts = input.promotionCodeId ? [{ promotion_code: input.promotionCodeId }] : input.couponId ? [{ coupon: input.couponId }] : undefined
      const subscription = await stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: input.priceId, quantity: input.quantity }],
          trial_period_days: input.trialDays || undefined,
          default_payment_method: input.paymentMethodId,
          discounts,
          metadata: input.metadata,
          // A declined first payment fails the call (card_error) and leaves no subscription behind.
          payment_behavior: 'error_if_incomplete',
        },
        { idempotencyKey },
      )
      return toSubscription(subscription)
    },

    getSubscription: retrieveSubscription,

    /**
     * The customer's subscription that has not ended (not canceled, not expired unpaid) whose metadata holds every
     * given pair, or null: a retried checkout finds the one it already started instead of charging for a second.
     */
    async findSubscription(customerId: string, metadata: Record<string, string>): Promise<SubscriptionSummary | null> {
      const { data } = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })
      const found = data.find((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired' && Object.entries(metadata).every(([key, value]) => s.metadata?.[key] === value))
      return found ? toSubscription(found) : null
    },

    /** The subscription and when it started (Stripe's start_date): its subscription years count from there. */
    async getSubscriptionWithStart(subscriptionId: string): Promise<SubscriptionSummary & { startDate: number }> {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId)
      return { ...toSubscription(subscription), startDate: subscription.start_date }
    },

    /**
     * What a quantity change costs now (prorated) and what the next regular invoice will be. Without
     * `prorationDate` Stripe prorates from its own "now" (the test clock's time for clocked customers).
     */
    async previewQuantityChange(subscriptionId: string, quantity: number, prorationDate?: number): Promise<QuantityChangePreview> {
      const current = await retrieveSubscription(subscriptionId)
      const items = [{ id: current.itemId, quantity }]
      const [now, next] = await Promise.all([
        stripe.invoices.createPreview({ subscription: subscriptionId, subscription_details: { items, proration_behavior: 'always_invoice', proration_date: prorationDate } }),
        stripe.invoices.createPreview({ subscription: subscriptionId, subscription_details: { items, proration_behavior: 'none' } }),
      ])
      const prorationLines = now.lines.data.filter((l) => l.parent?.subscription_item_details?.proration)
      return {
        prorationDate: now.parent?.subscription_details?.subscription_proration_date ?? prorationDate ?? now.created,
        dueNowCents: prorationLines.length > 0 ? now.amount_due : 0,
        nextInvoiceCents: next.amount_due,
        nextInvoiceAt: next.period_start,
      }
    },

    /** Changes the quantity and charges the proration now (the preview's prorationDate keeps the amounts equal). */
    async changeQuantity(subscriptionId: string, quantity: number, prorationDate: number, idempotencyKey: string): Promise<SubscriptionSummary> {
      const current = await retrieveSubscription(subscriptionId)
      const subscription = await stripe.subscriptions.update(
        subscriptionId,
        { items: [{ id: current.itemId, quantity }], proration_behavior: 'always_invoice', proration_date: prorationDate, payment_behavior: 'error_if_incomplete' },
        { idempotencyKey },
      )
      return toSubscription(subscription)
    },

    /** Keeps the paid period, skips (voids) the next month's invoice and resumes billing a month after period end. */
    async pauseForOneMonthAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<SubscriptionSummary> {
      const current = await retrieveSubscription(subscriptionId)
      const subscription = await stripe.subscriptions.update(
        subscriptionId,
        { pause_collection: { behavior: 'void', resumes_at: addOneMonth(current.currentPeriodEnd) } },
        { idempotencyKey },
      )
      return toSubscription(subscription)
    },

    async resumeNow(subscriptionId: string): Promise<SubscriptionSummary> {
      return toSubscription(await stripe.subscriptions.update(subscriptionId, { pause_collection: '' }))
    },

    async cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSummary> {
      return toSubscription(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }))
    },

    async cancelNow(subscriptionId: string): Promise<SubscriptionSummary> {
      return toSubscription(await stripe.subscriptions.cancel(subscriptionId))
    },

    /** Undoes a cancellation scheduled for period end; an ended subscription needs a new one instead. */
    async reactivate(subscriptionId: string): Promise<SubscriptionSummary> {
      return toSubscription(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }))
    },

    async listInvoices(filter: { customerId: string; subscriptionId?: string }): Promise<InvoiceSummary[]> {
      const invoices = await stripe.invoices.list({ customer: filter.customerId, subscription: filter.subscriptionId, limit: 100 })
      return invoices.data.map(toInvoice)
    },

    async getInvoice(invoiceId: string): Promise<InvoiceSummary> {
      return toInvoice(await stripe.invoices.retrieve(invoiceId))
    },

    /** Pays an open invoice now (after the customer fixed their card). */
    async payInvoice(invoiceId: string, idempotencyKey: string): Promise<InvoiceSummary> {
      return toInvoice(await stripe.invoices.pay(invoiceId, {}, { idempotencyKey }))
    },

    /** Pays an open invoice with a given card of the customer (the one just added or chosen), not the default. */
    async payInvoiceWithPaymentMethod(invoiceId: string, paymentMethodId: string, idempotencyKey: string): Promise<InvoiceSummary> {
      return toInvoice(await stripe.invoices.pay(invoiceId, { payment_method: paymentMethodId }, { idempotencyKey }))
    },

    /** The card a subscription charges: its own default outranks the customer's, so both change together. */
    async setSubscriptionPaymentMethod(subscriptionId: string, paymentMethodId: string): Promise<void> {
      await stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethodId })
    },

    /** One page of invoices, newest first: one customer's, or everyone's (the platform's view). */
    async listInvoicesPage(filter: { customerId?: string; status?: Stripe.InvoiceListParams.Status; startingAfter?: string; limit?: number }): Promise<InvoicePage> {
      const page = await stripe.invoices.list({ customer: filter.customerId, status: filter.status, starting_after: filter.startingAfter, limit: filter.limit ?? 100 })
      return {
        invoices: page.data.map((i) => ({ ...toInvoice(i), customerId: idOf(i.customer), customerEmail: i.customer_email ?? null, customerName: i.customer_name ?? null })),
        hasMore: page.has_more,
      }
    },

    /** A customer's most recent charges (receipts), newest first. */
    async listCustomerCharges(customerId: string, limit = 100): Promise<ChargeSummary[]> {
      const charges = await stripe.charges.list({ customer: customerId, limit })
      return charges.data.map((c) => ({
        id: c.id,
        customerId: idOf(c.customer),
        paymentIntentId: idOf(c.payment_intent),
        amountCents: c.amount,
        amountRefundedCents: c.amount_refunded,
        currency: c.currency,
        status: c.status,
        created: c.created,
        receiptUrl: c.receipt_url ?? null,
        receiptNumber: c.receipt_number ?? null,
      }))
    },

    async createCoupon(input: CouponInput, idempotencyKey: string): Promise<CouponSummary> {
      const amount = 'percentOff' in input ? { percent_off: input.percentOff } : { amount_off: input.amountOffCents, currency: input.currency }
      const coupon = await stripe.coupons.create(
        {
          id: input.id,
          name: input.name,
          duration: input.duration,
          duration_in_months: input.duration === 'repeating' ? input.durationInMonths : undefined,
          max_redemptions: input.maxRedemptions,
          redeem_by: input.redeemBy,
          ...amount,
        },
        { idempotencyKey },
      )
      return toCoupon(coupon)
    },

    async getCoupon(couponId: string): Promise<CouponSummary> {
      return toCoupon(await stripe.coupons.retrieve(couponId))
    },

    async deleteCoupon(couponId: string): Promise<void> {
      await stripe.coupons.del(couponId)
    },

    async createPromotionCode(input: { couponId: string; code: string; maxRedemptions?: number }, idempotencyKey: string): Promise<PromotionCodeSummary> {
      const promo = await stripe.promotionCodes.create(
        { promotion: { type: 'coupon', coupon: input.couponId }, code: input.code, max_redemptions: input.maxRedemptions },
        { idempotencyKey },
      )
      return toPromotionCode(promo)
    },

    /** An inactive code can no longer be redeemed and frees its customer-facing code for a new one. */
    async setPromotionCodeActive(promotionCodeId: string, active: boolean): Promise<PromotionCodeSummary> {
      return toPromotionCode(await stripe.promotionCodes.update(promotionCodeId, { active }))
    },

    /** The active promotion code with this customer-facing code, if any. */
    async findPromotionCode(code: string): Promise<PromotionCodeSummary | null> {
      const { data } = await stripe.promotionCodes.list({ code, active: true, limit: 1 })
      return data[0] ? toPromotionCode(data[0]) : null
    },

    /**
     * Charges a card once: a PaymentIntent created and confirmed in one call, card payments only (no
     * redirect-based method can be asked for). A decline throws Stripe's card error, as a declined
     * subscription does; an intent Stripe leaves unfinished (a card asking for 3D Secure) throws a
     * card error of the same kind, so callers have one failure to handle. The idempotency key makes a
     * retry or double submit answer the first charge (or the same decline) instead of charging again.
     */
    async chargeOnce(
      input: { customerId?: string; paymentMethodId: string; amountCents: number; currency: string; description?: string; metadata?: Record<string, string>; offSession?: boolean },
      idempotencyKey: string,
    ): Promise<OneTimeChargeSummary> {
      return confirmCardPayment(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          off_session: input.offSession || undefined,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey },
      )
    },

    /**
     * Charges a card for an organisation (Connect direct charge): the PaymentIntent is created and
     * confirmed at once on its connected account (`Stripe-Account`), so the money is the organisation's
     * and the platform keeps `applicationFeeCents` (none when 0). Fails like chargeOnce (the same card
     * errors); an account Stripe no longer gives us, or one whose charges are disabled, throws what
     * `isConnectedAccountUnusable` recognises. The idempotency key is the connected account's, as at Stripe.
     */
    async chargeConnected(
      input: {
        accountId: string
        paymentMethodId: string
        amountCents: number
        currency: string
        applicationFeeCents: number
        description?: string
        metadata?: Record<string, string>
      },
      idempotencyKey: string,
    ): Promise<OneTimeChargeSummary> {
      return confirmCardPayment(
        {
          amount: input.amountCents,
          currency: input.currency,
          payment_method: input.paymentMethodId,
          application_fee_amount: input.applicationFeeCents > 0 ? input.applicationFeeCents : undefined,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey, stripeAccount: input.accountId },
      )
    },

    /**
     * The customer's succeeded one-time charge whose metadata holds every given pair (newest first,
     * among the latest 100), or null: lets an operation see that it already paid before charging again.
     */
    async findSucceededCharge(customerId: string, metadata: Record<string, string>): Promise<OneTimeChargeSummary | null> {
      const { data } = await stripe.paymentIntents.list({ customer: customerId, limit: 100 })
      return succeededWith(data, metadata)
    },

    /**
     * The connected account's succeeded charge whose metadata holds every given pair (newest first,
     * among its latest 100), or null: a retried checkout finds the charge it already made there, after
     * Stripe's 24-hour idempotency window too.
     */
    async findSucceededConnectedCharge(accountId: string, metadata: Record<string, string>): Promise<OneTimeChargeSummary | null> {
      const { data } = await stripe.paymentIntents.list({ limit: 100 }, { stripeAccount: accountId })
      return succeededWith(data, metadata)
    },

    /**
     * Refunds part or all of a payment; an amount above what is left is refused by Stripe
     * (invalid_request_error). A direct charge is refunded on its connected account (`accountId`).
     */
    async refund(
      input: { paymentIntentId?: string; chargeId?: string; amountCents?: number; metadata?: Record<string, string>; accountId?: string | null },
      idempotencyKey: string,
    ): Promise<{ id: string; amountCents: number; status: string | null }> {
      const refund = await stripe.refunds.create(
        { payment_intent: input.paymentIntentId, charge: input.chargeId, amount: input.amountCents, metadata: input.metadata },
        { idempotencyKey, stripeAccount: input.accountId ?? undefined },
      )
      return { id: refund.id, amountCents: refund.amount, status: refund.status }
    },

    /** A refund of the payment whose metadata holds every given pair (an earlier attempt of the same operation), or null. */
    async findRefund(
      paymentIntentId: string,
      metadata: Record<string, string>,
      accountId: string | null = null,
    ): Promise<{ id: string; amountCents: number; status: string | null } | null> {
      const { data } = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }, { stripeAccount: accountId ?? undefined })
      const found = data.find((r) => r.status !== 'failed' && r.status !== 'canceled' && Object.entries(metadata).every(([k, v]) => r.metadata?.[k] === v))
      return found ? { id: found.id, amountCents: found.amount, status: found.status } : null
    },

    async createConnectAccount(input: { email: string; country?: string; metadata?: Record<string, string> }, idempotencyKey: string): Promise<ConnectAccountSummary> {
      const account = await stripe.accounts.create({ type: 'express', email: input.email, country: input.country, metadata: input.metadata }, { idempotencyKey })
      return toAccount(account)
    },

    async getConnectAccount(accountId: string): Promise<ConnectAccountSummary> {
      return toAccount(await stripe.accounts.retrieve(accountId))
    },

    /** The account's flags and what Stripe still needs (requirements.currently_due) for the payouts page. */
    async getConnectAccountProfile(accountId: string): Promise<ConnectAccountProfile> {
      const a = await stripe.accounts.retrieve(accountId)
      return {
        id: a.id,
        payouts_enabled: a.payouts_enabled ?? false,
        charges_enabled: a.charges_enabled ?? false,
        details_submitted: a.details_submitted ?? false,
        requirements: {
          currently_due: a.requirements?.currently_due ?? [],
          pending_verification: a.requirements?.pending_verification ?? [],
          disabled_reason: a.requirements?.disabled_reason ?? null,
        },
      }
    },

    /** A one-time Stripe-hosted onboarding URL; send the user there and expect them back at returnUrl. */
    async createOnboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string> {
      const link = await stripe.accountLinks.create({ account: accountId, refresh_url: urls.refreshUrl, return_url: urls.returnUrl, type: 'account_onboarding' })
      return link.url
    },

    /** Verifies a webhook's `Stripe-Signature` over the raw body (default tolerance, 300 s) and returns the event. */
    verifyWebhook(rawBody: string | Buffer, signature: string, secret = env().STRIPE_WEBHOOK_SECRET): Stripe.Event {
      if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is not set')
      return stripe.webhooks.constructEvent(rawBody, signature, secret)
    },
  }
}

export type PaymentsService = ReturnType<typeof paymentsService>
