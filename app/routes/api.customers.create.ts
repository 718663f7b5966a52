// POST /api/customers/create {welcomeEmail, active, firstName, lastName, email, password}: answers {status, newCustomer}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { customerActions, toCustomerJson } from '#app/models/customers.server'
import { CUSTOMER_CREATED, customerCreateSchema } from '#app/models/customers.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_CUSTOMERS'] })
  const body = await parseBody(request, customerCreateSchema)
  if (!body.ok) return body.response
  const outcome = await customerActions.create(t, request, body.data)
  if (!outcome.ok) {
    return apiJson({ status: false, error: outcome.error }, 400)
  }
  return apiJson({ status: true, message: CUSTOMER_CREATED, newCustomer: toCustomerJson(outcome.customer) })
}

export const loader = () => methodNotAllowed()
