// POST /api/portal/cart/items {productId} (issue 24): adds one of this organisation's products for sale.
import type { ActionFunctionArgs } from '@remix-run/node'
import { cartHeaders, shopperCartJson } from '#app/models/cart-requests.server'
import { addToCart } from '#app/models/carts.server'
import { cartItemSchema } from '#app/models/portal-cart.schema'
import { requirePortalHost } from '#app/models/portal-auth.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { cartIdFromCookie } from '#app/services/cart-cookie.server'
import { apiError, apiJson } from '#app/services/http.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = requirePortalHost(request)
  const body = await parseBody(request, cartItemSchema)
  if (!body.ok) return body.response
  const change = await addToCart(t, await cartIdFromCookie(request), body.data.productId)
  if (!change.ok) return apiError(change.status, change.error)
  const headers = await cartHeaders(request, change)
  // The answer's cart is the one just changed (the request's cookie may not name it yet).
  const cart = await shopperCartJson(t, withCart(request, headers))
  return apiJson({ status: true, cart }, 200, headers)
}

/** The request as if it carried the new cart cookie. */
function withCart(request: Request, headers: HeadersInit): Request {
  const set = new Headers(headers).get('Set-Cookie')
  if (!set) return request
  const copy = new Headers(request.headers)
  copy.set('Cookie', set.split(';')[0]!)
  return new Request(request.url, { headers: copy })
}
