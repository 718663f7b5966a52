// POST /api/payments/methods/add {data: <payment method id>, makeDefault?}: attaches the card (and pays
// open invoices with it); a card error answers 402 with Stripe's message, other failures the spec's Error 0002.
import type { ActionFunctionArgs } from '@remix-run/node'
import { ADD_FAILED, addPaymentMethodSchema, CARD_ADDED } from '#app/models/payment-methods.schema'
import { paymentMethodActions } from '#app/models/payment-methods.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiRequestKey, billingService } from '#app/services/billing-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_PAYMENT_METHOD'] })
  const body = await parseBody(request, addPaymentMethodSchema)
  if (!body.ok) return body.response
  const payments = billingService()
  if (!payments) return apiError(503, ADD_FAILED)
  const result = await paymentMethodActions.add(t, request, { paymentMethodId: body.data.data, makeDefault: body.data.makeDefault }, payments, apiRequestKey(request))
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, message: CARD_ADDED, paymentMethod: result.value.paymentMethod, paidInvoices: result.value.paidInvoices })
}

export const loader = () => methodNotAllowed()
