// GET /api/contract/{id} (own contract, or a provider sample read-only); PATCH {archived, isTemplate}: archive
// a contract, or hide/show a sample for this organisation.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getContractTemplate, toContractTemplateJson } from '#app/models/contract-templates.server'
import { contractActions, getContract, packagesByContract, toContractJson } from '#app/models/contracts.server'
import { archiveSchema } from '#app/models/downloadables.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export const NOT_FOUND = 'Contract not found'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_CONTRACTS'] })
  const id = params.id ?? ''
  const row = await getContract(t, id)
  if (row) {
    const packages = await packagesByContract(t, [row.id])
    return apiJson({ status: true, contract: toContractJson(row, packages.get(row.id)) })
  }
  const template = await getContractTemplate(id)
  if (template) return apiJson({ status: true, contract: toContractTemplateJson(template) })
  return apiError(404, NOT_FOUND)
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_CONTRACTS'] })
  const body = await parseBody(request, archiveSchema)
  if (!body.ok) return body.response
  const id = params.id ?? ''
  if (body.data.isTemplate) {
    const template = await getContractTemplate(id)
    if (!template) return apiError(404, NOT_FOUND)
    await contractActions.setSampleHidden(t, request, template, body.data.archived)
    return apiJson({ status: true, contract: toContractTemplateJson(template) })
  }
  const row = await getContract(t, id)
  if (!row) return apiError(404, NOT_FOUND)
  await contractActions.setArchived(t, request, row, body.data.archived)
  return apiJson({ status: true, contract: toContractJson((await getContract(t, id))!) })
}
