// GET /api/client/reports/questionnaires: {status, questionnaires} (_id, name, published_data.items {id, type, text}).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { REPORT_FAILED } from '#app/models/order-reports.schema'
import { reportQuestionnaires } from '#app/models/order-reports.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { rethrowOutage } from '#app/services/dependency-failure.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_ORDERS_REPORTS'] })
  try {
    return apiJson({ status: true, questionnaires: await reportQuestionnaires(t) })
  } catch (error) {
    rethrowOutage(error)
    console.error(`[reports] questionnaires failed: ${error instanceof Error ? error.message : String(error)}`)
    return apiError(500, REPORT_FAILED)
  }
}

export const action = () => methodNotAllowed()
