// POST /api/client/writers/analytics/{order-tracker|first-draft-rating|chat-response-time|
// first-draft-response-time|final-delivery-response-time} with {selectedWriters}; the order tracker also
// takes ?filter={24Hours|7Days|30Days|3Months|6Months} (default 24Hours). Answers {status, filter, data}:
// one row per selected contributor of this organisation (ADR 0047).
import type { ActionFunctionArgs } from '@remix-run/node'
import { rangeQuerySchema, selectedWritersBodySchema } from '#app/models/contributors-analytics.schema'
import { readMetric } from '#app/models/contributors-analytics.server'
import { CONTRIBUTORS_ANALYTICS_GUARD, isMetric, METRICS_RANGE } from '#app/rules/contributors-analytics'
import { methodNotAllowed, parseBody, parseQuery } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request, params }: ActionFunctionArgs) {
  const t = await requirePermission(request, CONTRIBUTORS_ANALYTICS_GUARD)
  if (request.method !== 'POST') return methodNotAllowed()
  const metric = params.metric
  if (!isMetric(metric)) return apiJson({ status: false, error: 'Not Found' }, 404)
  // Only the order tracker has ranges; the four metrics always cover the last 6 months.
  const query = metric === 'order-tracker' ? parseQuery(request, rangeQuerySchema) : ({ ok: true, data: { filter: METRICS_RANGE } } as const)
  if (!query.ok) return query.response
  const body = await parseBody(request, selectedWritersBodySchema)
  if (!body.ok) return body.response
  const data = await readMetric(t, metric, body.data.selectedWriters, query.data.filter)
  return apiJson({ status: true, filter: query.data.filter, data })
}

export async function loader({ request }: ActionFunctionArgs) {
  await requirePermission(request, CONTRIBUTORS_ANALYTICS_GUARD)
  return methodNotAllowed()
}
