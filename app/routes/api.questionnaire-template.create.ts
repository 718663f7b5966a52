// POST /api/questionnaire-template/create {name}: a new, empty platform form template.
import type { ActionFunctionArgs } from '@remix-run/node'
import { platformAudit } from '#app/models/content-common.server'
import { createFormTemplate, toFormTemplateJson } from '#app/models/form-templates.server'
import { nameSchema } from '#app/models/forms.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requirePlatform(request, 'questionnaire-template')
  const body = await parseBody(request, nameSchema)
  if (!body.ok) return body.response
  const row = await createFormTemplate({ name: body.data.name })
  await platformAudit(user, request, { module: 'FORM_TEMPLATES', action: 'CREATE', message: `Form template "${row.name}" created` })
  return apiJson({ status: true, key: row.public_id, template: toFormTemplateJson(row) })
}
