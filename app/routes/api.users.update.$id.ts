// POST /api/users/update/{id} {firstName, lastName, password, active, role}: the e-mail never changes here.
import type { ActionFunctionArgs } from '@remix-run/node'
import { findPlatformUser, platformUserActions, toPlatformUserJson } from '#app/models/platform-users.server'
import { USER_UPDATED, userUpdateSchema } from '#app/models/platform-users.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const actor = await requirePlatform(request, 'users')
  const target = await findPlatformUser(params.id ?? '')
  if (!target) return apiError(404, 'User not found')
  const parsed = await parseBody(request, userUpdateSchema)
  if (!parsed.ok) return parsed.response
  const outcome = await platformUserActions.update(actor, request, target, parsed.data)
  if (!outcome.ok) return apiJson({ status: false, error: outcome.error, ...(outcome.field ? { errors: { [outcome.field]: outcome.error } } : {}) }, outcome.status)
  return apiJson({ status: true, message: USER_UPDATED, user: toPlatformUserJson(outcome.value) })
}
