// POST /api/portal/notifications/{id}/seen on an organisation's host (issue 25, ADR 0063): one of the
// signed-in customer's notifications becomes seen; anyone else's (or none) is 404. Answers the unread count.
import type { ActionFunctionArgs } from '@remix-run/node'
import { customerNotifications, customerRecipient } from '#app/models/customer-notifications.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { NOTIFICATION_NOT_FOUND } from '#app/rules/notifications'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const id = params.id ?? ''
  const done = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await customerNotifications.clearOne(customerRecipient(t, customer), id) : null
  if (!done) return apiError(404, NOTIFICATION_NOT_FOUND)
  return apiJson({ status: true, count: done.count })
}
