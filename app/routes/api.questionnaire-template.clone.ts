// POST /api/questionnaire-template/clone {template_id, name}: a new platform template from an existing one.
import type { ActionFunctionArgs } from '@remix-run/node'
import { platformAudit } from '#app/models/content-common.server'
import { createFormTemplate, getFormTemplate, templateItems, toFormTemplateJson } from '#app/models/form-templates.server'
import { templateCloneSchema } from '#app/models/forms.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requirePlatform(request, 'questionnaire-template')
  const body = await parseBody(request, templateCloneSchema)
  if (!body.ok) return body.response
  const source = await getFormTemplate(body.data.template_id)
  if (!source) return apiError(404, 'Template not found')
  const row = await createFormTemplate({ name: body.data.name, items: templateItems(source) })
  await platformAudit(user, request, { module: 'FORM_TEMPLATES', action: 'CLONE', message: `Form template "${row.name}" cloned from "${source.name}"` })
  return apiJson({ status: true, key: row.public_id, template: toFormTemplateJson(row) })
}
