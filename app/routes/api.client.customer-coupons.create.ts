// POST /api/client/customer-coupons/create: coupon fields plus isApplyToProducts, selectedProductId → {coupon}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { couponSchema } from '#app/models/coupons.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { couponActions } from '#app/models/coupons.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_COUPONS'] })
  const body = await parseBody(request, couponSchema())
  if (!body.ok) return body.response
  const result = await couponActions.create(t, request, body.data)
  if (!result.ok) return apiJson({ status: false, error: result.error, errors: { [result.field]: result.error } }, 400)
  return apiJson({ status: true, coupon: result.coupon })
}
