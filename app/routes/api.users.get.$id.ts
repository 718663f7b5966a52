// GET /api/users/get/{id}: one platform user; anyone else's id (a client, a customer) is not found.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { findPlatformUser, toPlatformUserJson } from '#app/models/platform-users.server'
import { requirePlatform } from '#app/models/auth-guards.server'
import { methodNotAllowed } from '#app/utils/api.server'
import { apiError, apiJson } from '#app/utils/http.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePlatform(request, 'users')
  const user = await findPlatformUser(params.id ?? '')
  if (!user) return apiError(404, 'User not found')
  return apiJson({ status: true, user: toPlatformUserJson(user) })
}

export async function action() {
  return methodNotAllowed()
}
