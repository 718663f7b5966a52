// POST /api/roles/create {name, permissions}: permissions as a list or a comma-separated string of module keys.
import type { ActionFunctionArgs } from '@remix-run/node'
import { auditUserAction } from '#app/models/audit.server'
import { createRole, GRANT_DENIED, grantableBy, toRoleJson } from '#app/models/platform-roles.server'
import { ROLE_CREATED, roleSchema } from '#app/models/platform-roles.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const actor = await requirePlatform(request, 'roles')
  const parsed = await parseBody(request, roleSchema)
  if (!parsed.ok) return parsed.response
  if (!grantableBy(actor, parsed.data.permissions)) {
    await auditUserAction(actor, request, { module: 'roles', action: 'create', status: 'failure', message: `Create role ${parsed.data.name}: ${GRANT_DENIED}` })
    return apiJson({ status: false, error: GRANT_DENIED }, 403)
  }
  const role = await createRole(parsed.data)
  await auditUserAction(actor, request, { module: 'roles', action: 'create', message: `Created role ${role.name} (${role.permissions || 'no modules'})` })
  return apiJson({ status: true, message: ROLE_CREATED, role: toRoleJson(role) })
}
