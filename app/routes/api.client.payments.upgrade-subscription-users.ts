// POST /api/client/payments/upgrade-subscription-users {userQuantity, recurringInterval}: adds the
// units, charges the proration now and bills the new quantity from the next cycle ({status, message,
// updateUser, maxUsers}); an Idempotency-Key header makes a retry answer the first result.
import type { ActionFunctionArgs } from '@remix-run/node'
import { MANAGE_SUBSCRIPTION, usersIncreaseSchema } from '#app/models/subscription.schema'
import { currentUserJson, subscriptionActions } from '#app/models/subscription.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiRequestKey } from '#app/services/billing-request.server'
import { apiJson } from '#app/services/http.server'
import { failureJson, paymentsOr503 } from './subscription-api.server'
import { requirePermission } from '#app/models/auth-guards.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, MANAGE_SUBSCRIPTION)
  const parsed = await parseBody(request, usersIncreaseSchema)
  if (!parsed.ok) return parsed.response
  const { payments, response } = paymentsOr503()
  if (response) return response
  const outcome = await subscriptionActions.addUsers(t, request, payments, apiRequestKey(request), parsed.data)
  if (!outcome.ok) return failureJson(outcome)
  return apiJson({ status: true, message: outcome.value.message, maxUsers: outcome.value.maxUsers, charged: outcome.value.chargedCents, updateUser: await currentUserJson(t) })
}
