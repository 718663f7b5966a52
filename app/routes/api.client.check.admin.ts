// GET /api/client/check/admin: the organisation's admin CRM account, or 404 when there is none yet
// (the caller then creates it: POST /api/client/user/add with type 'admin', back-office section 4).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { CRM_ADMIN_NOT_FOUND } from '#app/models/crm.schema'
import { getAdminCrmUser, toCrmUserJson } from '#app/models/crm.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requireCrm } from './crm-request.server'
import { apiJson } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await requireCrm(request)
  const admin = await getAdminCrmUser(t)
  if (!admin) return apiJson({ status: false, error: CRM_ADMIN_NOT_FOUND }, 404)
  return apiJson({ status: true, user: toCrmUserJson(admin) })
}

export const action = () => methodNotAllowed()
