// POST /api/client/payments/reactivate-subscription: {subPackage, promo} starts a new subscription
// after the last one ended ({status, message, user}); {reactivateCurrentSubscription: true} withdraws
// a cancellation set for the period end ({status, message, updateUser}).
import type { ActionFunctionArgs } from '@remix-run/node'
import { can } from '#app/rules/permissions'
import { CHOOSE_PLAN, keepSubscriptionSchema, MANAGE_SUBSCRIPTION, planChoiceSchema, REACTIVATE_SUBSCRIPTION } from '#app/models/subscription.schema'
import { currentUserJson, subscriptionActions } from '#app/models/subscription.server'
import { methodNotAllowed, parseBody, readBody } from '#app/services/api-request.server'
import { apiRequestKey } from '#app/services/billing-request.server'
import { apiError, apiJson, FORBIDDEN_MESSAGE } from '#app/services/http.server'
import { failureJson, paymentsOr503 } from './subscription-api.server'
import { requirePermission } from '#app/models/auth-guards.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, CHOOSE_PLAN)
  const keeping = 'reactivateCurrentSubscription' in (await readBody(request.clone()))
  if (!can(t.user, keeping ? MANAGE_SUBSCRIPTION : REACTIVATE_SUBSCRIPTION)) return apiError(403, FORBIDDEN_MESSAGE)
  if (keeping) {
    const parsed = await parseBody(request, keepSubscriptionSchema)
    if (!parsed.ok) return parsed.response
    const { payments, response } = paymentsOr503()
    if (response) return response
    const outcome = await subscriptionActions.keep(t, request, payments, apiRequestKey(request))
    if (!outcome.ok) return failureJson(outcome)
    const user = await currentUserJson(t)
    return apiJson({ status: true, message: outcome.value.message, user, updateUser: user })
  }
  const parsed = await parseBody(request, planChoiceSchema)
  if (!parsed.ok) return parsed.response
  const { payments, response } = paymentsOr503()
  if (response) return response
  const outcome = await subscriptionActions.subscribe(t, request, payments, apiRequestKey(request), 'reactivate', parsed.data)
  if (!outcome.ok) return failureJson(outcome)
  const user = await currentUserJson(t)
  return apiJson({ status: true, message: outcome.value.message, user, updateUser: user })
}
