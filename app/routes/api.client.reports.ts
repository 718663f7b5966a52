// GET /api/client/reports: {status, reports} (the spec's Report: _id, startDate, endDate, calculatedCSVData, downloadedReportsFields; plus status and download link).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { REPORT_LIST_FAILED } from '#app/models/order-reports.schema'
import { listReports } from '#app/models/order-reports.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { rethrowOutage } from '#app/services/dependency-failure.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_ORDERS_REPORTS'] })
  try {
    return apiJson({ status: true, reports: await listReports(t) })
  } catch (error) {
    rethrowOutage(error)
    console.error(`[reports] list failed: ${error instanceof Error ? error.message : String(error)}`)
    return apiError(500, REPORT_LIST_FAILED)
  }
}

export const action = () => methodNotAllowed()
