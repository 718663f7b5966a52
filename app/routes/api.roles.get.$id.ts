// GET /api/roles/get/{id}: one platform role, for the edit form.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { findRole, toRoleJson } from '#app/models/platform-roles.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePlatform(request, 'roles')
  const role = await findRole(params.id ?? '')
  if (!role) return apiError(404, 'Role not found')
  return apiJson({ status: true, role: toRoleJson(role) })
}

export async function action() {
  return methodNotAllowed()
}
