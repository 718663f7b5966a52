// GET /my-orders/{orderId}/final/{fileId} (issue 25, ADR 0062): a final document of the customer's own order,
// always as a download. Anything else is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { myFinalDocument } from '#app/models/customer-drafts.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { storage } from '#app/services/storage.server'
import { notFoundFile } from './my-orders.$orderId.drafts.$draftId.files.$slot.$index'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const file = await myFinalDocument(t, customer.id, params.orderId ?? '', params.fileId ?? '')
  if (!file) return notFoundFile()
  const data = await storage().get(file.key)
  if (!data) return notFoundFile()
  return new Response(new Uint8Array(data), {
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(data.length),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'no-store',
    },
  })
}
