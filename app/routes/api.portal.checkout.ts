// POST /api/portal/checkout {firstName, lastName, email, password, contractName, payment} (issue 24):
// pays the shopper's cart; answers `orders` [{_id}]. Price, currency and discount come from the server
// (any in the body are ignored); a retry or double submit of a paid cart answers its orders again.
import type { ActionFunctionArgs } from '@remix-run/node'
import { getCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { portalCheckoutSchema } from '#app/models/portal-checkout.schema'
import { checkoutCart } from '#app/models/portal-checkout.server'
import { centsToAmount } from '#app/rules/money'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson, clientIp } from '#app/services/http.server'
import { checkoutCartId, checkoutCookies } from './portal-checkout.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = requirePortalHost(request)
  const body = await parseBody(request, portalCheckoutSchema)
  if (!body.ok) return body.response
  const outcome = await checkoutCart(t, body.data, await checkoutCartId(request, body.data.cartId), { customer: await getCustomer(request), ip: clientIp(request) })
  const headers = await checkoutCookies(request, t, outcome)
  if (!outcome.ok) {
    const errors = outcome.fieldErrors ?? (outcome.field ? { [outcome.field]: outcome.error } : undefined)
    return apiJson({ status: false, error: outcome.error, ...(errors ? { errors } : {}) }, outcome.status, headers)
  }
  return apiJson({ status: true, orders: outcome.orders, invoiceId: outcome.invoiceId, total: centsToAmount(outcome.totalCents), currency: outcome.currency }, 200, headers)
}
