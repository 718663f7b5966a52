// POST /api/portal/orders/{id}/appointment {time, serviceId?} on an organisation's host: the customer picks a proposed
// time (or tells the time booked through the writer's link); completes Schedule Appointment (ADR 0061).
import type { ActionFunctionArgs } from '@remix-run/node'
import { appointmentBodySchema } from '#app/models/brief.schema'
import { pickAppointment } from '#app/models/brief.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { briefCaller, jsonBody, refusal } from './portal-brief.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const { t, who } = await briefCaller(request)
  const body = await jsonBody(request, appointmentBodySchema)
  if (!body.ok) return body.response
  const result = await pickAppointment(t, who, params.id ?? '', body.data)
  if (!result.ok) return refusal(result)
  return apiJson({ status: 'submitted', submitted: true, chosen: result.chosen, serviceId: result.serviceId })
}
