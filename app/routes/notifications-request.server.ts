// Whose notifications a request reads: the session's own account in its organisation (ADR 0042).
import type { Recipient } from '#app/models/notifications.server'
import { requireUser, tenantOf } from '#app/models/auth-guards.server'

/**
 * Any signed-in account has notifications of its own, so no permission is asked; the recipient and the
 * organisation come from the session only. Platform accounts (no organisation) have none: null.
 */
export async function requireNotificationsReader(request: Request): Promise<Recipient | null> {
  const user = await requireUser(request)
  return user.clientId === null ? null : tenantOf(user as typeof user & { clientId: number })
}
