// GET /api/writer/orders/{id} (issue 26, ADR 0067): one of the contributor's orders as they see it, `order`
// {_id, brief, modules, drafts, customer, ...}: the customer redacted, never the price. Another's order is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { workOrderJson, workOrderView } from '#app/models/work-order.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireContributorOrder } from './contributor-access.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requireContributorOrder(request, params.id)
  return apiJson({ status: true, order: workOrderJson(await workOrderView(t)) })
}

export const action = () => methodNotAllowed()
