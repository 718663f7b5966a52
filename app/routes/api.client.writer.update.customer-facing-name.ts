// POST /api/client/writer/update/customer-facing-name {id, writerCustomerFacingName}: a contributor's name as customers see it.
import type { ActionFunctionArgs } from '@remix-run/node'
import { customerFacingNameSchema } from '#app/models/staff.schema'
import { staffActions } from '#app/models/staff.server'
import { staffAnswer } from '#app/models/staff-responses.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_CUSTOMER_FACING_NAME'] })
  const body = await parseBody(request, customerFacingNameSchema)
  if (!body.ok) return body.response
  const outcome = await staffActions.setCustomerFacingName(t, request, body.data.id, body.data.writerCustomerFacingName)
  return staffAnswer(t, outcome, 'Saved Successfully!')
}

export const loader = () => methodNotAllowed()
