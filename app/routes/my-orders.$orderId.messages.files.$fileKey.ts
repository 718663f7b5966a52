// GET /my-orders/{orderId}/messages/files/{key} (issue 25, ADR 0063): a file sent in one of the customer's
// conversations of their own order, on the organisation's own host, always as a download. Anything else is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { customerChatFile } from '#app/models/customer-messages.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { customerDownload } from './customer-downloads.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  return customerDownload(await customerChatFile(t, customer, params.orderId ?? '', params.fileKey ?? ''))
}
