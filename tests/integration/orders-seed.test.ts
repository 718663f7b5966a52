// The demo seed's orders: ~600 for Demo Writing Co in every state, progress that agrees with the
// completed tasks, invoices in every status, data for Rival Resumes, and a rerun that adds nothing.
import { beforeAll, describe, expect, it } from 'vitest'
import { statusPercentage } from '#app/rules/order-tasks'
import { platformDb } from '#app/services/db.server'
import type { OrderServiceSnapshot } from '#db/tables/orders'
import { DEMO_ORGS } from '#db/seed/core'
import { seedId } from '#db/seed/ids'
import { ORDER_PLANS, seededOrderId, seedOrders } from '#db/seed/orders'

const orgId = async (key: string) => (await platformDb.selectFrom('organisations').select('id').where('public_id', '=', seedId(key)).executeTakeFirstOrThrow()).id

type Seeded = {
  id: number
  services: OrderServiceSnapshot[]
  status_percentage: number
  marked_as_complete: boolean
  writer_id: number | null
  archived: boolean
  test_order: boolean
  hide_order: boolean
  last_task_id: string | null
  customer_last_revision_at: Date | null
}

let demo: number
let rival: number
let orders: Seeded[]
let tasks: Map<number, { service_id: string; task_id: string; created_at: Date }[]>
let latestDraft: Map<number, Date>

beforeAll(async () => {
  demo = await orgId(DEMO_ORGS.demo.key)
  rival = await orgId(DEMO_ORGS.rival.key)
  // Only the seeded orders (by their fixed ids): other tests may add orders of their own.
  const ids = Array.from({ length: ORDER_PLANS[0]!.count }, (_, i) => seededOrderId('demo', i))
  orders = (await platformDb
    .selectFrom('orders')
    .select(['id', 'services', 'status_percentage', 'marked_as_complete', 'writer_id', 'archived', 'test_order', 'hide_order', 'last_task_id', 'customer_last_revision_at'])
    .where('client_id', '=', demo)
    .where('public_id', 'in', ids)
    .execute()) as Seeded[]
  const orderIds = orders.map((o) => o.id)
  tasks = new Map()
  for (const t of await platformDb
    .selectFrom('order_tasks')
    .select(['order_id', 'service_id', 'task_id', 'created_at'])
    .where('client_id', '=', demo)
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute()) {
    tasks.set(t.order_id, [...(tasks.get(t.order_id) ?? []), t])
  }
  // The latest draft the customer could answer: not withdrawn, not rejected by an admin.
  latestDraft = new Map()
  for (const d of await platformDb
    .selectFrom('drafts')
    .select(['order_id', 'created_at', 'approval_status', 'deleted_at'])
    .where('client_id', '=', demo)
    .where('order_id', 'in', orderIds)
    .execute()) {
    if (d.deleted_at || d.approval_status === 'rejected') continue
    const seen = latestDraft.get(d.order_id)
    if (!seen || d.created_at > seen) latestDraft.set(d.order_id, d.created_at)
  }
})

const open = (o: Seeded) => o.status_percentage < 100 && !o.marked_as_complete
const revisionAccepted = (o: Seeded) => (tasks.get(o.id) ?? []).some((t) => t.task_id === 'revision_process')
const revisionOpen = (o: Seeded) => !!o.customer_last_revision_at && !!latestDraft.get(o.id) && o.customer_last_revision_at > latestDraft.get(o.id)!

