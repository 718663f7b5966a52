// GET /api/portal/me on an organisation's host: the signed-in customer {_id, firstName, lastName, email}, or 401 (ADR 0059).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { customerJson } from '#app/models/customer-accounts.server'
import { getCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  requirePortalHost(request)
  const customer = await getCustomer(request)
  if (!customer) return apiError(401, 'Please sign in to continue')
  return apiJson({ status: true, customer: customerJson(customer) })
}

export function action({ request }: ActionFunctionArgs) {
  requirePortalHost(request)
  return methodNotAllowed()
}
