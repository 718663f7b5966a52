// POST /api/checkout {checkout payload}: a new organisation, its owner (signed in here) and its
// subscription; answers {status, user} or {status: false, error, errors}. An Idempotency-Key header
// (or requestKey in the body) makes a resubmit answer like the first instead of charging again.
import type { ActionFunctionArgs } from '@remix-run/node'
import { toUserJson } from '#app/models/account.server'
import { CHECKOUT_FAILED, checkoutSchema } from '#app/models/checkout.schema'
import { checkout } from '#app/models/checkout.server'
import { landingPath } from '#app/rules/landing'
import { startSession } from '#app/services/session.server'
import { methodNotAllowed, readBody, zodErrors } from '#app/services/api-request.server'
import { apiRequestKey, billingService, bodyRequestKey } from '#app/services/billing-request.server'
import { apiJson, clientIp } from '#app/services/http.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const body = await readBody(request)
  const parsed = checkoutSchema.safeParse(body)
  if (!parsed.success) {
    const errors = zodErrors(parsed.error)
    return apiJson({ status: false, error: Object.values(errors)[0], errors }, 400)
  }
  const payments = billingService()
  if (!payments) return apiJson({ status: false, error: CHECKOUT_FAILED }, 502)
  const requestKey = bodyRequestKey(body) ?? apiRequestKey(request)
  const outcome = await checkout(parsed.data, requestKey, { ip: clientIp(request) }, payments)
  if (!outcome.ok) return apiJson({ status: false, error: outcome.error, ...(outcome.field ? { errors: { [outcome.field]: outcome.error } } : {}) }, outcome.status)
  const cookie = await startSession(request, outcome.session)
  return apiJson({ status: true, user: toUserJson(outcome.user), redirectTo: landingPath(outcome.user) }, 200, { 'Set-Cookie': cookie })
}
