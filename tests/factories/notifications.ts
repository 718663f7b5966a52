// Notifications for tests, written straight to the table: `count` of them for one person, one second
// apart (the last one newest), contents 'Notification 1..n' (numbered from `start`).
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'

export async function createNotifications(clientId: number, userId: number, count: number, opts: { seen?: boolean; start?: number; link?: string | null } = {}) {
  const base = Date.now() - 1_000_000
  const start = opts.start ?? 0
  const rows = Array.from({ length: count }, (_, i) => ({
    public_id: newPublicId(),
    client_id: clientId,
    user_id: userId,
    kind: 'order_assigned' as const,
    content: `Notification ${start + i + 1}`,
    link: opts.link ?? null,
    data: JSON.stringify({ senderName: 'Olga Owner', senderPrefName: null, senderImg: null, action: 'order_assigned' }),
    seen: opts.seen ?? false,
    created_at: new Date(base + (start + i) * 1000),
  }))
  if (rows.length) await platformDb.insertInto('notifications').values(rows).execute()
  return rows
}

export async function notificationRow(publicId: string) {
  return platformDb.selectFrom('notifications').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow()
}
