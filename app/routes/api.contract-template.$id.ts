// GET /api/contract-template/{id}: one platform contract template.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getContractTemplate, toContractTemplateJson } from '#app/models/contract-templates.server'
import { apiError, apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePlatform(request, 'contract-template')
  const row = await getContractTemplate(params.id ?? '')
  if (!row) return apiError(404, 'Template not found')
  return apiJson({ status: true, template: toContractTemplateJson(row) })
}

export const action = () => methodNotAllowed()
