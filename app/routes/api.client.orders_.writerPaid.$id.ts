// PATCH /api/client/orders/writerPaid/{id} {paid}: staff record (true) or take back (false) that the order's
// contributor was paid; no money moves (ADR 0068). Guarded like the amount itself (UPDATE_ORDERS), audited.
import type { ActionFunctionArgs } from '@remix-run/node'
import { writerPaidSchema } from '#app/models/work-own.schema'
import { PAYMENT_RECORDED, PAYMENT_UNRECORDED, writerPaymentActions } from '#app/models/work-earnings.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_ORDERS'] })
  const body = await parseBody(request, writerPaidSchema)
  if (!body.ok) return body.response
  const outcome = await writerPaymentActions.record(t, request, params.id!, body.data.paid)
  if (!outcome.ok) return apiJson({ status: false, error: outcome.error }, outcome.status)
  return apiJson({
    status: true,
    message: outcome.paid ? PAYMENT_RECORDED : PAYMENT_UNRECORDED,
    order: { _id: outcome.orderId, writerPaid: outcome.paid, writerPaidAt: outcome.paidAt },
  })
}
