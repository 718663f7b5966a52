// POST /api/client/user/add: a CRM user (PENDING until synced), or with type 'admin' the admin CRM
// account, made from the organisation's owner when the admin check answered 404.
import type { ActionFunctionArgs } from '@remix-run/node'
import { CRM_USER_CREATED, crmUserCreateSchema } from '#app/models/crm.schema'
import { crmChanges, crmUserActions, toCrmUserJson } from '#app/models/crm.server'
import { methodNotAllowed, parseBody, readBody } from '#app/services/api-request.server'
import { requireCrmChange } from './crm-request.server'
import { apiJson } from '#app/services/http.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const { t } = await requireCrmChange(request)
  const body = await readBody(request.clone())
  if (body.type === 'admin') {
    const admin = await crmUserActions.ensureAdmin(t)
    if (!admin) return apiJson({ status: false, error: 'Please Try Again Later!' }, 409)
    return apiJson({ status: true, message: CRM_USER_CREATED, user: toCrmUserJson(admin) })
  }
  const parsed = await parseBody(request, crmUserCreateSchema)
  if (!parsed.ok) return parsed.response
  const result = await crmChanges.createUser(t, request, parsed.data)
  if (!result.ok) return apiJson({ status: false, error: result.error, ...(result.field ? { errors: { [result.field]: result.error } } : {}) }, result.status)
  return apiJson({ status: true, message: CRM_USER_CREATED, user: toCrmUserJson(result.value) })
}
