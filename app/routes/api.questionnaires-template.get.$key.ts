// GET /api/questionnaires-template/get/{key}: one platform form template with draft and published data.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getFormTemplate, toFormTemplateJson } from '#app/models/form-templates.server'
import { apiError, apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePlatform(request, 'questionnaire-template')
  const row = await getFormTemplate(params.key ?? '')
  if (!row) return apiError(404, 'Template not found')
  return apiJson({ status: true, template: toFormTemplateJson(row) })
}

export const action = () => methodNotAllowed()
