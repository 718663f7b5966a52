// The portal checkout (issue 24, ADR 0058): a cart of this organisation becomes one order per product,
// one paid invoice and a direct charge on the organisation's connected account. The cart is the unit
// of idempotency: one checkout holds it at a time (status 'paying' with a lease), a coupon's redemption
// is reserved atomically before the charge and given back if the charge fails, the charge's
// idempotency key derives from the cart and what is charged, and a paid cart answers its orders again.
import { sql } from 'kysely'
import { noteAnalyticsChange } from './analytics-events.server'
import { chargeOnConnectedAccount, type ConnectedChargeOutcome } from './connected-charges.server'
import { type PricedCart, priceOf, findCart, CART_EMPTY } from './carts.server'
import { createInvoiceForOrders } from './order-invoices.server'
import { orderMail } from './order-mail.server'
import { type OrderRow, placeOrder, recordActivity } from './orders.server'
import { createMember } from './people.server'
import { type PortalCustomer } from './portal-auth.server'
import { checkoutFieldErrors, type PortalCheckoutInput } from './portal-checkout.schema'
import { storefrontPayments } from './storefront-payments.server'
import { COUPON_USED_UP } from '#app/rules/cart-pricing'
import { newPublicId, sha256 } from '#app/services/crypto.server'
import { sanitizeContractHtml } from '#app/services/sanitize.server'
import { verifyPassword } from '#app/services/password.server'
import type { CartRow } from '#db/tables/portal'
import { scoped, scopedDelete, scopedInsert, scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import { kickOutbox } from '#app/services/outbox.server'

export const NOT_TAKING_ORDERS = 'We are not taking orders yet. Please check back soon.'
export const ACCOUNT_EXISTS = 'You already have an account with this e-mail. Please sign in to continue.'
export const ALREADY_PLACED = 'This order has already been placed. Please sign in to see it.'
export const PAYMENT_IN_PROGRESS = 'Your payment is still being processed. Please wait a moment and try again.'
export const PAYMENT_UNAVAILABLE = 'We could not reach the payment provider. Nothing was charged; please try again in a moment.'
export const IMPERSONATION_CHECKOUT_REFUSED = 'You are signed in as someone else: only the customer can place and pay for orders, in their own session.'
export const COUPON_CHANGED = 'Your coupon can no longer be used. Remove it from your cart to continue.'

/** How long one checkout may hold a cart before another attempt may take it over (a crash mid-payment). */
const PAYING_LEASE_MS = 60_000
const WAIT_FOR_OTHER_MS = 20_000

export type CheckoutWho = { customer: PortalCustomer | null; ip: string }
export type PortalCheckoutResult =
  | { ok: true; orders: { _id: string }[]; invoiceId: string; cartId: string; totalCents: number; currency: string; signIn: { userId: number } | null }
  | { ok: false; status: number; error: string; field?: string; fieldErrors?: Record<string, string>; signIn?: { userId: number } | null }

type Buyer = { userId: number; created: boolean }

/** The checkout of one cart; `who.customer` is the signed-in customer of this host, if any. */
export async function checkoutCart(t: TenantScope, input: PortalCheckoutInput, cartPublicId: string | null, who: CheckoutWho): Promise<PortalCheckoutResult> {
  // A log-in-as session may look around the portal, never spend money or sign agreements in the customer's name.
  if (who.customer?.impersonatorUserId) return { ok: false, status: 403, error: IMPERSONATION_CHECKOUT_REFUSED }
  const payments = await storefrontPayments(t)
  if (!payments.takingOrders) return { ok: false, status: 409, error: NOT_TAKING_ORDERS }
  const row = await findCart(t, cartPublicId)
  if (!row) return { ok: false, status: 400, error: CART_EMPTY }
  if (row.status === 'paid') return answerPaid(t, row, input, who)

  // Check everything that needs no lock first: the answer to bad input costs nothing.
  const cart = await priceOf(t, row)
  if (cart.lines.length === 0) return { ok: false, status: 400, error: CART_EMPTY }
  if (cart.couponProblem) return { ok: false, status: 400, error: COUPON_CHANGED, field: 'code' }
  const needsContract = cart.lines.some((l) => l.contractId !== null)
  const fieldErrors = checkoutFieldErrors(input, { guest: !who.customer, needsContract, charged: cart.price.totalCents > 0 })
  if (Object.keys(fieldErrors).length) return { ok: false, status: 400, error: Object.values(fieldErrors)[0]!, fieldErrors }

  const held = await holdCart(t, row)
  if (held === 'paid') return answerPaid(t, (await findCart(t, row.public_id))!, input, who)
  if (held === 'busy') return { ok: false, status: 409, error: PAYMENT_IN_PROGRESS }
  try {
    const buyer = await buyerOf(t, input, who)
    if (!buyer.ok) return buyer.result
    const signIn = buyer.created ? { userId: buyer.userId } : null
    const fresh = await priceOf(t, (await findCart(t, row.public_id))!)
    if (!(await reserveCoupon(t, fresh))) {
      await forgetNewAccount(t, buyer)
      return { ok: false, status: 400, error: COUPON_USED_UP, field: 'code' }
    }
    const charge = await chargeCart(t, fresh, payments.accountId, input.payment ?? '')
    if (!charge.ok) {
      // A failed payment leaves nothing behind: no order, no invoice, no redemption, no account.
      await releaseCoupon(t, fresh.row.id)
      await forgetNewAccount(t, buyer)
      return charge
    }
    const placed = await completeCart(t, fresh, {
      buyer: buyer.userId,
      paymentIntentId: charge.paymentIntentId,
      accountId: payments.accountId,
      contractName: input.contractName ?? '',
      ip: who.ip,
    })
    await afterPlaced(t, placed)
    return {
      ok: true,
      orders: placed.orders.map((o) => ({ _id: o.public_id })),
      invoiceId: placed.invoicePublicId,
      cartId: row.public_id,
      totalCents: fresh.price.totalCents,
      currency: fresh.currency,
      signIn,
    }
  } finally {
    // A cart that did not become paid is open again for the next attempt (its coupon was given back above).
    await scopedUpdate(t, 'carts').set({ status: 'open', paying_until: null }).where('id', '=', row.id).where('status', '=', 'paying').execute()
  }
}

/**
 * Takes the cart for this checkout: open, or paying with an expired lease (a crashed attempt). Another
 * attempt holding it is waited for (a double submit answers like the first): paid, or busy after 20 s.
 */
async function holdCart(t: TenantScope, row: CartRow): Promise<'held' | 'paid' | 'busy'> {
  const deadline = Date.now() + WAIT_FOR_OTHER_MS
  for (;;) {
    const now = new Date()
    const taken = await scopedUpdate(t, 'carts')
      .set({ status: 'paying', paying_until: new Date(now.getTime() + PAYING_LEASE_MS), updated_at: now })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('status', '=', 'open'), eb.and([eb('status', '=', 'paying'), eb('paying_until', '<', now)])]))
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) === 1) return 'held'
    const current = await findCart(t, row.public_id)
    if (current?.status === 'paid') return 'paid'
    if (Date.now() > deadline) return 'busy'
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The signed-in customer, or a new account of this realm for a guest (an existing address must sign in). */
async function buyerOf(t: TenantScope, input: PortalCheckoutInput, who: CheckoutWho): Promise<({ ok: true } & Buyer) | { ok: false; result: PortalCheckoutResult }> {
  if (who.customer) return { ok: true, userId: who.customer.id, created: false }
  const made = await createMember(t, {
    email: input.email!,
    password: input.password!,
    firstName: input.firstName!,
    lastName: input.lastName!,
    role: 'customer',
    permissions: [],
  })
  if (!made.ok) return { ok: false, result: { ok: false, status: 409, error: ACCOUNT_EXISTS, field: 'email', fieldErrors: { email: ACCOUNT_EXISTS } } }
  return { ok: true, userId: made.userId, created: true }
}

