// POST /api/portal/orders/{id}/answers/files (multipart: moduleId, serviceId?, itemId, file) on an organisation's host:
// adds a file to a questionnaire's file item of the customer's own order (sniffed, named by the spec's rule, within the
// quota) and saves the answers; taking one off is the answers call's `removeFiles` (ADR 0061).
import type { ActionFunctionArgs } from '@remix-run/node'
import { saveAnswers } from '#app/models/brief.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { isUploadError, readMultipart } from '#app/services/storage.server'
import { briefCaller, refusal } from './portal-brief.server'

export const loader = () => methodNotAllowed()

const field = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : null
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const { t, who } = await briefCaller(request)
  if (!/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? ''))
    return apiError(400, 'Please send the file as multipart/form-data (fields moduleId, itemId, file)')
  const form = await readMultipart(request)
  if (isUploadError(form)) return apiError(400, form.error)
  const moduleId = field(form, 'moduleId')
  const itemId = field(form, 'itemId')
  const file = form.get('file')
  if (!moduleId) return apiError(400, 'moduleId is required')
  if (!itemId) return apiError(400, 'itemId is required')
  if (!(file instanceof File) || file.size === 0) return apiError(400, 'Please upload the file')
  const result = await saveAnswers(t, who, params.id ?? '', { moduleId, serviceId: field(form, 'serviceId'), answers: {}, submit: false, files: [{ itemId, file }] })
  if (!result.ok) return refusal(result)
  return apiJson({ status: result.status, answers: result.answers, submitted: result.submitted, serviceId: result.serviceId }, 201)
}
