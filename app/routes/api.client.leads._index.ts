// GET /api/client/leads?q&source&status&from&to&start&size: the organisation's leads, newest first ({status, leads, count}).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listLeads, toLeadJson } from '#app/models/leads.server'
import { leadListQuerySchema } from '#app/models/leads.schema'
import { methodNotAllowed, parseQuery } from '#app/utils/api.server'
import { apiJson } from '#app/utils/http.server'
import { requireLeads } from '#app/utils/leads-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireLeads(request)
  const query = parseQuery(request, leadListQuerySchema)
  if (!query.ok) return query.response
  const { start = 0, size = 50, ...filter } = query.data
  const { rows, count } = await listLeads(t, filter, { start, size })
  return apiJson({ status: true, leads: rows.map(toLeadJson), count })
}

export const action = () => methodNotAllowed()
