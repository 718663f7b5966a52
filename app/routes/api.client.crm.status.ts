// GET /api/client/crm/status: crmAvailable and the organisation's messaging integrations (token last 4 only).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { crmStatus } from '#app/models/crm.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { CRM_GUARD } from './crm-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, CRM_GUARD)
  const status = await crmStatus(t)
  return apiJson({ status: true, crmAvailable: status.crmAvailable, crmIntegrations: status.crmIntegrations })
}

export const action = () => methodNotAllowed()
