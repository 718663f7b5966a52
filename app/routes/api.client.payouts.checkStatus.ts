// GET /api/client/payouts/checkStatus: {status, profile: {payouts_enabled, charges_enabled, details_submitted, requirements: {currently_due}}, state}.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { PAYOUTS_FAILED, payoutActions } from '#app/models/payouts.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { billingService } from '#app/services/billing-request.server'
import { requirePayoutsOwner } from './client-billing-request.server'
import { apiError, apiJson } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePayoutsOwner(request)
  const payments = billingService()
  if (!payments) return apiError(503, PAYOUTS_FAILED)
  try {
    const { profile, state } = await payoutActions.status(t, payments)
    return apiJson({ status: true, profile, state })
  } catch (error) {
    console.error('[billing] reading the payout profile failed', error instanceof Error ? error.message : error)
    return apiError(502, PAYOUTS_FAILED)
  }
}

export const action = () => methodNotAllowed()
