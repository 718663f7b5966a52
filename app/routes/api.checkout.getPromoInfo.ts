// GET /api/checkout/getPromoInfo?code: a promotion the buyer may still redeem ({status, promo}), percent or fixed.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { PROMO_UNAVAILABLE, promoInfoQuerySchema } from '#app/models/checkout.schema'
import { findRedeemablePromotion, toCheckoutPromoJson } from '#app/models/promotions.server'
import { consume, refund, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { methodNotAllowed, parseQuery } from '#app/utils/api.server'
import { apiJson, clientIp } from '#app/utils/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseQuery(request, promoInfoQuerySchema)
  if (!parsed.ok) return parsed.response
  const ip = clientIp(request)
  // Spent before the lookup (atomic), so parallel guesses cannot overrun the budget; a hit gives it back.
  if (!(await consume('promoMissesPerIp', ip))) return apiJson({ status: false, error: TOO_MANY_ATTEMPTS }, 429)
  const row = await findRedeemablePromotion(parsed.data.code)
  if (!row) return apiJson({ status: false, error: PROMO_UNAVAILABLE }, 404)
  await refund('promoMissesPerIp', ip)
  return apiJson({ status: true, promo: toCheckoutPromoJson(row) })
}

export const action = () => methodNotAllowed()
