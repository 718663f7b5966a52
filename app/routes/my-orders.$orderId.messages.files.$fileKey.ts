// GET /my-orders/{orderId}/messages/files/{key} (issue 25, ADR 0063): a file sent in one of the customer's
// conversations of their own order, on the organisation's own host. Anything else is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { customerChatFile } from '#app/models/customer-messages.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { storage } from '#app/services/storage.server'

const notFound = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const file = await customerChatFile(t, customer, params.orderId ?? '', params.fileKey ?? '')
  if (!file) return notFound()
  const bytes = await storage().get(file.key)
  if (!bytes) return notFound()
  return new Response(new Uint8Array(bytes), {
    headers: {
      // Always a download, never rendered: whatever the file holds cannot run on the portal's origin.
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(bytes.length),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'Cache-Control': 'no-store',
    },
  })
}
