// GET /api/users/get: the platform users (superadmin and platform staff) with their role.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listPlatformUsers, toPlatformUserJson } from '#app/models/platform-users.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'users')
  const users = (await listPlatformUsers()).map(toPlatformUserJson)
  return apiJson({ status: true, users, count: users.length })
}

export async function action() {
  return methodNotAllowed()
}
