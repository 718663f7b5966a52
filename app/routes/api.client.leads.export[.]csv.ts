// GET /api/client/leads/export.csv?q&source&status&from&to: every lead the filter matches, as CSV (streamed).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { leadListFilterSchema } from '#app/models/leads.schema'
import { methodNotAllowed, parseQuery } from '#app/services/api-request.server'
import { leadsCsvResponse } from './leads-export.server'
import { requireLeads } from './leads-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireLeads(request)
  const query = parseQuery(request, leadListFilterSchema)
  if (!query.ok) return query.response
  return leadsCsvResponse(t, query.data)
}

export const action = () => methodNotAllowed()
