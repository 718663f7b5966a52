// POST /api/roles/create {name, permissions}: permissions as a list or a comma-separated string of module keys.
import type { ActionFunctionArgs } from '@remix-run/node'
import { roleActions, toRoleJson } from '#app/models/platform-roles.server'
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
  const outcome = await roleActions.create(actor, request, parsed.data)
  if (!outcome.ok) return apiJson({ status: false, error: outcome.error }, 403)
  return apiJson({ status: true, message: ROLE_CREATED, role: toRoleJson(outcome.role) })
}
