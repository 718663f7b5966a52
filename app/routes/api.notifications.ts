// GET /api/notifications?page={n}&unread=true: the person's notifications, newest first
// ({status, notifications, hasMore, count}; count is the unread count, for the badge).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { notificationsQuerySchema } from '#app/models/notifications.schema'
import { notificationActions } from '#app/models/notifications.server'
import { methodNotAllowed, parseQuery } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireNotificationsReader } from './notifications-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireNotificationsReader(request)
  const query = parseQuery(request, notificationsQuerySchema)
  if (!query.ok) return query.response
  const page = t ? await notificationActions.list(t, query.data) : { notifications: [], hasMore: false, count: 0 }
  return apiJson({ status: true, ...page })
}

export const action = () => methodNotAllowed()
