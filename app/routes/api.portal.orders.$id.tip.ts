// POST /api/portal/orders/{id}/tip {amount, paymentMethod, idempotencyKey?} (issue 25, ADR 0062): tips the order's
// writer with a direct charge on the organisation's account; 403 for a log-in-as session or with hide_tip.
import type { ActionFunctionArgs } from '@remix-run/node'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { methodNotAllowed, readBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { tip, refusal } from './portal-drafts.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const result = await tip(t, customer, params.id ?? '', await readBody(request))
  if (!result.ok) return refusal(result)
  return apiJson({ status: true, tip: { _id: result.tipId, amount: result.amountCents / 100, currency: result.currency } })
}
