// DELETE /api/portal/cart/items/{productId} (issue 24): takes a product out of the shopper's cart.
import type { ActionFunctionArgs } from '@remix-run/node'
import { shopperCartJson } from '#app/models/cart-requests.server'
import { removeFromCart } from '#app/models/carts.server'
import { requirePortalHost } from '#app/models/portal-auth.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { cartIdFromCookie } from '#app/services/cart-cookie.server'
import { apiError, apiJson } from '#app/services/http.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed()
  const t = requirePortalHost(request)
  const change = await removeFromCart(t, await cartIdFromCookie(request), (params.productId ?? '').slice(0, 64))
  if (!change.ok) return apiError(change.status, change.error)
  return apiJson({ status: true, cart: await shopperCartJson(t, request) })
}
