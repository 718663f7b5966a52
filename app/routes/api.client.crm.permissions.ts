// GET /api/client/crm/permissions: the CRM permission flags the organisation's plan lets it grant.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { CRM_PERMISSIONS } from '#app/models/client-packages.schema'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requireCrm } from './crm-request.server'
import { apiJson } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { status } = await requireCrm(request)
  const flags = status.plan!.flags
  return apiJson({
    status: true,
    crmUserPermissions: flags,
    permissions: CRM_PERMISSIONS.filter((p) => flags[p.key]).map((p) => ({ key: p.key, label: p.label })),
    maxCrmUsers: status.plan!.maxCrmUsers,
  })
}

export const action = () => methodNotAllowed()
