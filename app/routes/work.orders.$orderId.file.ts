// GET /work/orders/{orderId}/file?ref= (issue 26, ADR 0067): a file of one of the contributor's own orders (the
// customer's documents, final documents, draft files, rejection and revision files), always as a download that
// cannot render. Another order's file, or an order that is not theirs, is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { workOrderFile } from '#app/models/work-order.server'
import { requireContributorOrder } from './contributor-access.server'
import { customerDownload } from './customer-downloads.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requireContributorOrder(request, params.orderId)
  return customerDownload(await workOrderFile(t, new URL(request.url).searchParams.get('ref') ?? ''))
}
