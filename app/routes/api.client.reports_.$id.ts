// DELETE /api/client/reports/{id}: deletes one report of the session's organisation and its CSV, freeing its bytes of the quota (ADR 0082).
import type { ActionFunctionArgs } from '@remix-run/node'
import { REPORT_DELETED, REPORT_NOT_FOUND } from '#app/models/order-reports.schema'
import { deleteReport } from '#app/models/order-reports.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['READ_ORDERS_REPORTS'] })
  // Another organisation's id reads as unknown: the lookup is scoped to this one.
  const id = params.id ?? ''
  if (!/^[A-Za-z0-9]{1,24}$/.test(id) || !(await deleteReport(t, id))) return apiError(404, REPORT_NOT_FOUND)
  return apiJson({ status: true, message: REPORT_DELETED })
}

export const loader = () => methodNotAllowed()
