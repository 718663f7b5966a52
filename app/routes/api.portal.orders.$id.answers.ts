// POST /api/portal/orders/{id}/answers {moduleId, serviceId?, answers, submit} on an organisation's host: saves (autosave)
// or submits the customer's answers to a questionnaire or the follow-up questions of their own order (ADR 0061).
import type { ActionFunctionArgs } from '@remix-run/node'
import { answersBodySchema } from '#app/models/brief.schema'
import { saveAnswers } from '#app/models/brief.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { briefCaller, jsonBody, refusal } from './portal-brief.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const { t, who } = await briefCaller(request)
  const body = await jsonBody(request, answersBodySchema)
  if (!body.ok) return body.response
  const result = await saveAnswers(t, who, params.id ?? '', body.data)
  if (!result.ok) return refusal(result)
  return apiJson({ status: result.status, answers: result.answers, submitted: result.submitted, serviceId: result.serviceId })
}
