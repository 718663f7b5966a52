// GET /api/payments/methods/get: the organisation's cards {status, paymentMethods: [{_id, brand, last4, exp_month, exp_year, is_default}]}.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { paymentMethodActions } from '#app/models/payment-methods.server'
import { routeGuard } from '#app/rules/routes'
import { methodNotAllowed } from '#app/services/api-request.server'
import { billingService } from '#app/services/billing-request.server'
import { apiError, apiJson, GENERIC_ERROR } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/payments/methods'))
  const payments = billingService()
  if (!payments) return apiError(503, GENERIC_ERROR)
  try {
    return apiJson({ status: true, paymentMethods: await paymentMethodActions.list(t, payments) })
  } catch (error) {
    console.error('[billing] listing cards failed', error instanceof Error ? error.message : error)
    return apiError(502, GENERIC_ERROR)
  }
}

export const action = () => methodNotAllowed()
