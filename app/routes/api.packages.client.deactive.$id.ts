// GET /api/packages/client/deactive/{id}: deactivates a plan and its provider price (a GET in the original
// API: the same-origin middleware, server/security.ts, refuses it cross-site like a write).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { clientPackageActions, toClientPackageJson } from '#app/models/client-packages.server'
import { PACKAGE_DEACTIVATED, PACKAGE_FAILED } from '#app/models/client-packages.schema'
import { methodNotAllowed } from '#app/services/api-request.server'
import { billingService } from '#app/services/billing-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requirePlatform(request, 'client_packages')
  const payments = billingService()
  if (!payments) return apiJson({ status: false, error: PACKAGE_FAILED }, 503)
  const result = await clientPackageActions.setActive(actor, request, params.id ?? '', false, payments)
  if (!result.ok) return apiJson({ status: false, error: result.error }, result.status)
  return apiJson({ status: true, message: PACKAGE_DEACTIVATED, package: toClientPackageJson(result.value) })
}

/** POST does the same (the spec's GET stays, behind the same-origin check). */
export const action = (args: LoaderFunctionArgs) => (args.request.method === 'POST' ? loader(args) : methodNotAllowed())
