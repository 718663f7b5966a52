// POST /api/users/change_status {_id, active}: (de)activates a platform user; deactivation ends their sessions.
import type { ActionFunctionArgs } from '@remix-run/node'
import { findPlatformUser, platformUserActions, toPlatformUserJson } from '#app/models/platform-users.server'
import { changeStatusSchema } from '#app/models/platform-users.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

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
  const outcome = await platformUserActions.setActive(actor, request, target, parsed.data.active)
  if (!outcome.ok) return apiJson({ status: false, error: outcome.error }, outcome.status)
  return apiJson({ status: true, message: 'Changed Successfully!', user: toPlatformUserJson(outcome.value) })
}
