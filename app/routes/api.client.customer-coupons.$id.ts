// DELETE /api/client/customer-coupons/{id}: removes one of the organisation's coupons.
import type { ActionFunctionArgs } from '@remix-run/node'
import { couponActions, getCoupon } from '#app/models/coupons.server'
import { requirePermission } from '#app/services/auth.server'
import { methodNotAllowed } from '#app/utils/api.server'
import { apiError, apiJson } from '#app/utils/http.server'

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
