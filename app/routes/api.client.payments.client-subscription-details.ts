// GET /api/client/payments/client-subscription-details: totalClientUsers and clientPackage (maxUsers,
// price: the subscription's own figures), with its state and what it allows now. Any member may read
// it, as anyone may open the page (portal section 2); changing it is WRITE_MANAGE_SUBSCRIPTION.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { subscriptionOverview, toSubscriptionDetailsJson } from '#app/models/subscription.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { billingService } from '#app/services/billing-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request)
  const overview = await subscriptionOverview(t, billingService())
  return apiJson({ status: true, ...toSubscriptionDetailsJson(overview), ...(overview.unavailable ? { warning: 'Billing details are unavailable right now' } : {}) })
}

export const action = () => methodNotAllowed()
