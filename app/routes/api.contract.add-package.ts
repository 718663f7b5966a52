// POST /api/contract/add-package {contractID, packageID}: sets the product's contract.
import type { ActionFunctionArgs } from '@remix-run/node'
import { auditAction } from '#app/models/audit.server'
import { contractPackageSchema } from '#app/models/contracts.schema'
import { attachContractToProduct, toContractJson } from '#app/models/contracts.server'
import { requirePermission } from '#app/services/auth.server'
import { methodNotAllowed, parseBody } from '#app/utils/api.server'
import { apiError, apiJson } from '#app/utils/http.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  // Changing a product's contract is a product edit as much as a contract one.
  const t = await requirePermission(request, { all: ['UPDATE_CONTRACTS', 'UPDATE_PRODUCTS'] })
  const body = await parseBody(request, contractPackageSchema)
  if (!body.ok) return body.response
  const result = await attachContractToProduct(t, { contractID: body.data.contractID, packageID: body.data.packageID, oldContractId: null })
  if (!result.ok) return apiError(404, result.error)
  await auditAction(t, request, { module: 'CONTRACTS', action: 'ADD_PACKAGE', message: `Contract "${result.contract.title}" attached to a product` })
  return apiJson({ status: true, contract: toContractJson(result.contract) })
}
