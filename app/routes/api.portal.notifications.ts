// GET /api/portal/notifications?page=&unread= on an organisation's host (issue 25, ADR 0063): the signed-in
// customer's notifications, newest first, with the unread `count`.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { customerNotifications, customerRecipient } from '#app/models/customer-notifications.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { methodNotAllowed, parseQuery } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'

const query = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1), unread: z.enum(['true', 'false']).optional() })

export async function loader({ request }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const parsed = parseQuery(request, query)
  if (!parsed.ok) return parsed.response
  const page = await customerNotifications.list(customerRecipient(t, customer), { page: parsed.data.page, unread: parsed.data.unread === 'true' })
  return apiJson({ status: true, ...page })
}

export const action = () => methodNotAllowed()
