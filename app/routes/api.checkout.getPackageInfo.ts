// GET /api/checkout/getPackageInfo?item: the plan a buyer is checking out, if it is on sale ({status, package}).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { PACKAGE_UNAVAILABLE, packageInfoQuerySchema } from '#app/models/checkout.schema'
import { findPurchasablePackage, toCheckoutPackageJson } from '#app/models/client-packages.server'
import { consume, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { methodNotAllowed, parseQuery } from '#app/services/api-request.server'
import { apiJson, clientIp } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseQuery(request, packageInfoQuerySchema)
  if (!parsed.ok) return parsed.response
  if (!(await consume('packageLookupsPerIp', clientIp(request)))) return apiJson({ status: false, error: TOO_MANY_ATTEMPTS }, 429)
  const row = await findPurchasablePackage(parsed.data.item)
  if (!row) return apiJson({ status: false, error: PACKAGE_UNAVAILABLE }, 404)
  return apiJson({ status: true, package: toCheckoutPackageJson(row) })
}

export const action = () => methodNotAllowed()
