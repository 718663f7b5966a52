// What the cart page and the cart calls share (issue 24): the shopper's cart from the cookie, and the
// answer to a change (the cookie set when a new cart was started).
import { addToCart, type CartChange, openCart, priceOf, toCartJson, organisationCurrency } from './carts.server'
import { getCartSettings } from './cart-settings.server'
import { ownHostTarget } from './storefront.server'
import { cartCookieHeader, cartIdFromCookie } from '#app/services/cart-cookie.server'
import type { TenantScope } from '#db/tenant'

/** The shopper's open cart, priced now (null when there is none). */
export async function shopperCart(t: TenantScope, request: Request) {
  const row = await openCart(t, await cartIdFromCookie(request))
  return row ? priceOf(t, row) : null
}

export async function shopperCartJson(t: TenantScope, request: Request) {
  const [cart, currency] = await Promise.all([shopperCart(t, request), organisationCurrency(t.clientId)])
  return toCartJson(cart, currency)
}

/** Headers that keep the cart the change was made on (only when it differs from the cookie's). */
export async function cartHeaders(request: Request, change: CartChange): Promise<HeadersInit> {
  if (!change.ok || change.cartId === (await cartIdFromCookie(request))) return {}
  return { 'Set-Cookie': await cartCookieHeader(change.cartId) }
}

/**
 * Add-to-cart and where to go next: the link's redirectTo, else the organisation's cart setting, else
 * the cart; a target on any host but the organisation's own is ignored.
 */
export async function addAndRedirectTarget(t: TenantScope, request: Request, productId: string, redirectTo: string | null) {
  const change = await addToCart(t, await cartIdFromCookie(request), productId)
  if (!change.ok) return { change, to: null }
  const to = (await ownHostTarget(t.clientId, redirectTo)) ?? (await ownHostTarget(t.clientId, (await getCartSettings(t)).redirectTo)) ?? '/cart'
  return { change, to }
}
