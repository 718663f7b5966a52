// POST /api/client/leads/{id}/convert {firstName, lastName, welcomeEmail?}: makes the lead a customer of
// this organisation, or links it to the customer who already has its e-mail; answers {status, message, lead, customerId, linked}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { leadActions, toLeadJson } from '#app/models/leads.server'
import { LEAD_CONVERTED, leadConvertApiSchema } from '#app/models/leads.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireLeads } from './leads-request.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requireLeads(request, 'convert')
  const body = await parseBody(request, leadConvertApiSchema)
  if (!body.ok) return body.response
  const result = await leadActions.convert(t, request, params.id ?? '', body.data)
  if (!result.ok) return apiJson({ status: false, error: result.error }, result.status)
  return apiJson({ status: true, message: result.message ?? LEAD_CONVERTED, lead: toLeadJson(result.lead), customerId: result.customerId, linked: result.linked })
}

export const loader = () => methodNotAllowed()
