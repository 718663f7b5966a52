// The contributor's due-in-24-hours reminder (issue 26, ADR 0068): each order of the organisation that has a
// writer, is not complete, archived or a test order, and is due within the next 24 hours, gets one
// notification and one e-mail to its writer. The order's due_reminded_for marker is claimed before anything
// is sent, so two passes (or two workers) remind once; a moved due date is reminded again.
import { sql } from 'kysely'
import { formatDate } from '#app/rules/format'
import { scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import { kickOutbox } from '#app/services/outbox.server'
import { deliver, notify } from './notifications.server'
import { orderMail } from './order-mail.server'
import { ordersQuery } from './orders.server'

export const DUE_SOON_WINDOW_MS = 24 * 60 * 60_000
const BATCH = 1000

export type DueSoonResult = { reminded: number }

/** The orders to remind now: due in (now, now + 24 h], with a writer, open, and not yet reminded for this due date. */
function dueSoonQuery(t: TenantScope, now: Date) {
  return ordersQuery(t)
    .select(['o.id', 'o.public_id', 'o.due_date'])
    .where('o.due_date', '>', now)
    .where('o.due_date', '<=', new Date(now.getTime() + DUE_SOON_WINDOW_MS))
    .where('o.writer_id', 'is not', null)
    .where('o.archived', '=', false)
    .where('o.test_order', '=', false)
    .where('o.marked_as_complete', '=', false)
    .where('o.status_percentage', '<', 100)
    .where((eb) => eb.or([eb('o.due_reminded_for', 'is', null), eb('o.due_reminded_for', '<>', eb.ref('o.due_date'))]))
    .orderBy('o.due_date')
    .limit(BATCH)
}

export async function dueSoonPass(t: TenantScope, now: Date): Promise<DueSoonResult> {
  const result: DueSoonResult = { reminded: 0 }
  for (const row of await dueSoonQuery(t, now).execute()) {
    const due = new Date(row.due_date!)
    const text = formatDate(due)
    // The claim, the notification and the e-mail commit together; whoever loses the claim sends nothing.
    const outbox = await tenantTransaction(t, async (tx) => {
      const claimed = await scopedUpdate(tx, 'orders')
        .set({ due_reminded_for: due, updated_at: sql<Date>`updated_at` })
        .where('id', '=', row.id)
        .where('due_date', '=', due)
        .where((eb) => eb.or([eb('due_reminded_for', 'is', null), eb('due_reminded_for', '<>', due)]))
        .executeTakeFirst()
      if (Number(claimed.numUpdatedRows) === 0) return null
      // The writer's e-mail commits with the claim (ADR 0109): a pass killed after it still sends it, once.
      return { live: await notify.dueSoon(tx, { orderId: row.id, due: text }), mails: await orderMail.dueSoon(tx, row.public_id, text) }
    })
    if (!outbox) continue
    await kickOutbox(outbox.mails)
    await deliver(outbox.live)
    result.reminded++
  }
  return result
}
