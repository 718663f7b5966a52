// The shopper's cart: a signed cookie that holds only the cart's random public id (ADR 0058). Per host,
// like the session (`__Host-` in production), so one organisation's cart never reaches another's host.
import { createCookie } from '@remix-run/node'
import { deriveSecret } from './crypto.server'
import { isProduction } from './env.server'

const CART_DAYS = 30

let cookie: ReturnType<typeof createCookie> | undefined

export function cartCookieName(): string {
  return isProduction() ? '__Host-cart' : '__cart'
}

function cartCookie() {
  return (cookie ??= createCookie(cartCookieName(), {
    httpOnly: true,
    sameSite: 'lax',
    secure: isProduction(),
    path: '/',
    maxAge: CART_DAYS * 24 * 3600,
    secrets: [deriveSecret('cart-cookie')],
  }))
}

/** The cart id the request's cookie names (unverified against the database), or null. */
export async function cartIdFromCookie(request: Request): Promise<string | null> {
  const value: unknown = await cartCookie().parse(request.headers.get('cookie'))
  return typeof value === 'string' && /^[A-Za-z0-9_-]{8,24}$/.test(value) ? value : null
}

/** The Set-Cookie header that keeps (or forgets, with null) the shopper's cart. */
export function cartCookieHeader(cartId: string | null): Promise<string> {
  return cartId ? cartCookie().serialize(cartId) : cartCookie().serialize('', { maxAge: 0 })
}
