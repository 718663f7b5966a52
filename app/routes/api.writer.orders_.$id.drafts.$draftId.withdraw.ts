// POST /api/writer/orders/{id}/drafts/{draftId}/withdraw {reason} (ADR 0067): the writer takes back a draft nobody has seen.
import type { ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireContributorOrder } from './contributor-access.server'
import { callRefusal, logInAsRefusal, readBodyFields, workActions } from './work-order.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requireContributorOrder(request, params.id)
  const refused = await logInAsRefusal(request)
  if (refused) return callRefusal(refused)
  const body = await readBodyFields(request)
  if (!body.ok) return callRefusal(body)
  const result = await workActions.withdraw(t, request, params.draftId ?? '', body.fields.reason ?? '')
  if (!result.ok) return callRefusal(result)
  return apiJson({ status: true, message: 'Draft withdrawn' })
}

export const loader = () => methodNotAllowed()
