// PATCH /api/packages/client/description/{id} {description}: the plan's description (empty clears it).
import type { ActionFunctionArgs } from '@remix-run/node'
import { clientPackageActions, toClientPackageJson } from '#app/models/client-packages.server'
import { DESCRIPTION_SAVED, descriptionSchema } from '#app/models/client-packages.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const actor = await requirePlatform(request, 'client_packages')
  const parsed = await parseBody(request, descriptionSchema)
  if (!parsed.ok) return parsed.response
  const result = await clientPackageActions.setDescription(actor, request, params.id ?? '', parsed.data.description)
  if (!result.ok) return apiJson({ status: false, error: result.error }, result.status)
  return apiJson({ status: true, message: DESCRIPTION_SAVED, package: toClientPackageJson(result.value) })
}