/** The account made for this attempt, removed again when the attempt fails (nothing refers to it yet). */
async function forgetNewAccount(t: TenantScope, buyer: Buyer) {
  if (!buyer.created) return
  await tenantTransaction(t, async (tx) => {
    await scopedDelete(tx, 'memberships').where('user_id', '=', buyer.userId).execute()
    await scopedDelete(tx, 'users').where('id', '=', buyer.userId).execute()
  })
}

/**
 * Counts the coupon's redemption before any money moves, in one conditional UPDATE: of five checkouts
 * racing for the last redemption exactly one gets it. A cart that already holds one keeps it.
 */
async function reserveCoupon(t: TenantScope, cart: PricedCart): Promise<boolean> {
  if (!cart.coupon || cart.row.coupon_reserved) return true
  const now = new Date()
  const reserved = await scopedUpdate(t, 'coupons')
    .set({ availed_times: sql<number>`availed_times + 1` })
    .where('id', '=', cart.coupon.id)
    .where('availed_times', '<', sql<number>`max_redemptions`)
    .where('redeem_by', '>=', now)
    .executeTakeFirst()
  if (Number(reserved.numUpdatedRows) !== 1) return false
  await scopedUpdate(t, 'carts').set({ coupon_reserved: true }).where('id', '=', cart.row.id).execute()
  return true
}

