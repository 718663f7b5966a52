// GET /api/logs/view?module&action&status&page&size: audit logs, newest first, in the caller's scope.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { auditScopeFor } from '#app/models/audit-logs.server'
import { auditQuerySchema } from '#app/models/audit-logs.schema'
import { methodNotAllowed, parseQuery } from '#app/services/api-request.server'
import { apiError, apiJson, FORBIDDEN_MESSAGE } from '#app/services/http.server'
import { requireUser } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const scope = await auditScopeFor(user)
  if (!scope) return apiError(403, FORBIDDEN_MESSAGE)
  const parsed = parseQuery(request, auditQuerySchema)
  if (!parsed.ok) return parsed.response
  const { logs, count } = await scope.list(parsed.data)
  return apiJson({ status: true, logs, count, page: parsed.data.page, size: parsed.data.size })
}

export async function action() {
  return methodNotAllowed()
}
