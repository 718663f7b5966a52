// The JSON side of the client billing routes (ADR 0038): the payments service or 503, and a refused
// change as the spec's failure answer ({status: false, error}, with the field when there is one).
import type { ActionFunctionArgs } from '@remix-run/node'
import { BILLING_FAILED, MANAGE_SUBSCRIPTION, PAY_OPEN_INVOICE } from '#app/models/subscription.schema'
import { currentUserJson, type Failure, subscriptionActions } from '#app/models/subscription.server'
import { requirePermission } from '#app/models/auth-guards.server'
import type { PaymentsService } from '#app/services/stripe.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiRequestKey, billingService } from '#app/services/billing-request.server'
import { apiJson } from '#app/services/http.server'

export function failureJson(failure: Failure) {
  return apiJson({ status: false, error: failure.error, ...(failure.field ? { errors: { [failure.field]: failure.error } } : {}) }, failure.status)
}

/** The payments service, or the 503 answer when billing is not configured (production without a key). */
export function paymentsOr503(): { payments: PaymentsService; response?: undefined } | { payments?: undefined; response: Response } {
  const payments = billingService()
  return payments ? { payments } : { response: apiJson({ status: false, error: BILLING_FAILED }, 503) }
}

/** Each call's guard: changing the plan is managing it; paying the open invoice is the rule the invoices page uses too. */
const GUARDS = { cancel: MANAGE_SUBSCRIPTION, pause: MANAGE_SUBSCRIPTION, unpause: MANAGE_SUBSCRIPTION, payOpenInvoice: PAY_OPEN_INVOICE }
type BodilessAction = keyof typeof GUARDS

/**
 * The action of a POST with an empty body that runs one subscription action for the signed-in
 * organisation (under that action's guard) and answers {status, message, updateUser}.
 */
export function bodilessSubscriptionAction(name: BodilessAction) {
  return async ({ request }: ActionFunctionArgs) => {
    if (request.method !== 'POST') return methodNotAllowed()
    const t = await requirePermission(request, GUARDS[name])
    const { payments, response } = paymentsOr503()
    if (response) return response
    const outcome = await subscriptionActions[name](t, request, payments, apiRequestKey(request))
    if (!outcome.ok) return failureJson(outcome)
    return apiJson({ status: true, message: outcome.value.message, updateUser: await currentUserJson(t) })
  }
}
