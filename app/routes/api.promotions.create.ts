// POST /api/promotions/create: a promotion, created at the provider (coupon and promotion code) first;
// an Idempotency-Key header makes a retry reuse the first coupon.
import type { ActionFunctionArgs } from '@remix-run/node'
import { promotionActions, toPromotionJson } from '#app/models/promotions.server'
import { PROMOTION_CREATED, PROMOTION_FAILED, promotionSchema } from '#app/models/promotions.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiRequestKey, billingService } from '#app/services/billing-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const actor = await requirePlatform(request, 'promotions')
  const parsed = await parseBody(request, promotionSchema())
  if (!parsed.ok) return parsed.response
  const payments = billingService()
  if (!payments) return apiJson({ status: false, error: PROMOTION_FAILED }, 503)
  const result = await promotionActions.create(actor, request, parsed.data, payments, apiRequestKey(request))
  if (!result.ok) return apiJson({ status: false, error: result.error, ...(result.field ? { errors: { [result.field]: result.error } } : {}) }, result.status)
  return apiJson({ status: true, message: PROMOTION_CREATED, promotion: toPromotionJson(result.value) })
}
