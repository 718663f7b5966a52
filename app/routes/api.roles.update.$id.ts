// POST /api/roles/update/{id} {name, permissions}: the role update call the spec leaves out (see docs/platform-api.md).
import type { ActionFunctionArgs } from '@remix-run/node'
import { auditUserAction } from '#app/models/audit.server'
import { findRole, GRANT_DENIED, grantableBy, toRoleJson, updateRole } from '#app/models/platform-roles.server'
import { parseModules, ROLE_UPDATED, roleSchema } from '#app/models/platform-roles.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

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
  // Staff may only touch roles wholly within their own modules, before and after the edit.
  if (!grantableBy(actor, parsed.data.permissions) || !grantableBy(actor, parseModules(role.permissions))) {
    await auditUserAction(actor, request, { module: 'roles', action: 'update', status: 'failure', message: `Update role ${role.name}: ${GRANT_DENIED}` })
    return apiJson({ status: false, error: GRANT_DENIED }, 403)
  }
  const updated = await updateRole(role, parsed.data)
  await auditUserAction(actor, request, { module: 'roles', action: 'update', message: `Updated role ${updated.name} (${updated.permissions || 'no modules'})` })
  return apiJson({ status: true, message: ROLE_UPDATED, role: toRoleJson(updated) })
}
