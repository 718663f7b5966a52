// POST /api/users/create {firstName, lastName, email, password, role, active}: a new platform user.
import type { ActionFunctionArgs } from '@remix-run/node'
import { platformUserActions, toPlatformUserJson } from '#app/models/platform-users.server'
import { USER_CREATED, userCreateSchema } from '#app/models/platform-users.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const actor = await requirePlatform(request, 'users')
  const parsed = await parseBody(request, userCreateSchema)
  if (!parsed.ok) return parsed.response
  const outcome = await platformUserActions.create(actor, request, parsed.data)
  if (!outcome.ok) return apiJson({ status: false, error: outcome.error, ...(outcome.field ? { errors: { [outcome.field]: outcome.error } } : {}) }, outcome.status)
  return apiJson({ status: true, message: USER_CREATED, user: toPlatformUserJson(outcome.value) })
}
