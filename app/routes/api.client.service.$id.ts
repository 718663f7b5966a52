// GET /api/client/service/{id}: one workflow; PATCH {archived}: archive or restore it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { archiveSchema } from '#app/models/workflows.schema'
import { getWorkflow, workflowActions } from '#app/models/workflows.server'
import { routeGuard } from '#app/rules/routes'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export const WORKFLOW_NOT_FOUND = 'Workflow not found'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/customer-services/all'))
  const service = await getWorkflow(t, params.id ?? '')
  if (!service) return apiError(404, WORKFLOW_NOT_FOUND)
  return apiJson({ status: true, service, data: service })
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_WORKFLOWS'] })
  const body = await parseBody(request, archiveSchema)
  if (!body.ok) return body.response
  const service = await workflowActions.archive(t, request, params.id ?? '', body.data.archived)
  if (!service) return apiError(404, WORKFLOW_NOT_FOUND)
  return apiJson({ status: true, service, data: service })
}
