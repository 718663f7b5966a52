// PATCH /api/packages/client/visible/{id} {isVisible}: shows or hides a plan on the public plan lists.
import type { ActionFunctionArgs } from '@remix-run/node'
import { clientPackageActions, toClientPackageJson } from '#app/models/client-packages.server'
import { PACKAGE_CHANGED, visibleSchema } from '#app/models/client-packages.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const actor = await requirePlatform(request, 'client_packages')
  const parsed = await parseBody(request, visibleSchema)
  if (!parsed.ok) return parsed.response
  const result = await clientPackageActions.setVisible(actor, request, params.id ?? '', parsed.data.isVisible)
  if (!result.ok) return apiJson({ status: false, error: result.error }, result.status)
  return apiJson({ status: true, message: PACKAGE_CHANGED, package: toClientPackageJson(result.value) })
}
