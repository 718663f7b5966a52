// GET /api/promotions/delete/{couponCode}: ends the code at the provider, then deletes it (a GET in the
// original API: the same-origin middleware, server/security.ts, refuses it cross-site like a write).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { promotionActions } from '#app/models/promotions.server'
import { PROMOTION_DELETED, PROMOTION_FAILED } from '#app/models/promotions.schema'
import { methodNotAllowed } from '#app/services/api-request.server'
import { billingService } from '#app/services/billing-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requirePlatform(request, 'promotions')
  const payments = billingService()
  if (!payments) return apiJson({ status: false, error: PROMOTION_FAILED }, 503)
  const result = await promotionActions.delete(actor, request, params.couponCode ?? '', payments)
  if (!result.ok) return apiJson({ status: false, error: result.error }, result.status)
  return apiJson({ status: true, message: PROMOTION_DELETED, couponCode: result.value.coupon_code })
}

/** POST does the same (the spec's GET stays, behind the same-origin check). */
export const action = (args: LoaderFunctionArgs) => (args.request.method === 'POST' ? loader(args) : methodNotAllowed())
