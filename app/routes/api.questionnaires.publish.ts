// POST /api/questionnaires/publish {key, name}: the draft becomes the live form.
import type { ActionFunctionArgs } from '@remix-run/node'
import { auditAction } from '#app/models/audit.server'
import { publishProblem, publishSchema } from '#app/models/forms.schema'
import { getForm, publishForm, toFormJson } from '#app/models/forms.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

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
  const published = await publishForm(t, row, body.data.name)
  await auditAction(t, request, { module: 'QUESTIONNAIRES', action: 'PUBLISH', message: `Form "${published.name}" published` })
  return apiJson({ status: true, questionnaire: toFormJson(published) })
}
