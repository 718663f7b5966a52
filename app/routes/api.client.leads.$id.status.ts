// POST /api/client/leads/{id}/status {status: new|contacted|won|lost}: answers {status, message, lead}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { leadActions, toLeadJson } from '#app/models/leads.server'
import { LEAD_STATUS_CHANGED, leadStatusFormSchema } from '#app/models/leads.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireLeads } from './leads-request.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requireLeads(request, 'work')
  const body = await parseBody(request, leadStatusFormSchema)
  if (!body.ok) return body.response
  const result = await leadActions.status(t, request, params.id ?? '', body.data.status)
  if (!result.ok) return apiJson({ status: false, error: result.error }, result.status)
  return apiJson({ status: true, message: LEAD_STATUS_CHANGED, lead: toLeadJson(result.lead) })
}

export const loader = () => methodNotAllowed()
