// The browser side of the notification calls (GET /api/notifications, PATCH /api/clear-notifications,
// PATCH /api/clear-single-notifications), each answering ok or the message to show.
import type { NotificationJson } from '#app/models/notifications.server'
import { CLEAR_NOTIFICATIONS_FAILED, NOTIFICATIONS_LOAD_FAILED } from '#app/rules/notifications'
import { messageFrom } from '#app/rules/messages'

type Failure = { ok: false; error: string }
export type NotificationsAnswer = { ok: true; notifications: NotificationJson[]; hasMore: boolean; count: number } | Failure

async function call(url: string, init: RequestInit, fallback: string): Promise<{ ok: true; body: Record<string, unknown> } | Failure> {
  try {
    const res = await fetch(url, { ...init, headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) } })
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null
    if (res.ok && body) return { ok: true, body }
    // Back-office section 8: a server failure shows the spec's text, a refusal the server's own.
    return { ok: false, error: res.status >= 500 ? fallback : (messageFrom(body, fallback) ?? fallback) }
  } catch {
    return { ok: false, error: fallback }
  }
}

export async function fetchNotifications(page: number, opts: { unread?: boolean } = {}): Promise<NotificationsAnswer> {
  const res = await call(`/api/notifications?page=${page}${opts.unread ? '&unread=true' : ''}`, { method: 'GET' }, NOTIFICATIONS_LOAD_FAILED)
  if (!res.ok) return res
  const b = res.body as { notifications: NotificationJson[]; hasMore: boolean; count: number }
  return { ok: true, notifications: b.notifications, hasMore: b.hasMore, count: b.count }
}

export async function clearAllNotifications(opts: { unread?: boolean } = {}): Promise<NotificationsAnswer> {
  const res = await call(`/api/clear-notifications${opts.unread ? '?unread=true' : ''}`, { method: 'PATCH' }, CLEAR_NOTIFICATIONS_FAILED)
  if (!res.ok) return res
  const b = res.body as { newNotifications: NotificationJson[]; hasMore: boolean; count: number }
  return { ok: true, notifications: b.newNotifications, hasMore: b.hasMore, count: b.count }
}

export async function clearNotification(notificationsId: string): Promise<{ ok: true; count: number } | Failure> {
  const res = await call('/api/clear-single-notifications', { method: 'PATCH', body: JSON.stringify({ notificationsId }) }, CLEAR_NOTIFICATIONS_FAILED)
  if (!res.ok) return res
  return { ok: true, count: Number((res.body as { count: number }).count) }
}
