// POST /api/client/payments/trial-upgrade {subPackage, promo}: ends the trial with a paid subscription
// on the plan, charged to the default card now ({status, message, user}); an Idempotency-Key header
// makes a retry answer the first result instead of charging again.
import type { ActionFunctionArgs } from '@remix-run/node'
import { MANAGE_SUBSCRIPTION, planChoiceSchema } from '#app/models/subscription.schema'
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
  const parsed = await parseBody(request, planChoiceSchema)
  if (!parsed.ok) return parsed.response
  const { payments, response } = paymentsOr503()
  if (response) return response
  const outcome = await subscriptionActions.subscribe(t, request, payments, apiRequestKey(request), 'upgrade', parsed.data)
  if (!outcome.ok) return failureJson(outcome)
  return apiJson({ status: true, message: outcome.value.message, user: await currentUserJson(t) })
}
