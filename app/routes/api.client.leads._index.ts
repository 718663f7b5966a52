// GET /api/client/leads?q&source&status&from&to&start&size: the organisation's leads, newest first ({status, leads, count}).
// POST /api/client/leads {email, firstName?, lastName?, phone?, note?}: a lead typed in by staff (source manual)
// answers {status, message, lead}; an e-mail already among the leads is 409.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { leadActions, listLeads, toLeadJson } from '#app/models/leads.server'
import { LEAD_ADDED, leadAddSchema, leadListQuerySchema } from '#app/models/leads.schema'
import { methodNotAllowed, parseBody, parseQuery } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireLeads } from './leads-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireLeads(request)
  const query = parseQuery(request, leadListQuerySchema)
  if (!query.ok) return query.response
  const { start = 0, size = 50, ...filter } = query.data
  const { rows, count } = await listLeads(t, filter, { start, size })
  return apiJson({ status: true, leads: rows.map(toLeadJson), count })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requireLeads(request, 'work')
  const body = await parseBody(request, leadAddSchema)
  if (!body.ok) return body.response
  const result = await leadActions.add(t, request, body.data)
  if (!result.ok) return apiJson({ status: false, error: result.error }, result.status)
  return apiJson({ status: true, message: LEAD_ADDED, lead: toLeadJson(result.lead) })
}
