// POST /api/questionnaire-template/template {key, data}: saves a platform template's draft.
import type { ActionFunctionArgs } from '@remix-run/node'
import { platformAudit } from '#app/models/content-common.server'
import { getFormTemplate, saveFormTemplateDraft, toFormTemplateJson } from '#app/models/form-templates.server'
import { saveDraftSchema } from '#app/models/forms.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requirePlatform(request, 'questionnaire-template')
  const body = await parseBody(request, saveDraftSchema)
  if (!body.ok) return body.response
  const row = await getFormTemplate(body.data.key)
  if (!row) return apiError(404, 'Template not found')
  const saved = await saveFormTemplateDraft(row, body.data.data.items)
  await platformAudit(user, request, { module: 'FORM_TEMPLATES', action: 'SAVE_DRAFT', message: `Form template "${row.name}" draft saved` })
  return apiJson({ status: true, template: toFormTemplateJson(saved) })
}
