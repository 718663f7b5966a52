// GET /api/checkout/getPromoInfo?code: a promotion the buyer may still redeem ({status, promo}), percent or fixed.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { promoInfoQuerySchema } from '#app/models/checkout.schema'
import { promoForBuyer } from '#app/models/promotions.server'
import { methodNotAllowed, parseQuery } from '#app/services/api-request.server'
import { apiJson, clientIp } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseQuery(request, promoInfoQuerySchema)
  if (!parsed.ok) return parsed.response
  const found = await promoForBuyer(parsed.data.code, clientIp(request))
  return found.ok ? apiJson({ status: true, promo: found.promo }) : apiJson({ status: false, error: found.error }, found.status)
}

export const action = () => methodNotAllowed()
