// GET /api/client/payments/client-subscription-details: totalClientUsers and clientPackage (maxUsers,
// price: the subscription's own figures), with its state and what it allows now. Any member who may open the
// plan page may read it (portal section 2) — not contributors and reviewers without a billing permission,
// refused like the page (ADR 0072, 0075); changing it is WRITE_MANAGE_SUBSCRIPTION.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { subscriptionOverview, toSubscriptionDetailsJson } from '#app/models/subscription.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { billingService } from '#app/services/billing-request.server'
import { apiError, apiJson, FORBIDDEN_MESSAGE } from '#app/services/http.server'
import { mayOpenBilling } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request)
  if (!mayOpenBilling(t.user)) return apiError(403, FORBIDDEN_MESSAGE)
  const overview = await subscriptionOverview(t, billingService())
  return apiJson({ status: true, ...toSubscriptionDetailsJson(overview), ...(overview.unavailable ? { warning: 'Billing details are unavailable right now' } : {}) })
}

export const action = () => methodNotAllowed()
