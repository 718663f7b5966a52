// The demo customer's conversations (issue 25, ADR 0063): on the order the team is writing, a few messages with
// the team and with the writer, the newest one unread, and the notification it left, so customer@demo.test sees
// Messages, the bell and Notifications filled at once. Invoices are left as they are: the demo dashboard counts them.
import type { Kysely } from 'kysely'
import type { Database } from '../types'
import type { OrgIds } from './core'
import { seedId } from './ids'
import { DEMO_CUSTOMER } from './people'

const MINUTE = 60_000

/** Idempotent (fixed ids, insert ignore); needs the demo customer's orders (portal-orders.ts). */
export async function seedPortalMessages(db: Kysely<Database>, orgIds: OrgIds, now = new Date()): Promise<void> {
  const clientId = orgIds.demo
  const person = (email: string) => db.selectFrom('users').select('id').where('client_id', '=', clientId).where('email', '=', email).executeTakeFirst()
  const [owner, customer] = await Promise.all([person('owner@demo.test'), person(DEMO_CUSTOMER.email)])
  const order = await db.selectFrom('orders').select(['id', 'public_id', 'writer_id']).where('public_id', '=', seedId('order:demo:portal-customer:1')).executeTakeFirst()
  if (!owner || !customer || !order) return
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE)
  const rows = [
    {
      key: 'team:1',
      chat_type: 'adminToCustomer' as const,
      sent_by: owner.id,
      role_label: 'ADMIN' as const,
      content: '<p>Hi Casey, thanks for your brief. Your writer has started.</p>',
      ago: 300,
      read: true,
    },
    { key: 'team:2', chat_type: 'adminToCustomer' as const, sent_by: customer.id, role_label: 'CUSTOMER' as const, content: '<p>Great, thank you!</p>', ago: 290, read: true },
    ...(order.writer_id
      ? [
          {
            key: 'writer:1',
            chat_type: 'customerToWriter' as const,
            sent_by: customer.id,
            role_label: 'CUSTOMER' as const,
            content: '<p>Could you keep it to one page?</p>',
            ago: 200,
            read: true,
          },
          {
            key: 'writer:2',
            chat_type: 'writerToCustomer' as const,
            sent_by: order.writer_id,
            role_label: 'WRITER' as const,
            content: '<p>Yes, one page it is. The first draft comes tomorrow.</p>',
            ago: 30,
            read: false,
          },
        ]
      : []),
  ]
  await db
    .insertInto('chat_messages')
    .ignore()
    .values(
      rows.map(({ key, ago, read, chat_type, ...m }) => ({
        ...m,
        chat_type,
        public_id: seedId(`chat:demo:portal-customer:${key}`),
        client_id: clientId,
        order_id: order.id,
        writer_id: chat_type === 'adminToCustomer' ? null : order.writer_id,
        sent_to_admin: false,
        message_type: 'text' as const,
        file_id: null,
        read_at: read ? at(ago - 5) : null,
        created_at: at(ago),
      })),
    )
    .execute()
  if (!order.writer_id) return
  await db
    .insertInto('notifications')
    .ignore()
    .values({
      public_id: seedId('notification:demo:portal-customer:writer:2'),
      client_id: clientId,
      user_id: customer.id,
      kind: 'order_update',
      content: 'Your writer sent you a message: Yes, one page it is. The first draft comes tomorrow.',
      link: `/my-orders/${order.public_id}/messages?with=writer`,
      data: JSON.stringify({ senderName: null, senderPrefName: null, senderImg: null, action: 'order_update' }),
      group_key: null,
      created_at: at(30),
    })
    .execute()
}
