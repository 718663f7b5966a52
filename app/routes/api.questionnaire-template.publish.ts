// POST /api/questionnaire-template/publish {key}: the draft becomes the published template (a workflow module).
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { platformAudit } from '#app/models/content-common.server'
import { getFormTemplate, publishFormTemplate, toFormTemplateJson } from '#app/models/form-templates.server'
import { formName, publishProblem } from '#app/models/forms.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

const schema = z.object({ key: z.string({ required_error: 'key is required' }).min(1, 'key is required').max(24), name: formName.optional() })

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requirePlatform(request, 'questionnaire-template')
  const body = await parseBody(request, schema)
  if (!body.ok) return body.response
  const row = await getFormTemplate(body.data.key)
  if (!row) return apiError(404, 'Template not found')
  const problem = publishProblem(row.draft_data?.items ?? [])
  if (problem) return apiJson({ status: false, error: problem }, 400)
  const published = await publishFormTemplate(row, body.data.name)
  await platformAudit(user, request, { module: 'FORM_TEMPLATES', action: 'PUBLISH', message: `Form template "${published.name}" published` })
  return apiJson({ status: true, template: toFormTemplateJson(published) })
}
