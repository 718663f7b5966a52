// GET /api/users/get/{id}: one platform user; anyone else's id (a client, a customer) is not found.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { findPlatformUser, toPlatformUserJson } from '#app/models/platform-users.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePlatform(request, 'users')
  const user = await findPlatformUser(params.id ?? '')
  if (!user) return apiError(404, 'User not found')
  return apiJson({ status: true, user: toPlatformUserJson(user) })
}

export async function action() {
  return methodNotAllowed()
}
