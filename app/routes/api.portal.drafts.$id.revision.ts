// POST /api/portal/drafts/{id}/revision {notes} (JSON, or multipart with `files`) (issue 25, ADR 0062): the customer
// asks for a revision of a draft they may see, with the reason and files.
import type { ActionFunctionArgs } from '@remix-run/node'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { methodNotAllowed, readBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { isUploadError, readMultipart } from '#app/services/storage.server'
import { revision, refusal } from './portal-drafts.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  let body: Record<string, unknown>
  let files: FormDataEntryValue[] = []
  if ((request.headers.get('content-type') ?? '').includes('multipart/form-data')) {
    const form = await readMultipart(request)
    if (isUploadError(form)) return apiError(400, 'Malformed body')
    body = { notes: form.get('notes') }
    files = form.getAll('files')
  } else {
    body = await readBody(request)
  }
  const result = await revision(t, customer, params.id ?? '', body, files)
  if (!result.ok) return refusal(result)
  return apiJson({ status: true, draft: { _id: result.draftId, order_id: result.orderId, answer: 'revision' } })
}
