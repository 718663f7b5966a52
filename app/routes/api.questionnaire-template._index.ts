// GET /api/questionnaire-template: every platform form template (platform staff with the module).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listFormTemplates, toFormTemplateJson } from '#app/models/form-templates.server'
import { apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export const MODULE = 'questionnaire-template'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, MODULE)
  const { rows, count } = await listFormTemplates()
  return apiJson({ status: true, templates: rows.map(toFormTemplateJson), count })
}

export const action = () => methodNotAllowed()
