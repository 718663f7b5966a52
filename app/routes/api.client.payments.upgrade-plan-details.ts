// GET /api/client/payments/upgrade-plan-details: the plan users are added on ({status, upgradePlan}):
// the subscription's own plan, sold in units of its users, when its users-upgrade option is on.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { centsToAmount } from '#app/rules/money'
import { MANAGE_SUBSCRIPTION, UPGRADE_LOAD_FAILED } from '#app/models/subscription.schema'
import { toSubscriptionPackageJson, upgradePlanOf } from '#app/models/subscription.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { failureJson, paymentsOr503 } from './subscription-api.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, MANAGE_SUBSCRIPTION)
  const { payments, response } = paymentsOr503()
  if (response) return response
  const outcome = await upgradePlanOf(t, payments).catch((error: unknown) => {
    console.error('[subscription] upgrade plan lookup failed', error instanceof Error ? error.message : error)
    return { ok: false as const, status: 502 as const, error: UPGRADE_LOAD_FAILED }
  })
  if (!outcome.ok) return failureJson(outcome)
  const { plan, quantity } = outcome.value
  return apiJson({
    status: true,
    upgradePlan: { ...toSubscriptionPackageJson(plan), unitPrice: centsToAmount(Number(plan.price_cents)), usersPerUnit: Number(plan.max_users), currentQuantity: quantity },
  })
}

export const action = () => methodNotAllowed()
