// GET /api/client/user/del/{id}: deletes a CRM user (a GET in the original API: the same-origin
// middleware refuses it cross-site like a write, app/rules/same-origin.ts). Admin CRM users are refused.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { CRM_USER_DELETED } from '#app/models/crm.schema'
import { crmChanges } from '#app/models/crm.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requireCrmChange } from './crm-request.server'
import { apiJson } from '#app/services/http.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t } = await requireCrmChange(request)
  const result = await crmChanges.deleteUser(t, request, params.id ?? '')
  if (!result.ok) return apiJson({ status: false, error: result.error }, result.status)
  return apiJson({ status: true, message: CRM_USER_DELETED, _id: result.value.publicId })
}

/** POST does the same (the spec's GET stays, behind the same-origin check). */
export const action = (args: LoaderFunctionArgs) => (args.request.method === 'POST' ? loader(args) : methodNotAllowed())
