// GET /api/contract/all (optional archived=true, search, page, size): the organisation's contracts.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiPaging } from '#app/models/content-common.server'
import { listContracts, packagesByContract, toContractJson } from '#app/models/contracts.server'
import { apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_CONTRACTS'] })
  const { rows, count } = await listContracts(t, apiPaging(request))
  const packages = await packagesByContract(
    t,
    rows.map((r) => r.id),
  )
  return apiJson({ status: true, contracts: rows.map((r) => toContractJson(r, packages.get(r.id))), count })
}

export const action = () => methodNotAllowed()
