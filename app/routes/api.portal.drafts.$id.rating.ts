// POST /api/portal/drafts/{id}/rating {rating, review} (issue 25, ADR 0062): 1 to 5 with a review, once per draft;
// 403 when the organisation turned ratings off.
import type { ActionFunctionArgs } from '@remix-run/node'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { methodNotAllowed, readBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { rating, refusal } from './portal-drafts.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const result = await rating(t, customer, params.id ?? '', await readBody(request))
  if (!result.ok) return refusal(result)
  return apiJson({ status: true, draft: { _id: params.id, rating: result.rating, review: result.review } })
}
