// GET /my-orders/{orderId}/drafts/{draftId}/files/{slot}/{index} (issue 25, ADR 0062): a file of a draft the
// customer may see, always as a download (octet-stream, attachment; the server adds nosniff), so nothing in it
// runs on the portal's origin. The Word file is refused with hide_ms_word_document. Anything else is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { myDraftFile } from '#app/models/customer-drafts.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { storage } from '#app/services/storage.server'

export const notFoundFile = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const index = /^\d{1,2}$/.test(params.index ?? '') ? Number(params.index) : -1
  const file = await myDraftFile(t, customer.id, params.orderId ?? '', params.draftId ?? '', params.slot ?? '', index)
  if (!file) return notFoundFile()
  const data = await storage().get(file.key)
  if (!data) return notFoundFile()
  return new Response(new Uint8Array(data), {
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(data.length),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.originalname)}`,
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'no-store',
    },
  })
}
