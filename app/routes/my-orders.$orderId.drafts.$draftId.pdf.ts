// GET /my-orders/{orderId}/drafts/{draftId}/pdf (issue 25, ADR 0062): the draft's PDF shown inline in the draft
// page's frame. Only a file stored as a PDF whose bytes start as one is served, as application/pdf with its own
// strict policy (nothing loads, only our pages may frame it); anything else is a 404, never HTML.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { myDraftFile } from '#app/models/customer-drafts.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { downloadName } from '#app/rules/file-name'
import { storage } from '#app/services/storage.server'
import { notFoundFile } from './customer-downloads.server'

const PDF_MAGIC = Buffer.from('%PDF-')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const file = await myDraftFile(t, customer.id, params.orderId ?? '', params.draftId ?? '', 'pdf', 0)
  if (!file || file.mimetype !== 'application/pdf') return notFoundFile()
  const data = await storage().get(file.key)
  if (!data || !Buffer.from(data.subarray(0, 5)).equals(PDF_MAGIC)) return notFoundFile()
  return new Response(new Uint8Array(data), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(data.length),
      'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(downloadName(file.originalname, 'application/pdf'))}`,
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'self'",
      'Cache-Control': 'private, no-store',
    },
  })
}
