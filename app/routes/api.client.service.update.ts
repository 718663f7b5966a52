// POST /api/client/service/update {serviceName, id, serviceModules}: saves the board of one workflow.
import type { ActionFunctionArgs } from '@remix-run/node'
import { workflowUpdateSchema } from '#app/models/workflows.schema'
import { getWorkflow, workflowActions } from '#app/models/workflows.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_WORKFLOWS'] })
  const body = await parseBody(request, workflowUpdateSchema)
  if (!body.ok) return body.response
  const result = await workflowActions.update(t, request, body.data.id, body.data)
  if (!result.ok) return apiError(result.status, result.error)
  const service = await getWorkflow(t, result.id)
  return apiJson({ status: true, data: service, service })
}

export const loader = () => methodNotAllowed()
