// GET /api/portal/products (issue 24): the organisation's products for sale, on its own host only.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePortalHost } from '#app/models/portal-auth.server'
import { shopProducts, toPortalProductJson } from '#app/models/storefront.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  return apiJson({ status: true, products: (await shopProducts(t)).map(toPortalProductJson) })
}

export const action = () => methodNotAllowed()
