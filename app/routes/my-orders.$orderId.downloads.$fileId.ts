// GET /my-orders/{orderId}/downloads/{fileId} (issue 25): a file included with the product, for the
// customer whose order it is, on the organisation's own host, always as a download. Anything else is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { myOrderDownload } from '#app/models/customer-orders.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { customerDownload } from './customer-downloads.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  return customerDownload(await myOrderDownload(t, customer.id, params.orderId ?? '', params.fileId ?? ''))
}
