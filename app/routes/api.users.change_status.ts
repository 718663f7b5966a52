// POST /api/users/change_status {_id, active}: (de)activates a platform user; deactivation ends their sessions.
import type { ActionFunctionArgs } from '@remix-run/node'
import { auditUserAction } from '#app/models/audit.server'
import { findPlatformUser, setPlatformUserActive, toPlatformUserJson } from '#app/models/platform-users.server'
import { changeStatusSchema } from '#app/models/platform-users.schema'
import { requirePlatform } from '#app/services/auth.server'
import { methodNotAllowed, parseBody } from '#app/utils/api.server'
import { apiError, apiJson } from '#app/utils/http.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const actor = await requirePlatform(request, 'users')
  const parsed = await parseBody(request, changeStatusSchema)
  if (!parsed.ok) return parsed.response
  const target = await findPlatformUser(parsed.data._id)
  if (!target) return apiError(404, 'User not found')
  const outcome = await setPlatformUserActive(actor, target, parsed.data.active)
  const verb = parsed.data.active ? 'Activated' : 'Deactivated'
  if (!outcome.ok) {
    await auditUserAction(actor, request, { module: 'users', action: 'change_status', status: 'failure', message: `${verb} ${target.email}: ${outcome.error}` })
    return apiJson({ status: false, error: outcome.error }, outcome.status)
  }
  await auditUserAction(actor, request, { module: 'users', action: 'change_status', message: `${verb} platform user ${target.email}` })
  return apiJson({ status: true, message: 'Changed Successfully!', user: toPlatformUserJson(outcome.value) })
}
