// DELETE /api/orders/{orderId}/drafts/{draftId} {reason}: withdraws a draft (kept, struck through, with the reason).
import type { ActionFunctionArgs } from '@remix-run/node'
import { draftActions } from '#app/models/drafts.server'
import { DRAFT_WITHDRAWN, withdrawDraftSchema } from '#app/models/projects.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_ORDERS'] })
  const body = await parseBody(request, withdrawDraftSchema)
  if (!body.ok) return body.response
  const result = await draftActions.withdraw(t, request, params.orderId ?? '', params.draftId ?? '', body.data.reason)
  if (!result.ok) return apiError(result.status, result.error)
  return apiJson({ status: true, message: DRAFT_WITHDRAWN })
}

export const loader = () => methodNotAllowed()
