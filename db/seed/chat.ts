// Demo chat (issue 10): a short team chat on the showcase order of Demo Writing Co, and a contributor
// conversation with writer@demo.test that has one message the admins have not opened yet.
import type { Kysely } from 'kysely'
import type { Database } from '../types'
import type { OrgIds } from './core'
import { seedId } from './ids'
import { seededOrderId } from './orders'

const MINUTE = 60_000

export async function seedChat(db: Kysely<Database>, orgIds: OrgIds, now = new Date()): Promise<void> {
  const clientId = orgIds.demo
  const person = (email: string) => db.selectFrom('users').select('id').where('client_id', '=', clientId).where('email', '=', email).executeTakeFirst()
  const [owner, writer] = await Promise.all([person('owner@demo.test'), person('writer@demo.test')])
  const order = await db.selectFrom('orders').select(['id', 'writer_id']).where('public_id', '=', seededOrderId('demo', 4)).executeTakeFirst()
  if (!owner || !writer || !order) return
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE)
  const team = order.writer_id
    ? [
        { key: 'team:1', sent_by: owner.id, role_label: 'ADMIN' as const, content: 'Welcome aboard! The customer wants a one-page resume.', ago: 180 },
        { key: 'team:2', sent_by: order.writer_id, role_label: 'WRITER' as const, content: 'Thanks, I will send the first draft tomorrow.', ago: 170 },
      ]
    : [{ key: 'team:1', sent_by: owner.id, role_label: 'ADMIN' as const, content: 'Welcome aboard! The customer wants a one-page resume.', ago: 180 }]
  const rows = [
    ...team.map((m) => ({ ...m, chat_type: 'project' as const, order_id: order.id, writer_id: null, sent_to_admin: false, read_at: null })),
    {
      key: 'writer:1',
      sent_by: owner.id,
      role_label: 'ADMIN' as const,
      content: '<p>Hi Wendy, can you take two more resumes this week?</p>',
      ago: 120,
      chat_type: 'adminToWriter' as const,
      order_id: null,
      writer_id: writer.id,
      sent_to_admin: false,
      read_at: at(110),
    },
    {
      key: 'writer:2',
      sent_by: writer.id,
      role_label: 'WRITER' as const,
      content: '<p>Yes, <strong>happy to</strong>. Please assign them.</p>',
      ago: 100,
      chat_type: 'adminToWriter' as const,
      order_id: null,
      writer_id: writer.id,
      sent_to_admin: true,
      read_at: null,
    },
  ]
  await db
    .insertInto('chat_messages')
    .ignore()
    .values(
      rows.map(({ key, ago, ...m }) => ({
        ...m,
        public_id: seedId(`chat:demo:${key}`),
        client_id: clientId,
        message_type: 'text' as const,
        file_id: null,
        created_at: at(ago),
      })),
    )
    .execute()
}
