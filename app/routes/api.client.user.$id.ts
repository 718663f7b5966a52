// GET /api/client/user/{id}: one CRM user of the organisation (another organisation's id is a 404).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { CRM_USER_NOT_FOUND } from '#app/models/crm.schema'
import { getCrmUser, toCrmUserJson } from '#app/models/crm.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requireCrm } from './crm-request.server'
import { apiJson } from '#app/services/http.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t } = await requireCrm(request)
  const row = await getCrmUser(t, params.id ?? '')
  if (!row) return apiJson({ status: false, error: CRM_USER_NOT_FOUND }, 404)
  return apiJson({ status: true, user: toCrmUserJson(row) })
}

export const action = () => methodNotAllowed()
