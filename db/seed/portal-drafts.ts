// The demo customer's drafts (issue 25, ADR 0062): on customer@demo.test's orders, a draft waiting for an answer,
// a revision under way (the customer's reason on draft 1), and a completed order with its accepted draft and its
// final document, so every draft screen has something to show. Reuses the organisation's seeded draft files.
import type { Kysely } from 'kysely'
import type { DraftFile, OrderServiceSnapshot } from '../tables/orders'
import type { Database } from '../types'
import { inTransaction } from '../transaction'
import type { OrgIds } from './core'
import { seedId } from './ids'

const DAY = 86_400_000
const portalOrderId = (n: number) => seedId(`order:demo:portal-customer:${n}`)

/** Idempotent: skipped once the first of these drafts exists. */
export async function seedPortalCustomerDrafts(db: Kysely<Database>, orgIds: OrgIds, now = new Date()): Promise<void> {
  const clientId = orgIds.demo
  const draftId = (name: string) => seedId(`draft:demo:portal-customer:${name}`)
  if (await db.selectFrom('drafts').select('id').where('public_id', '=', draftId('waiting')).executeTakeFirst()) return
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'public_id', 'services', 'writer_id', 'customer_id'])
    .where('client_id', '=', clientId)
    .where('public_id', 'in', [0, 1, 2].map(portalOrderId))
    .execute()
  const byIndex = (n: number) => orders.find((o) => o.public_id === portalOrderId(n))
  const files = await db
    .selectFrom('files')
    .select(['id', 'storage_key', 'original_name', 'size', 'mime_type'])
    .where('client_id', '=', clientId)
    .where('storage_key', 'in', [`${clientId}_seed-resume-draft.pdf`, `${clientId}_seed-resume-draft.docx`])
    .execute()
  const pdf = files.find((f) => f.mime_type === 'application/pdf')
  if (!pdf || orders.length < 3) return
  const asDraftFile = (f: typeof pdf): DraftFile => ({ file: { key: f.storage_key, originalname: f.original_name, size: Number(f.size), mimetype: f.mime_type } })
  const word = files.find((f) => f.mime_type !== 'application/pdf')
  const data = (notes: string) => JSON.stringify({ dataPdf: asDraftFile(pdf), dataWord: word ? asDraftFile(word) : null, dataOther: null, additionalFiles: [], notes })
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY)
  const firstService = (services: OrderServiceSnapshot[]) => services[0]!._id

  await inTransaction(db, async (trx) => {
    const draft = async (order: NonNullable<ReturnType<typeof byIndex>>, name: string, daysAgo: number, notes: string) => {
      const result = await trx
        .insertInto('drafts')
        .values({
          public_id: draftId(name),
          client_id: clientId,
          order_id: order.id,
          service_id: firstService(order.services),
          writer_id: order.writer_id,
          data: data(notes),
          // The demo organisation approves drafts first: these were approved, so the customer sees them.
          approval_status: 'approved',
          delivered_at: at(daysAgo),
          created_at: at(daysAgo),
          updated_at: at(daysAgo),
        })
        .executeTakeFirstOrThrow()
      return Number(result.insertId)
    }
    const activity = (orderId: number, daysAgo: number, content: string, actor: number | null = null) =>
      trx
        .insertInto('order_activity')
        .values({ client_id: clientId, order_id: orderId, actor_user_id: actor, content, created_at: at(daysAgo) })
        .execute()

    // Waiting for an answer: delivered yesterday.
    const waiting = byIndex(1)!
    await draft(waiting, 'waiting', 1, 'Here is your first draft. Tell me what you think!')
    await activity(waiting.id, 1, 'A draft was delivered to the customer')

    // A revision under way: draft 1 answered with a reason, the team is on draft 2.
    const revising = byIndex(2)!
    const first = await draft(revising, 'revising', 4, 'First draft, as discussed.')
    await trx
      .insertInto('draft_responses')
      .values({
        public_id: seedId('draft-response:demo:portal-customer:revising'),
        client_id: clientId,
        order_id: revising.id,
        draft_id: first,
        customer_id: revising.customer_id,
        kind: 'revision',
        notes: 'Please make the summary shorter and lead with the leadership experience.',
        created_at: at(3),
      })
      .execute()
    await trx
      .updateTable('orders')
      .set({ customer_last_revision_at: at(3) })
      .where('id', '=', revising.id)
      .execute()
    await activity(revising.id, 3, 'Casey Customer requested a revision: Please make the summary shorter and lead with the leadership experience.', revising.customer_id)

    // Completed: the draft accepted and the final document there to download.
    const done = byIndex(0)!
    const accepted = await draft(done, 'accepted', 30, 'Final round of edits included.')
    await trx
      .insertInto('draft_responses')
      .values({
        public_id: seedId('draft-response:demo:portal-customer:accepted'),
        client_id: clientId,
        order_id: done.id,
        draft_id: accepted,
        customer_id: done.customer_id,
        kind: 'accepted',
        created_at: at(28),
      })
      .execute()
    await trx
      .insertInto('order_files')
      .values({
        public_id: seedId('order-file:demo:portal-customer:final'),
        client_id: clientId,
        order_id: done.id,
        file_id: pdf.id,
        kind: 'final_document',
        service_id: firstService(done.services),
        uploaded_by: done.writer_id,
        created_at: at(21),
      })
      .execute()
    await activity(done.id, 21, 'The final documents were uploaded')
  })
}
