// GET /api/portal/cart (issue 24): the shopper's cart (the cookie's), priced by the server.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { shopperCartJson } from '#app/models/cart-requests.server'
import { requirePortalHost } from '#app/models/portal-auth.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  return apiJson({ status: true, cart: await shopperCartJson(t, request) })
}

export const action = () => methodNotAllowed()
