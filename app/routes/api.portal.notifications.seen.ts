// POST /api/portal/notifications/seen on an organisation's host (issue 25, ADR 0063): every notification
// of the signed-in customer becomes seen; answers the first page again and the count (0).
import type { ActionFunctionArgs } from '@remix-run/node'
import { customerNotifications, customerRecipient } from '#app/models/customer-notifications.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  return apiJson({ status: true, ...(await customerNotifications.clearAll(customerRecipient(t, customer))) })
}
