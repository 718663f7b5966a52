// POST /api/client/user/update {userId, crmPermissions, firstName, lastName, email, password?}: only flags
// the plan enables are kept; admin CRM users are refused; another organisation's id is a 404.
import type { ActionFunctionArgs } from '@remix-run/node'
import { CRM_USER_UPDATED, crmUserUpdateApiSchema } from '#app/models/crm.schema'
import { crmChanges, toCrmUserJson } from '#app/models/crm.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { requireCrmChange } from './crm-request.server'
import { apiJson } from '#app/services/http.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const { t } = await requireCrmChange(request)
  const parsed = await parseBody(request, crmUserUpdateApiSchema)
  if (!parsed.ok) return parsed.response
  const { userId, ...input } = parsed.data
  const result = await crmChanges.updateUser(t, request, userId, input)
  if (!result.ok) return apiJson({ status: false, error: result.error, ...(result.field ? { errors: { [result.field]: result.error } } : {}) }, result.status)
  return apiJson({ status: true, message: CRM_USER_UPDATED, user: toCrmUserJson(result.value) })
}
