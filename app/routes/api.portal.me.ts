// GET /api/portal/me on an organisation's host: the signed-in customer {_id, firstName, lastName, email}, or 401 (ADR 0059).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { customerJson } from '#app/models/customer-accounts.server'
import { getCustomer } from '#app/models/portal-auth.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { hostClientId } from '#app/services/request-host.server'

export async function loader({ request }: LoaderFunctionArgs) {
  if (hostClientId(request) === null) return apiError(404, 'Not Found')
  const customer = await getCustomer(request)
  if (!customer) return apiError(401, 'Please sign in to continue')
  return apiJson({ status: true, customer: customerJson(customer) })
}

export const action = ({ request }: { request: Request }) => (hostClientId(request) === null ? apiError(404, 'Not Found') : methodNotAllowed())
