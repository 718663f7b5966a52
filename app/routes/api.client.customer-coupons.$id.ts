// DELETE /api/client/customer-coupons/{id}: removes one of the organisation's coupons.
import type { ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { couponActions, getCoupon } from '#app/models/coupons.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_COUPONS'] })
  const row = await getCoupon(t, params.id ?? '')
  if (!row) return apiError(404, 'Coupon not found')
  await couponActions.delete(t, request, row)
  return apiJson({ status: true, message: 'Deleted!' })
}
