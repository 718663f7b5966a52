// GET /api/client/reports/{id}/download: a ready report's CSV as an attachment, to READ_ORDERS_REPORTS of its own organisation.
import { Readable } from 'node:stream'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getReport } from '#app/models/order-reports.server'
import { dayKey } from '#app/rules/order-reports'
import { requirePermission } from '#app/models/auth-guards.server'
import { getStream } from '#app/services/storage.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError } from '#app/services/http.server'

const REPORT_NOT_FOUND = 'Report not found'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_ORDERS_REPORTS'] })
  // Another organisation's id reads as unknown: the lookup is scoped to this one.
  const report = /^[A-Za-z0-9]{1,24}$/.test(params.id ?? '') ? await getReport(t, params.id!) : undefined
  if (!report) return apiError(404, REPORT_NOT_FOUND)
  if (report.status !== 'ready' || !report.file_key) return apiError(409, 'The report is not ready yet')
  const stream = await getStream(report.file_key)
  if (!stream) return apiError(404, REPORT_NOT_FOUND)
  const name = `orders-report-${dayKey(new Date(report.start_date))}-to-${dayKey(new Date(report.end_date))}.csv`
  const headers: Record<string, string> = {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}"`,
    'X-Content-Type-Options': 'nosniff',
    // Order data: never kept by the browser or a shared cache.
    'Cache-Control': 'no-store',
  }
  if (report.byte_size !== null) headers['Content-Length'] = String(report.byte_size)
  // Streamed, so a large report never sits in the server's memory.
  return new Response(Readable.toWeb(stream) as ReadableStream, { headers })
}

export const action = () => methodNotAllowed()
