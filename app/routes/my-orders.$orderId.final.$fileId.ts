// GET /my-orders/{orderId}/final/{fileId} (issue 25, ADR 0062): a final document of the customer's own order,
// always as a download. Anything else is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { myFinalDocument } from '#app/models/customer-drafts.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { customerDownload } from './customer-downloads.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  return customerDownload(await myFinalDocument(t, customer.id, params.orderId ?? '', params.fileId ?? ''))
}
