// GET /my-orders/{orderId}/drafts/{draftId}/files/{slot}/{index} (issue 25, ADR 0062): a file of a draft the
// customer may see, always as a download. The Word file is refused with hide_ms_word_document. Anything else is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { myDraftFile } from '#app/models/customer-drafts.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { customerDownload } from './customer-downloads.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const index = /^\d{1,2}$/.test(params.index ?? '') ? Number(params.index) : -1
  const file = await myDraftFile(t, customer.id, params.orderId ?? '', params.draftId ?? '', params.slot ?? '', index)
  return customerDownload(file && { key: file.key, name: file.originalname, type: file.mimetype })
}
