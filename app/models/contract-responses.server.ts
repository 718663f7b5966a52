// The JSON answers shared by the contract routes: POST /api/contract/add-package and /api/contract/update-package.
import { auditAction } from './audit.server'
import { contractPackageSchema } from './contracts.schema'
import { attachContractToProduct, toContractJson } from './contracts.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from './auth-guards.server'

/** Sets the product's contract; `update` also passes the contract it replaces ({contractID, oldContractId, packageID}). */
export async function contractPackageAction(request: Request, kind: 'ADD_PACKAGE' | 'UPDATE_PACKAGE') {
  if (request.method !== 'POST') return methodNotAllowed()
  // Changing a product's contract is a product edit as much as a contract one.
  const t = await requirePermission(request, { all: ['UPDATE_CONTRACTS', 'UPDATE_PRODUCTS'] })
  const body = await parseBody(request, contractPackageSchema)
  if (!body.ok) return body.response
  const oldContractId = kind === 'UPDATE_PACKAGE' ? body.data.oldContractId : null
  const result = await attachContractToProduct(t, { contractID: body.data.contractID, packageID: body.data.packageID, oldContractId })
  if (!result.ok) return apiError(404, result.error)
  await auditAction(t, request, { module: 'CONTRACTS', action: kind, message: `Contract "${result.contract.title}" attached to a product` })
  return apiJson({ status: true, contract: toContractJson(result.contract) })
}
