// POST /api/packages/client/create: a subscription plan. Without priceId the provider's product and
// price are created first; an Idempotency-Key header makes a retry find the first plan.
import type { ActionFunctionArgs } from '@remix-run/node'
import { checkoutLink, clientPackageActions, toClientPackageJson } from '#app/models/client-packages.server'
import { clientPackageSchema, PACKAGE_CREATED, PACKAGE_FAILED } from '#app/models/client-packages.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiRequestKey, billingService } from '#app/services/billing-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const actor = await requirePlatform(request, 'client_packages')
  const parsed = await parseBody(request, clientPackageSchema)
  if (!parsed.ok) return parsed.response
  const payments = billingService()
  if (!payments) return apiJson({ status: false, error: PACKAGE_FAILED }, 503)
  const result = await clientPackageActions.create(actor, request, parsed.data, payments, apiRequestKey(request))
  if (!result.ok) return apiJson({ status: false, error: result.error, ...(result.field ? { errors: { [result.field]: result.error } } : {}) }, result.status)
  return apiJson({ status: true, message: PACKAGE_CREATED, package: { ...toClientPackageJson(result.value), checkoutLink: checkoutLink(result.value.public_id) } })
}
