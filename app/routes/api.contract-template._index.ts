// Platform contract templates: GET /api/contract-template (list), POST {title, content} (create),
// PUT {_id, title, content} (update); answers {status, error or errors} on failure.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { platformAudit } from '#app/models/content-common.server'
import { contractTemplateSchema } from '#app/models/contracts.schema'
import { createContractTemplate, listContractTemplates, toContractTemplateJson, updateContractTemplate } from '#app/models/contract-templates.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export const MODULE = 'contract-template'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, MODULE)
  return apiJson({ status: true, templates: (await listContractTemplates()).map(toContractTemplateJson) })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST' && request.method !== 'PUT') return methodNotAllowed()
  const user = await requirePlatform(request, MODULE)
  const body = await parseBody(request, contractTemplateSchema)
  if (!body.ok) return body.response
  if (request.method === 'POST') {
    const row = await createContractTemplate(body.data)
    await platformAudit(user, request, { module: 'CONTRACT_TEMPLATES', action: 'CREATE', message: `Contract template "${row.title}" created` })
    return apiJson({ status: true, template: toContractTemplateJson(row) })
  }
  if (!body.data._id) return apiJson({ status: false, error: 'Template not found', errors: { _id: 'Template not found' } }, 400)
  const row = await updateContractTemplate(body.data._id, body.data)
  if (!row) return apiError(404, 'Template not found')
  await platformAudit(user, request, { module: 'CONTRACT_TEMPLATES', action: 'UPDATE', message: `Contract template "${row.title}" updated` })
  return apiJson({ status: true, template: toContractTemplateJson(row) })
}
