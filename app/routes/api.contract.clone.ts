// POST /api/contract/clone {templateId, title, content}: a new contract from a sample or an own contract.
import type { ActionFunctionArgs } from '@remix-run/node'
import { contractCloneSchema } from '#app/models/contracts.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { anyContractCloneSource, contractActions, toContractJson } from '#app/models/contracts.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_CONTRACTS'] })
  const body = await parseBody(request, contractCloneSchema)
  if (!body.ok) return body.response
  const source = await anyContractCloneSource(t, body.data.templateId)
  if (!source) return apiError(404, 'Contract not found')
  const row = await contractActions.clone(t, request, source, { title: body.data.title, content: body.data.content ?? source.content })
  return apiJson({ status: true, contract: toContractJson(row) })
}
