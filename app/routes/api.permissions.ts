// GET /api/permissions: the permission catalogue grouped by area, with requiredPermissions and requiredBy.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { permissionsCatalogue } from '#app/rules/permissions'
import { apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requireUser } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return apiJson({ status: true, permissions: permissionsCatalogue() })
}

export const action = () => methodNotAllowed()
