// GET /api/client/payments/upgrade: the plans an organisation may subscribe to ({status, newPackages})
// and its card on file, for the trial-upgrade and reactivate pages.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { CHOOSE_PLAN } from '#app/models/subscription.schema'
import { organisationCard, plansForSale, toSubscriptionPackageJson } from '#app/models/subscription.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { billingService } from '#app/services/billing-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, CHOOSE_PLAN)
  const [plans, card] = await Promise.all([plansForSale(t), organisationCard(t, billingService())])
  return apiJson({
    status: true,
    client_package_status: t.user.packageStatus,
    newPackages: plans.map(toSubscriptionPackageJson),
    paymentMethod: card ? { _id: card.id, brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear, is_default: true } : null,
  })
}

export const action = () => methodNotAllowed()
