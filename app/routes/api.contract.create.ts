// POST /api/contract/create {title, content}: a new contract (content sanitized on save).
import type { ActionFunctionArgs } from '@remix-run/node'
import { contractFormSchema } from '#app/models/contracts.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { contractActions, toContractJson } from '#app/models/contracts.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_CONTRACTS'] })
  const body = await parseBody(request, contractFormSchema)
  if (!body.ok) return body.response
  const row = await contractActions.create(t, request, body.data)
  return apiJson({ status: true, contract: toContractJson(row) })
}
