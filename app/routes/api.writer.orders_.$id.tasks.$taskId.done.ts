// POST /api/writer/orders/{id}/tasks/{taskId}/done (issue 26, ADR 0067): the writer marks one of their steps done.
// taskId is the module id; serviceId (body or query) names the workflow, required only when the module is in more
// than one. Customer steps 403, done already 409, not on the order 404.
import type { ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireContributorOrder } from './contributor-access.server'
import { callRefusal, logInAsRefusal, readBodyFields, workActions } from './work-order.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requireContributorOrder(request, params.id)
  const refused = await logInAsRefusal(request)
  if (refused) return callRefusal(refused)
  const body = await readBodyFields(request)
  if (!body.ok) return callRefusal(body)
  const serviceId = body.fields.serviceId ?? new URL(request.url).searchParams.get('serviceId')
  const result = await workActions.taskDone(t, request, params.taskId ?? '', serviceId || null)
  if (!result.ok) return callRefusal(result)
  return apiJson({ status: true, data: { serviceId: result.serviceId, taskId: result.taskId, statusPercentage: result.statusPercentage, completed: result.completed } })
}

export const loader = () => methodNotAllowed()
