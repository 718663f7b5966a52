// GET /api/customers/{id}: one customer; PATCH /api/customers/{id} {archived?, active?}: archive and active toggles.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { changeCustomerStatus } from '#app/models/customer-responses.server'
import { findCustomer, toCustomerJson } from '#app/models/customers.server'
import { customerStatusSchema } from '#app/models/customers.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_CUSTOMERS'] })
  const customer = await findCustomer(t, params.id ?? '')
  if (!customer) return apiError(404, 'Customer not found')
  return apiJson({ status: true, customer: toCustomerJson(customer) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_CUSTOMERS'] })
  const body = await parseBody(request, customerStatusSchema)
  if (!body.ok) return body.response
  return changeCustomerStatus(t, request, params.id ?? '', body.data)
}
