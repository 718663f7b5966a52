// GET /my-orders/{orderId}/downloads/{fileId} (issue 25): a file included with the product, for the
// customer whose order it is, on the organisation's own host. Anything else is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { myOrderDownload } from '#app/models/customer-orders.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { storage } from '#app/services/storage.server'

const notFound = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const file = await myOrderDownload(t, customer.id, params.orderId ?? '', params.fileId ?? '')
  if (!file) return notFound()
  const data = await storage().get(file.key)
  if (!data) return notFound()
  return new Response(new Uint8Array(data), {
    headers: {
      // Always a download, never rendered (the server adds nosniff to every answer): whatever the file holds cannot run on the portal's origin.
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(data.length),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'Cache-Control': 'no-store',
    },
  })
}
