// POST /api/contract/create {title, content}: a new contract (content sanitized on save).
import type { ActionFunctionArgs } from '@remix-run/node'
import { auditAction } from '#app/models/audit.server'
import { contractFormSchema } from '#app/models/contracts.schema'
import { createContract, toContractJson } from '#app/models/contracts.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_CONTRACTS'] })
  const body = await parseBody(request, contractFormSchema)
  if (!body.ok) return body.response
  const row = await createContract(t, body.data)
  await auditAction(t, request, { module: 'CONTRACTS', action: 'CREATE', message: `Contract "${row.title}" created` })
  return apiJson({ status: true, contract: toContractJson(row) })
}
