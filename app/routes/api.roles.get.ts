// GET /api/roles/get: the platform roles ({name, key, permissions} with permissions comma-separated).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listRoles, toRoleJson } from '#app/models/platform-roles.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

// The user forms list roles too, so holders of the users module may read them.
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, ['roles', 'users'])
  const roles = (await listRoles()).map(toRoleJson)
  return apiJson({ status: true, roles, count: roles.length })
}

export async function action() {
  return methodNotAllowed()
}
