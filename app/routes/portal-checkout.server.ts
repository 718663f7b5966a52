// /checkout on an organisation's own host (issue 24, ADR 0058): the cart (or, with ?item=, that one
// product alone) is bought from the organisation. Account, contract, payment, confirmation.
import { data, redirect } from '@remix-run/node'
import { findCart, priceOf, singleItemCart } from '#app/models/carts.server'
import { shopperCart } from '#app/models/cart-requests.server'
import { getCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { portalCheckoutValidator } from '#app/models/portal-checkout.schema'
import { checkoutCart, type PortalCheckoutResult } from '#app/models/portal-checkout.server'
import { storefrontPayments } from '#app/models/storefront-payments.server'
import { cardEntryMode } from './client-billing-request.server'
import { cartCookieHeader, cartIdFromCookie } from '#app/services/cart-cookie.server'
import { clientIp } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'
import { startSession } from '#app/services/session.server'
import { sanitizeContractHtml } from '#app/services/sanitize.server'
import { scoped, type TenantScope } from '#db/tenant'

const CART_ID = /^[A-Za-z0-9_-]{8,24}$/

/** The confirmation of a paid cart, for the customer who paid it only. */
async function confirmation(t: TenantScope, request: Request, cartId: string) {
  const [row, customer] = await Promise.all([findCart(t, cartId), getCustomer(request)])
  if (!row || row.status !== 'paid' || !customer || row.customer_id !== customer.id) return null
  const orders = await scoped(t, 'orders').select(['id', 'public_id', 'package_name', 'price_cents', 'currency']).where('cart_id', '=', row.public_id).orderBy('id').execute()
  const signed = orders.length
    ? await scoped(t, 'contract_acceptances')
        .select('order_id')
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .execute()
    : []
  return {
    email: customer.email,
    orders: orders.map((o) => ({ _id: o.public_id, name: o.package_name, priceCents: Number(o.price_cents), signed: signed.some((s) => s.order_id === o.id) })),
    totalCents: orders.reduce((sum, o) => sum + Number(o.price_cents), 0),
    currency: orders[0]?.currency ?? 'usd',
  }
}

export async function portalCheckoutLoader(request: Request) {
  const t = requirePortalHost(request)
  const url = new URL(request.url)
  const item = url.searchParams.get('item')
  if (item) {
    const made = await singleItemCart(t, item.trim().slice(0, 64))
    if (made.ok) throw redirect(`/checkout?cart=${made.cartId}`)
    return { kind: 'portal' as const, problem: made.error, done: null, cart: null }
  }
  const done = url.searchParams.get('done')
  if (done) {
    const shown = CART_ID.test(done) ? await confirmation(t, request, done) : null
    if (shown) return { kind: 'portal' as const, problem: null, done: shown, cart: null }
  }
  const asked = url.searchParams.get('cart')
  const chosen = asked && CART_ID.test(asked) ? await findCart(t, asked) : null
  const [cart, customer, payments] = await Promise.all([
    chosen?.status === 'open' ? priceOf(t, chosen) : chosen ? null : shopperCart(t, request),
    getCustomer(request),
    storefrontPayments(t),
  ])
  if (!cart || cart.lines.length === 0)
    return { kind: 'portal' as const, problem: chosen?.status === 'paid' ? 'This order has already been placed.' : 'Your cart is empty', done: null, cart: null }
  const contractIds = [...new Set(cart.lines.map((l) => l.contractId).filter((id): id is number => id !== null))]
  const contracts = contractIds.length ? await scoped(t, 'contracts').select(['id', 'title', 'content']).where('id', 'in', contractIds).execute() : []
  const card = cardEntryMode()
  return {
    kind: 'portal' as const,
    problem: null,
    done: null,
    cart: {
      id: cart.row.public_id,
      lines: cart.lines.map((l, i) => ({ productId: l.publicId, name: l.name, priceCents: l.priceCents, paidCents: cart.price.lineTotalsCents[i]! })),
      subtotalCents: cart.price.subtotalCents,
      discountCents: cart.price.discountCents,
      totalCents: cart.price.totalCents,
      currency: cart.currency,
      couponCode: cart.coupon && !cart.couponProblem ? cart.coupon.code : null,
      couponProblem: cart.couponProblem,
      contracts: contracts.map((c) => ({ title: c.title, html: sanitizeContractHtml(c.content) })),
      customer: customer ? { firstName: customer.firstName, lastName: customer.lastName, email: customer.email } : null,
      takingOrders: payments.takingOrders,
      card: card.kind === 'elements' && payments.takingOrders ? { ...card, stripeAccount: payments.accountId } : card,
    },
  }
}

export type PortalCheckoutAnswer = {
  fieldErrors: Record<string, string>
  formError?: string
  repopulateFields: Record<string, unknown>
}

/** The Set-Cookie headers of an outcome: the new customer's session, and the paid cookie cart forgotten. */
export async function checkoutCookies(request: Request, t: TenantScope, outcome: PortalCheckoutResult): Promise<Headers> {
  const headers = new Headers()
  if (outcome.signIn) headers.append('Set-Cookie', await startSession(request, { userId: outcome.signIn.userId, clientId: t.clientId }))
  if (outcome.ok && outcome.cartId === (await cartIdFromCookie(request))) headers.append('Set-Cookie', await cartCookieHeader(null))
  return headers
}

/** The checkout's input: the form's cart when it is one of this organisation's, else the cookie's. */
export async function checkoutCartId(request: Request, formCartId: string | undefined) {
  return formCartId && CART_ID.test(formCartId) ? formCartId : await cartIdFromCookie(request)
}

export async function portalCheckoutAction(request: Request) {
  const t = requirePortalHost(request)
  const form = await readForm(request)
  // Typed values come back after a failure; the password never does.
  const { password: _password, ...repopulateFields } = Object.fromEntries(form)
  const result = await portalCheckoutValidator.validate(form)
  if (result.error) return data<PortalCheckoutAnswer>({ fieldErrors: result.error.fieldErrors, repopulateFields }, { status: 422 })
  const outcome = await checkoutCart(t, result.data, await checkoutCartId(request, result.data.cartId), { customer: await getCustomer(request), ip: clientIp(request) })
  const headers = await checkoutCookies(request, t, outcome)
  if (outcome.ok) {
    headers.set('Location', `/checkout?done=${outcome.cartId}`)
    return redirect(`/checkout?done=${outcome.cartId}`, { headers })
  }
  const fieldErrors = outcome.fieldErrors ?? (outcome.field ? { [outcome.field]: outcome.error } : {})
  return data<PortalCheckoutAnswer>(
    { fieldErrors, formError: outcome.fieldErrors || outcome.field ? undefined : outcome.error, repopulateFields },
    { status: outcome.status, headers },
  )
}
