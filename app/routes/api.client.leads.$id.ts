// GET /api/client/leads/{id}: one lead with its history of notes and status changes ({status, lead, notes}).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { findLead, leadHistory, toLeadJson, toLeadNoteJson } from '#app/models/leads.server'
import { LEAD_NOT_FOUND } from '#app/models/leads.schema'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireLeads } from './leads-request.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requireLeads(request)
  const lead = await findLead(t, params.id ?? '')
  if (!lead) return apiJson({ status: false, error: LEAD_NOT_FOUND }, 404)
  const notes = await leadHistory(t, lead.id)
  return apiJson({ status: true, lead: toLeadJson(lead), notes: notes.map(toLeadNoteJson) })
}

export const action = () => methodNotAllowed()
