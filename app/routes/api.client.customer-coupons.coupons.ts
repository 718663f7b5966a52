// GET /api/client/customer-coupons/coupons: the organisation's coupons {status, coupons} (paged when size is sent).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiPaging, COUPON_SIZES } from '#app/models/content-common.server'
import { listCoupons } from '#app/models/coupons.server'
import { apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_COUPONS'] })
  const { coupons, count } = await listCoupons(t, apiPaging(request, COUPON_SIZES))
  return apiJson({ status: true, coupons, count })
}

export const action = () => methodNotAllowed()
