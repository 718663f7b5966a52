// POST /api/roles/update/{id} {name, permissions}: the role update call the spec leaves out (see docs/platform-api.md).
import type { ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'
import { findRole, roleActions, toRoleJson } from '#app/models/platform-roles.server'
import { ROLE_UPDATED, roleSchema } from '#app/models/platform-roles.schema'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST' && request.method !== 'PATCH') return methodNotAllowed()
  const actor = await requirePlatform(request, 'roles')
  const role = await findRole(params.id ?? '')
  if (!role) return apiError(404, 'Role not found')
  const parsed = await parseBody(request, roleSchema)
  if (!parsed.ok) return parsed.response
  const outcome = await roleActions.update(actor, request, role, parsed.data)
  if (!outcome.ok) return apiJson({ status: false, error: outcome.error }, 403)
  return apiJson({ status: true, message: ROLE_UPDATED, role: toRoleJson(outcome.role) })
}
