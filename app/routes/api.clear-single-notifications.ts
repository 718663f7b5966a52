// PATCH /api/clear-single-notifications {notificationsId}: one notification of the person seen ({status, count}).
// Another person's, another organisation's or an unknown id are all the same 404.
import type { ActionFunctionArgs } from '@remix-run/node'
import { clearSingleSchema } from '#app/models/notifications.schema'
import { notificationActions } from '#app/models/notifications.server'
import { CLEAR_NOTIFICATIONS_FAILED, NOTIFICATION_NOT_FOUND } from '#app/rules/notifications'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requireNotificationsReader } from './notifications-request.server'
import { rethrowOutage } from '#app/services/dependency-failure.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requireNotificationsReader(request)
  const body = await parseBody(request, clearSingleSchema)
  if (!body.ok) return body.response
  if (!t) return apiError(404, NOTIFICATION_NOT_FOUND)
  try {
    const cleared = await notificationActions.clearOne(t, body.data.notificationsId)
    if (!cleared) return apiError(404, NOTIFICATION_NOT_FOUND)
    return apiJson({ status: true, count: cleared.count })
  } catch (error) {
    rethrowOutage(error)
    console.error('[notifications] clear failed', error)
    return apiError(500, CLEAR_NOTIFICATIONS_FAILED)
  }
}

export const loader = () => methodNotAllowed()
