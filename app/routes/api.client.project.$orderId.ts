// GET /api/client/project/{orderId}: the project detail {order, notifications, files, draftResumes}.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getProject } from '#app/models/projects.server'
import { ORDER_NOT_FOUND } from '#app/models/drafts.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_ORDERS'] })
  const project = await getProject(t, params.orderId ?? '')
  if (!project) return apiError(404, ORDER_NOT_FOUND)
  return apiJson({ status: true, ...project })
}

export const action = () => methodNotAllowed()
