// POST /api/client/orders/invoices/mark_paid {invoice_id}: unpaid → paid; {status, invoice} or {status: false, error}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { markPaidSchema } from '#app/models/order-invoices.schema'
import { invoiceActions, MARK_PAID_AUDIT } from '#app/models/order-invoices.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requireAuditedPermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requireAuditedPermission(request, { all: ['UPDATE_ORDERS_INVOICES'] }, MARK_PAID_AUDIT)
  const body = await parseBody(request, markPaidSchema)
  if (!body.ok) return body.response
  const result = await invoiceActions.markPaid(t, request, body.data.invoice_id)
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, invoice: result.invoice })
}

export const loader = () => methodNotAllowed()
