// POST /api/portal/auth/login {email, password, remember?} on an organisation's host: signs a customer in
// (Set-Cookie) and answers {status, customer}; 401 with the staff login's generic error otherwise (ADR 0059).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { portalLoginSchema } from '#app/models/customer-accounts.schema'
import { customerJson } from '#app/models/customer-accounts.server'
import { signInCustomer } from '#app/models/customer-sign-in.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson, clientIp } from '#app/services/http.server'
import { requirePortalHost } from '#app/models/portal-auth.server'

export async function action({ request }: ActionFunctionArgs) {
  requirePortalHost(request)
  if (request.method !== 'POST') return methodNotAllowed()
  const parsed = await parseBody(request, portalLoginSchema)
  if (!parsed.ok) return parsed.response
  const outcome = await signInCustomer(request, parsed.data, { ip: clientIp(request) })
  if (!outcome.ok) return apiError(outcome.status, outcome.message)
  return apiJson({ status: true, customer: customerJson(outcome.customer) }, 200, { 'Set-Cookie': outcome.cookie })
}

export function loader({ request }: LoaderFunctionArgs) {
  requirePortalHost(request)
  return methodNotAllowed()
}
