// POST /api/questionnaires/template {key, data}: saves the draft (the builder's autosave and Save).
import type { ActionFunctionArgs } from '@remix-run/node'
import { saveDraftSchema } from '#app/models/forms.schema'
import { formActions, getForm, toFormJson } from '#app/models/forms.server'
import { requirePermission } from '#app/services/auth.server'
import { methodNotAllowed, parseBody } from '#app/utils/api.server'
import { apiError, apiJson } from '#app/utils/http.server'

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
