// POST /api/client/orders/invoices/refund {invoice_id, amount}: paid by the provider → refunded (irreversible).
import type { ActionFunctionArgs } from '@remix-run/node'
import { refundSchema } from '#app/models/order-invoices.schema'
import { invoiceActions, REFUND_AUDIT } from '#app/models/order-invoices.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requireAuditedPermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requireAuditedPermission(request, { all: ['UPDATE_ORDERS_INVOICES'] }, REFUND_AUDIT)
  const body = await parseBody(request, refundSchema)
  if (!body.ok) return body.response
  const result = await invoiceActions.refund(t, request, body.data.invoice_id, body.data.amount)
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, invoice: result.invoice })
}

export const loader = () => methodNotAllowed()
