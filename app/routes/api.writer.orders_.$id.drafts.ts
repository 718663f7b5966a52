// POST /api/writer/orders/{id}/drafts (issue 26, ADR 0067), multipart: serviceId, dataPdf, dataWord, dataOther,
// additionalFiles, notes (only with enable_writer_notes), replaces (an unseen draft this one replaces). 201 with
// the draft in the spec's drafts shape; it waits for the reviewer when revisions approval is on.
import type { ActionFunctionArgs } from '@remix-run/node'
import { workDraftJson } from '#app/models/work-order.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireContributorOrder } from './contributor-access.server'
import { callRefusal, logInAsRefusal, readForm, workActions } from './work-order.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requireContributorOrder(request, params.id)
  const refused = await logInAsRefusal(request)
  if (refused) return callRefusal(refused)
  const form = await readForm(request)
  if ('ok' in form) return callRefusal(form)
  const result = await workActions.deliver(t, request, form)
  if (!result.ok) return callRefusal(result)
  return apiJson({ status: true, pending: result.pending, replaced: result.replaced, draft: await workDraftJson(t, result.draftId) }, 201)
}

export const loader = () => methodNotAllowed()
