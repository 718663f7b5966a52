// POST /api/questionnaires/publish {key, name}: the draft becomes the live form.
import type { ActionFunctionArgs } from '@remix-run/node'
import { publishProblem, publishSchema } from '#app/models/forms.schema'
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
  const body = await parseBody(request, publishSchema)
  if (!body.ok) return body.response
  const row = await getForm(t, body.data.key)
  if (!row) return apiError(404, 'Form not found')
  const problem = publishProblem(row.draft_data?.items ?? [])
  if (problem) return apiJson({ status: false, error: problem }, 400)
  const published = await formActions.publish(t, request, row, body.data.name)
  return apiJson({ status: true, questionnaire: toFormJson(published) })
}