async function releaseCoupon(t: TenantScope, cartId: number) {
  const row = await scoped(t, 'carts').select(['coupon_id', 'coupon_reserved']).where('id', '=', cartId).executeTakeFirst()
  if (!row?.coupon_reserved || row.coupon_id === null) return
  const released = await scopedUpdate(t, 'carts').set({ coupon_reserved: false }).where('id', '=', cartId).where('coupon_reserved', '=', true).executeTakeFirst()
  if (Number(released.numUpdatedRows) !== 1) return
  await scopedUpdate(t, 'coupons')
    .set({ availed_times: sql<number>`GREATEST(availed_times - 1, 0)` })
    .where('id', '=', row.coupon_id)
    .execute()
}

/** The direct charge; a charge an earlier attempt of this cart already made (then crashed) is found, not repeated. */
async function chargeCart(t: TenantScope, cart: PricedCart, accountId: string, paymentMethodId: string): Promise<ConnectedChargeOutcome> {
  const total = cart.price.totalCents
  if (total === 0) return { ok: true, paymentIntentId: null }
  return chargeOnConnectedAccount(t, {
    accountId,
    paymentMethodId,
    amountCents: total,
    currency: cart.currency,
    description: cart.lines
      .map((l) => l.name)
      .join(', ')
      .slice(0, 200),
    metadata: { cartId: cart.row.public_id, organisation: String(t.clientId) },
    keyPrefix: 'portal-cart',
    keyParts: [cart.row.public_id, paymentMethodId, total, cart.currency, cart.coupon?.id ?? null],
    findEarlier: true,
    messages: { unavailable: PAYMENT_UNAVAILABLE, notTaking: NOT_TAKING_ORDERS },
    what: `charge of cart ${cart.row.public_id}`,
  })
}

