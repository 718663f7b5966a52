// POST /api/contract/update/{id} {id, title, content}: edit one of the organisation's contracts.
import type { ActionFunctionArgs } from '@remix-run/node'
import { contractUpdateSchema } from '#app/models/contracts.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { contractActions, getContract, toContractJson } from '#app/models/contracts.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_CONTRACTS'] })
  const body = await parseBody(request, contractUpdateSchema)
  if (!body.ok) return body.response
  // Provider samples are not rows of the organisation, so they are never found here: read-only.
  const row = await getContract(t, params.id ?? body.data.id ?? '')
  if (!row) return apiError(404, 'Contract not found')
  const updated = await contractActions.update(t, request, row, body.data)
  return apiJson({ status: true, contract: toContractJson(updated) })
}
