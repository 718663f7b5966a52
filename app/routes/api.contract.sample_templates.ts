// GET /api/contract/sample_templates: the provider's sample contracts {templates, hiddenContractsTemplates}.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { sampleContractTemplates } from '#app/models/contracts.server'
import { apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_CONTRACTS'] })
  return apiJson({ status: true, ...(await sampleContractTemplates(t)) })
}

export const action = () => methodNotAllowed()
