// GET /api/contract-template/{id}: one platform contract template.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getContractTemplate, toContractTemplateJson } from '#app/models/contract-templates.server'
import { requirePlatform } from '#app/models/auth-guards.server'
import { apiError, apiJson } from '#app/utils/http.server'
import { methodNotAllowed } from '#app/utils/api.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePlatform(request, 'contract-template')
  const row = await getContractTemplate(params.id ?? '')
  if (!row) return apiError(404, 'Template not found')
  return apiJson({ status: true, template: toContractTemplateJson(row) })
}

export const action = () => methodNotAllowed()
