// POST /api/portal/cart/coupon {code} (issue 24): puts a customer coupon on the cart (the cart rules
// decide now; the redemption itself is reserved at payment). DELETE takes it off.
import type { ActionFunctionArgs } from '@remix-run/node'
import { shopperCartJson } from '#app/models/cart-requests.server'
import { applyCoupon, removeCoupon } from '#app/models/carts.server'
import { cartCouponSchema } from '#app/models/portal-cart.schema'
import { requirePortalHost } from '#app/models/portal-auth.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { cartIdFromCookie } from '#app/services/cart-cookie.server'
import { apiJson } from '#app/services/http.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST' && request.method !== 'DELETE') return methodNotAllowed()
  const t = requirePortalHost(request)
  const cartId = await cartIdFromCookie(request)
  if (request.method === 'DELETE') {
    await removeCoupon(t, cartId)
    return apiJson({ status: true, cart: await shopperCartJson(t, request) })
  }
  const body = await parseBody(request, cartCouponSchema)
  if (!body.ok) return body.response
  const change = await applyCoupon(t, cartId, body.data.code)
  if (!change.ok) return apiJson({ status: false, error: change.error, errors: { code: change.error } }, change.status)
  return apiJson({ status: true, cart: await shopperCartJson(t, request) })
}
