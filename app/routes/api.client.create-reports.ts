// POST /api/client/create-reports {startDate, endDate, finalQuestionnaires, reportsFields}: {status, report} (queued).
import type { ActionFunctionArgs } from '@remix-run/node'
import { createReportSchema, REPORT_FAILED } from '#app/models/order-reports.schema'
import { createReport } from '#app/models/order-reports.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { rethrowOutage } from '#app/services/dependency-failure.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['READ_ORDERS_REPORTS'] })
  const body = await parseBody(request, createReportSchema)
  if (!body.ok) return body.response
  let result: Awaited<ReturnType<typeof createReport>>
  try {
    result = await createReport(t, t.user.id, body.data)
  } catch (error) {
    rethrowOutage(error)
    console.error(`[reports] create failed: ${error instanceof Error ? error.message : String(error)}`)
    return apiError(500, REPORT_FAILED)
  }
  if (!result.ok) return apiJson({ status: false, error: result.error, ...(result.field ? { errors: { [result.field]: result.error } } : {}) }, result.status)
  return apiJson({ status: true, report: result.report }, 201)
}
