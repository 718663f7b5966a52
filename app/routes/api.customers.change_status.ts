// POST /api/customers/change_status {_id, active?, archived?}: the active and archive toggles.
import type { ActionFunctionArgs } from '@remix-run/node'
import { changeCustomerStatus } from '#app/models/customer-responses.server'
import { customerChangeStatusSchema } from '#app/models/customers.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_CUSTOMERS'] })
  const body = await parseBody(request, customerChangeStatusSchema)
  if (!body.ok) return body.response
  return changeCustomerStatus(t, request, body.data._id, body.data)
}

export const loader = () => methodNotAllowed()
