// PATCH /api/clear-notifications (?unread=true): every notification of the person seen; answers the first
// page again as {status, newNotifications, hasMore, count} (only unread ones with unread=true).
import type { ActionFunctionArgs } from '@remix-run/node'
import { clearNotificationsQuerySchema } from '#app/models/notifications.schema'
import { notificationActions } from '#app/models/notifications.server'
import { CLEAR_NOTIFICATIONS_FAILED } from '#app/rules/notifications'
import { methodNotAllowed, parseQuery } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requireNotificationsReader } from './notifications-request.server'
import { rethrowOutage } from '#app/services/dependency-failure.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requireNotificationsReader(request)
  const query = parseQuery(request, clearNotificationsQuerySchema)
  if (!query.ok) return query.response
  if (!t) return apiJson({ status: true, newNotifications: [], hasMore: false, count: 0 })
  try {
    const page = await notificationActions.clearAll(t, { unread: query.data.unread })
    return apiJson({ status: true, newNotifications: page.notifications, hasMore: page.hasMore, count: page.count })
  } catch (error) {
    rethrowOutage(error)
    // Back-office section 8: a failed clear shows the spec's text, never the cause.
    console.error('[notifications] clear all failed', error)
    return apiError(500, CLEAR_NOTIFICATIONS_FAILED)
  }
}

export const loader = () => methodNotAllowed()