describe('demo orders seed', () => {
  it('gives Demo Writing Co about 600 orders in every state', () => {
    expect(orders).toHaveLength(600)
    const states = {
      new: orders.filter((o) => open(o) && o.writer_id === null),
      assigned: orders.filter((o) => open(o) && o.writer_id !== null && !latestDraft.has(o.id)),
      draftsDelivered: orders.filter((o) => open(o) && latestDraft.has(o.id) && !revisionOpen(o) && !revisionAccepted(o)),
      revisionsOpen: orders.filter((o) => open(o) && revisionOpen(o)),
      revisionAccepted: orders.filter((o) => open(o) && revisionAccepted(o)),
      completed: orders.filter((o) => o.status_percentage === 100 && !o.marked_as_complete),
      markedComplete: orders.filter((o) => o.marked_as_complete),
      archived: orders.filter((o) => o.archived),
      test: orders.filter((o) => o.test_order),
      hidden: orders.filter((o) => o.hide_order),
    }
    for (const [state, rows] of Object.entries(states)) expect(rows.length, state).toBeGreaterThanOrEqual(5)
  })

  it('keeps each status percentage and last task consistent with the completed tasks', () => {
    for (const o of orders) {
      const done = tasks.get(o.id) ?? []
      const expected = o.marked_as_complete
        ? 100
        : statusPercentage(
            o.services,
            done.map((t) => ({ serviceId: t.service_id, taskId: t.task_id })),
          )
      expect(o.status_percentage, `order ${o.id}`).toBe(expected)
      expect(o.last_task_id).toBe(done.at(-1)?.task_id ?? null)
    }
  })

  it('has invoices paid through the provider, paid outside it, unpaid, refunded, multi-order and test', async () => {
    const invoices = await platformDb
      .selectFrom('order_invoices')
      .select(['id', 'status', 'type', 'is_test', 'price_cents', 'provider_paid_cents', 'refund_amount_cents'])
      .where('client_id', '=', demo)
      .execute()
    const count = (f: (i: (typeof invoices)[number]) => boolean) => invoices.filter(f).length
    expect(count((i) => i.status === 'paid' && Number(i.provider_paid_cents) > 0)).toBeGreaterThan(100)
    expect(count((i) => i.status === 'paid' && Number(i.provider_paid_cents) === 0)).toBeGreaterThan(5)
    expect(count((i) => i.status === 'unpaid')).toBeGreaterThan(5)
    expect(count((i) => i.status === 'refunded')).toBeGreaterThan(5)
    expect(count((i) => i.type === 'multiOrders')).toBeGreaterThan(2)
    expect(count((i) => !!i.is_test)).toBeGreaterThan(2)
    for (const i of invoices.filter((x) => x.status === 'refunded')) expect(Number(i.refund_amount_cents)).toBeLessThanOrEqual(Number(i.provider_paid_cents))
    const items = await platformDb
      .selectFrom('order_invoice_items')
      .select(['invoice_id', (eb) => eb.fn.sum<number>('price_cents').as('total'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('client_id', '=', demo)
      .groupBy('invoice_id')
      .execute()
    const byInvoice = new Map(items.map((r) => [r.invoice_id, r]))
    for (const i of invoices) {
      expect(Number(byInvoice.get(i.id)?.total)).toBe(Number(i.price_cents))
      if (i.type === 'multiOrders') expect(Number(byInvoice.get(i.id)?.n)).toBeGreaterThan(1)
    }
  })

  it('records activity, drafts (pending, withdrawn, rated) and tags, and turns on revisions approval', async () => {
    const ids = orders.map((o) => o.id)
    const withActivity = await platformDb.selectFrom('order_activity').select('order_id').distinct().where('client_id', '=', demo).where('order_id', 'in', ids).execute()
    expect(withActivity).toHaveLength(600)
    const drafts = await platformDb.selectFrom('drafts').select(['approval_status', 'deleted_at', 'rating']).where('client_id', '=', demo).where('order_id', 'in', ids).execute()
    expect(drafts.filter((d) => d.approval_status === 'pending').length).toBeGreaterThan(3)
    expect(drafts.filter((d) => d.deleted_at !== null).length).toBeGreaterThan(3)
    expect(drafts.filter((d) => d.rating !== null).length).toBeGreaterThan(20)
    expect((await platformDb.selectFrom('order_tags').select('order_id').where('client_id', '=', demo).execute()).length).toBeGreaterThan(20)
    const settings = await platformDb.selectFrom('organisation_settings').select('settings').where('client_id', '=', demo).executeTakeFirstOrThrow()
    expect(settings.settings.enable_revisions_approval_feature).toBe(true)
  })

  it('gives Rival Resumes its own smaller set, and a second run adds nothing', async () => {
    const countOf = async (clientId: number) =>
      Number(
        (
          await platformDb
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('client_id', '=', clientId)
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect(await countOf(rival)).toBeGreaterThanOrEqual(40)
    const before = [await countOf(demo), await countOf(rival)]
    await seedOrders(platformDb, { demo, rival })
    expect([await countOf(demo), await countOf(rival)]).toEqual(before)
  })
})
