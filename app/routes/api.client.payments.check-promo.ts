// POST /api/client/payments/check-promo {couponCode}: a promotion the organisation may still redeem
// ({status, promo}); misses are rate-limited per organisation like the checkout's per address.
import type { ActionFunctionArgs } from '@remix-run/node'
import { promoForBuyer } from '#app/models/promotions.server'
import { CHOOSE_PLAN, promoCheckSchema } from '#app/models/subscription.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, CHOOSE_PLAN)
  const parsed = await parseBody(request, promoCheckSchema)
  if (!parsed.ok) return parsed.response
  const found = await promoForBuyer(parsed.data.couponCode, `client:${t.clientId}`)
  return found.ok ? apiJson({ status: true, promo: found.promo }) : apiJson({ status: false, error: found.error }, found.status)
}
