// POST /api/payments/methods/default {id}: makes one of the organisation's own cards the default
// (another customer's card id is refused with the spec's Error 0002 text).
import type { ActionFunctionArgs } from '@remix-run/node'
import { DEFAULT_CHANGED, DEFAULT_FAILED, setDefaultSchema } from '#app/models/payment-methods.schema'
import { paymentMethodActions } from '#app/models/payment-methods.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiRequestKey, billingService } from '#app/services/billing-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_PAYMENT_METHOD'] })
  const body = await parseBody(request, setDefaultSchema)
  if (!body.ok) return body.response
  const payments = billingService()
  if (!payments) return apiError(503, DEFAULT_FAILED)
  const result = await paymentMethodActions.setDefault(t, request, body.data.id, payments, apiRequestKey(request))
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, message: DEFAULT_CHANGED, paidInvoices: result.value.paidInvoices })
}

export const loader = () => methodNotAllowed()