/** Orders, the contract acceptances, the paid invoice and the paid cart, all or nothing. */
async function completeCart(t: TenantScope, cart: PricedCart, paid: { buyer: number; paymentIntentId: string | null; accountId: string; contractName: string; ip: string }) {
  const contracts = await contractsOf(t, cart)
  return tenantTransaction(t, async (tx) => {
    const orders: OrderRow[] = []
    for (const [i, line] of cart.lines.entries()) {
      const placed = await placeOrder(tx, {
        customerUserId: paid.buyer,
        productId: line.productId,
        priceCents: cart.price.lineTotalsCents[i]!,
        currency: cart.currency,
        cartId: cart.row.public_id,
      })
      if (!placed.ok) throw new Error(`order for cart ${cart.row.public_id} not placed: ${placed.error}`)
      orders.push(placed.order)
      const contract = line.contractId === null ? undefined : contracts.get(line.contractId)
      if (contract) {
        await scopedInsert(tx, 'contract_acceptances', {
          public_id: newPublicId(),
          order_id: placed.order.id,
          customer_id: paid.buyer,
          contract_title: contract.title,
          contract_html: contract.html,
          contract_sha256: sha256(contract.html),
          signed_name: paid.contractName,
          ip: paid.ip.slice(0, 64),
          accepted_at: new Date(),
        }).execute()
      }
    }
    await recordActivity(
      tx,
      orders.map((o) => o.id),
      paid.buyer,
      'Order placed by the customer',
    )
    const invoice = await createInvoiceForOrders(tx, { customerId: paid.buyer, currency: cart.currency, status: 'paid', orders })
    await scopedUpdate(tx, 'order_invoices')
      .set({
        provider_payment_id: paid.paymentIntentId,
        provider_paid_cents: paid.paymentIntentId ? cart.price.totalCents : 0,
        provider_account_id: paid.paymentIntentId ? paid.accountId : null,
      })
      .where('id', '=', invoice.id)
      .execute()
    await scopedUpdate(tx, 'carts')
      .set({ status: 'paid', paying_until: null, customer_id: paid.buyer, provider_payment_id: paid.paymentIntentId, paid_at: new Date(), updated_at: new Date() })
      .where('id', '=', cart.row.id)
      .execute()
    // The customer's e-mails commit with the orders (ADR 0109).
    return { orders, invoicePublicId: invoice.public_id, mails: await orderMail.placedByCustomer(tx, orders, invoice.public_id) }
  })
}

/** The contracts of the cart's products as shown at checkout: sanitized, so the stored text is what was read. */
async function contractsOf(t: TenantScope, cart: PricedCart) {
  const ids = [...new Set(cart.lines.map((l) => l.contractId).filter((id): id is number => id !== null))]
  const rows = ids.length ? await scoped(t, 'contracts').select(['id', 'title', 'content']).where('id', 'in', ids).execute() : []
  return new Map(rows.map((r) => [r.id, { title: r.title, html: sanitizeContractHtml(r.content) }]))
}

async function afterPlaced(t: TenantScope, { orders, invoicePublicId, mails }: Awaited<ReturnType<typeof completeCart>>) {
  await kickOutbox(mails)
  await noteAnalyticsChange(
    t,
    'order',
    orders.map((o) => o.id),
  )
  const invoice = await scoped(t, 'order_invoices').select('id').where('public_id', '=', invoicePublicId).executeTakeFirst()
  await noteAnalyticsChange(t, 'invoice', [invoice?.id])
}

/** A cart already paid: its orders again for the customer who paid (a retry or double submit), else a refusal. */
async function answerPaid(t: TenantScope, row: CartRow, input: PortalCheckoutInput, who: CheckoutWho): Promise<PortalCheckoutResult> {
  const sameGuest = !who.customer && (await isPayingGuest(t, row, input))
  const same = who.customer ? who.customer.id === row.customer_id : sameGuest
  if (!same) return { ok: false, status: 409, error: ALREADY_PLACED }
  const orders = await scoped(t, 'orders').select(['id', 'public_id']).where('cart_id', '=', row.public_id).orderBy('id').execute()
  const item = orders.length ? await scoped(t, 'order_invoice_items').select('invoice_id').where('order_id', '=', orders[0]!.id).executeTakeFirst() : undefined
  const invoice = item ? await scoped(t, 'order_invoices').select(['public_id', 'price_cents', 'currency']).where('id', '=', item.invoice_id).executeTakeFirst() : undefined
  return {
    ok: true,
    orders: orders.map((o) => ({ _id: o.public_id })),
    invoiceId: invoice?.public_id ?? '',
    cartId: row.public_id,
    totalCents: Number(invoice?.price_cents ?? 0),
    currency: invoice?.currency ?? '',
    signIn: sameGuest ? { userId: row.customer_id! } : null,
  }
}

/** A guest's second submit of the form that paid (a double click without JavaScript): the same e-mail and password. */
async function isPayingGuest(t: TenantScope, row: CartRow, input: PortalCheckoutInput): Promise<boolean> {
  if (row.customer_id === null || !input.email || !input.password) return false
  const account = await scoped(t, 'users').select(['email', 'password_hash']).where('id', '=', row.customer_id).executeTakeFirst()
  return !!account && account.email === input.email && (await verifyPassword(account.password_hash, input.password))
}
