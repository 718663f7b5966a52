// POST /api/client/leads/{id}/note {note}: adds a note to the lead's history; answers {status, message, lead}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { leadActions, toLeadJson } from '#app/models/leads.server'
import { LEAD_NOTE_ADDED, leadNoteFormSchema } from '#app/models/leads.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireLeads } from './leads-request.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requireLeads(request, 'work')
  const body = await parseBody(request, leadNoteFormSchema)
  if (!body.ok) return body.response
  const result = await leadActions.note(t, request, params.id ?? '', body.data.note)
  if (!result.ok) return apiJson({ status: false, error: result.error }, result.status)
  return apiJson({ status: true, message: LEAD_NOTE_ADDED, lead: toLeadJson(result.lead) })
}

export const loader = () => methodNotAllowed()
