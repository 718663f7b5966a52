// GET /api/client/payouts/initiatePayoutsSetup: {status, url} of Stripe's hosted onboarding (the page
// sends the owner there). Makes the Connect account the first time: a GET that changes state, so the
// same-origin guard refuses it cross-site like a write (app/rules/same-origin.ts); POST does the same.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { PAYOUTS_FAILED, payoutActions } from '#app/models/payouts.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { billingService } from '#app/services/billing-request.server'
import { requirePayoutsSetup } from './client-billing-request.server'
import { apiError, apiJson } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePayoutsSetup(request)
  const payments = billingService()
  if (!payments) return apiError(503, PAYOUTS_FAILED)
  const result = await payoutActions.initiateSetup(t, request, payments)
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, url: result.url })
}

export const action = (args: LoaderFunctionArgs) => (args.request.method === 'POST' ? loader(args) : methodNotAllowed())
