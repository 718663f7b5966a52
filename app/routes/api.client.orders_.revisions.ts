// GET /api/client/orders/revisions?start=&size=: drafts waiting for approval, oldest first ({status, settings, data, count}).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { revisionsQuerySchema } from '#app/models/revisions.schema'
import { revisionActions } from '#app/models/revisions.server'
import { routeGuard } from '#app/rules/routes'
import { methodNotAllowed, parseQuery } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/orders/revisions'))
  const query = parseQuery(request, revisionsQuerySchema)
  if (!query.ok) return query.response
  // With the feature off the queue is empty and `settings` says why.
  const { settings, revisions, count } = await revisionActions.list(t, query.data)
  return apiJson({ status: true, settings, data: revisions, count })
}

export const action = () => methodNotAllowed()
