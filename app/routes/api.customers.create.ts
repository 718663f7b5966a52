// POST /api/customers/create {welcomeEmail, active, firstName, lastName, email, password}: answers {status, newCustomer}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { auditAction } from '#app/models/audit.server'
import { createCustomer, toCustomerJson } from '#app/models/customers.server'
import { CUSTOMER_CREATED, customerCreateSchema } from '#app/models/customers.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_CUSTOMERS'] })
  const body = await parseBody(request, customerCreateSchema)
  if (!body.ok) return body.response
  const outcome = await createCustomer(t, body.data)
  if (!outcome.ok) {
    await auditAction(t, request, { module: 'customers', action: 'create', status: 'failure', message: `Customer ${body.data.email}: ${outcome.error}` })
    return apiJson({ status: false, error: outcome.error }, 400)
  }
  await auditAction(t, request, { module: 'customers', action: 'create', message: `Created customer ${outcome.customer.email}` })
  return apiJson({ status: true, message: CUSTOMER_CREATED, newCustomer: toCustomerJson(outcome.customer) })
}

export const loader = () => methodNotAllowed()
