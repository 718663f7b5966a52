// POST /api/questionnaires/template {key, data}: saves the draft (the builder's autosave and Save).
import type { ActionFunctionArgs } from '@remix-run/node'
import { saveDraftSchema } from '#app/models/forms.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { formActions, getForm, toFormJson } from '#app/models/forms.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_QUESTIONNAIRES'] })
  const body = await parseBody(request, saveDraftSchema)
  if (!body.ok) return body.response
  const row = await getForm(t, body.data.key)
  if (!row) return apiError(404, 'Form not found')
  const saved = await formActions.saveDraft(t, request, row, body.data.data.items)
  return apiJson({ status: true, questionnaire: toFormJson(saved) })
}
