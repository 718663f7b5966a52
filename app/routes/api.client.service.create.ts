// POST /api/client/service/create {serviceName, serviceType, serviceModules}: answers {status, newService: {_id}}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { workflowCreateSchema } from '#app/models/workflows.schema'
import { getWorkflow, workflowActions } from '#app/models/workflows.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_WORKFLOWS'] })
  const body = await parseBody(request, workflowCreateSchema)
  if (!body.ok) return body.response
  const result = await workflowActions.create(t, request, body.data)
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, newService: await getWorkflow(t, result.id) })
}

export const loader = () => methodNotAllowed()
