// My work against the real database (ADR 0066): only the contributor's own orders, the filters, the drafts
// waiting for a reviewer, the open pool off and on, a five-way concurrent claim with one winner, board moves.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { loadAuthUser } from '#app/models/account.server'
import { type Tenant, tenantOf } from '#app/models/auth-guards.server'
import { saveWebsiteSettings } from '#app/models/organisation-settings.server'
import { draftsAwaitingMyReview, listMyWork, openPool, toWorkOrderJson, workActions } from '#app/models/work-list.server'
import { BOARD_OFF, BOARD_CUSTOMER_TASK, POOL_ALREADY_CLAIMED, POOL_NOT_FOR_YOU, POOL_OFF, POOL_WRITERS_ONLY } from '#app/rules/work-list'
import { platformDb } from '#app/services/db.server'
import { createOrganisation } from '#tests/factories/index'
import { createContributor, createCustomer, createDraft, createOrder, createProductWithWorkflow } from '#tests/factories/orders'

// The e-mails a claim queues are not what this test is about.
vi.mock('#app/services/queue.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('#app/services/queue.server')>()
  return { ...real, enqueue: async () => null }
})

const request = () => new Request('http://localhost/work', { headers: { 'x-draftdesk-client-ip': '10.9.9.9' } })
const DAY = 86_400_000
const inDays = (n: number) => new Date(Date.now() + n * DAY)

async function tenantFor(userId: number, clientId: number): Promise<Tenant> {
  return tenantOf((await loadAuthUser(userId, clientId)) as never) as Tenant
}

async function world() {
  const org = await createOrganisation()
  const product = await createProductWithWorkflow(org.id, { name: 'Resume Pro' })
  const customer = await createCustomer(org.id, { firstName: 'Cora', lastName: 'Secret', email: `cora-${org.id}@example.test` })
  const writer = await createContributor(org.id, { firstName: 'Wendy' })
  const other = await createContributor(org.id, { firstName: 'Otto' })
  const reviewer = await createContributor(org.id, { role: 'REVIEWER' })
  const refs = { customerUserId: customer.userId, productId: product.productId }
  return { org, product, customer, writer, other, reviewer, refs }
}

describe('My work', () => {
  let w: Awaited<ReturnType<typeof world>>
  let t: Tenant
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    w = await world()
    t = await tenantFor(w.writer.userId, w.org.id)
    const mk = async (name: string, overrides: Parameters<typeof createOrder>[2]) => {
      ids[name] = (await createOrder(w.org.id, w.refs, overrides)).public_id
    }
    // Default modules: previous_document (customer), revision_process, final_document (team).
    await mk('customerStep', { writerUserId: w.writer.userId, dueDate: inDays(10), reviewerUserId: w.reviewer.userId })
    await mk('teamStep', { writerUserId: w.writer.userId, dueDate: inDays(1), priority: 'urgent', completedTasks: ['previous_document'] })
    await mk('overdue', { writerUserId: w.writer.userId, dueDate: inDays(-3), completedTasks: ['previous_document'] })
    await mk('done', { writerUserId: w.writer.userId, marked_as_complete: true })
    await mk('archived', { writerUserId: w.writer.userId, archived: true })
    await mk('othersOrder', { writerUserId: w.other.userId, dueDate: inDays(1) })
    await mk('unassigned', {})
  })

  it('lists only the contributor’s own open orders, most urgent first, without customer data or prices', async () => {
    const page = await listMyWork(t, { filter: 'open', page: 1, size: 25 })
    expect(page.orders.map((o) => o._id)).toEqual([ids.overdue, ids.teamStep, ids.customerStep])
    expect(page.count).toBe(3)
    const json = JSON.stringify(page.orders.map(toWorkOrderJson))
    expect(json).not.toMatch(/Secret|cora-|price|19900|199/)
    expect(Object.keys(toWorkOrderJson(page.orders[0]!)).sort()).toEqual(['_id', 'dueDate', 'nextTask', 'priority', 'productName', 'statusPercentage'])
    expect(page.orders[0]!.nextTask).toMatchObject({ taskId: 'revision_process', waitsOn: 'team' })
  })

  it('filters: due soon, waiting on me, waiting on the customer, done; and pages', async () => {
    const of = async (filter: 'due-soon' | 'waiting-on-me' | 'waiting-on-customer' | 'done') => (await listMyWork(t, { filter, page: 1, size: 25 })).orders.map((o) => o._id)
    expect(await of('due-soon')).toEqual([ids.overdue, ids.teamStep])
    expect(await of('waiting-on-me')).toEqual([ids.overdue, ids.teamStep])
    expect(await of('waiting-on-customer')).toEqual([ids.customerStep])
    expect(await of('done')).toEqual([ids.done])
    const second = await listMyWork(t, { filter: 'open', page: 2, size: 10 })
    expect(second).toEqual({ orders: [], count: 3 })
  })

  it('another organisation’s contributor sees none of these orders', async () => {
    const b = await world()
    await createOrder(b.org.id, b.refs, { writerUserId: b.writer.userId })
    const tb = await tenantFor(b.writer.userId, b.org.id)
    const theirs = await listMyWork(tb, { filter: 'open', page: 1, size: 50 })
    expect(theirs.count).toBe(1)
    expect(theirs.orders.map((o) => o._id).some((id) => Object.values(ids).includes(id))).toBe(false)
  })

  it('a reviewer sees the orders they review and the drafts waiting for their review', async () => {
    const order = (await platformDb.selectFrom('orders').selectAll().where('public_id', '=', ids.customerStep!).executeTakeFirstOrThrow()) as never
    await createDraft(w.org.id, order, { approval: 'pending' })
    await createDraft(w.org.id, order, { approval: 'approved' })
    const withdrawn = await createDraft(w.org.id, order, { approval: 'pending' })
    await platformDb.updateTable('drafts').set({ deleted_at: new Date() }).where('id', '=', withdrawn.id).execute()
    const tr = await tenantFor(w.reviewer.userId, w.org.id)
    const drafts = await draftsAwaitingMyReview(tr)
    expect(drafts).toHaveLength(1)
    expect(drafts[0]).toMatchObject({ orderId: ids.customerStep, productName: 'Resume Pro' })
    const mine = await listMyWork(tr, { filter: 'waiting-on-me', page: 1, size: 25 })
    expect(mine.orders.map((o) => [o._id, o.role, o.waitsOn])).toEqual([[ids.customerStep, 'reviewer', 'me']])
    // The writer of that order is not its reviewer: no drafts to review.
    expect(await draftsAwaitingMyReview(t)).toEqual([])
  })
})

describe('the open pool', () => {
  it('is empty and refuses claims while the setting is off', async () => {
    const w = await world()
    const order = await createOrder(w.org.id, w.refs)
    const t = await tenantFor(w.writer.userId, w.org.id)
    expect(await openPool(t)).toEqual([])
    expect(await workActions.claim(t, request(), order.public_id)).toEqual({ ok: false, status: 404, error: POOL_OFF })
  })

  it('offers unassigned orders of the writer’s services (not archived, test, hidden or completed) and lets one writer of five win a race', async () => {
    const w = await world()
    await saveWebsiteSettings({ db: (await tenantFor(w.writer.userId, w.org.id)).db, clientId: w.org.id }, { enable_open_pool: true })
    const cover = await createProductWithWorkflow(w.org.id, { name: 'Cover Letter', serviceType: 'cover' })
    const open = await createOrder(w.org.id, w.refs)
    const coverOrder = await createOrder(w.org.id, { ...w.refs, productId: cover.productId })
    for (const flags of [{ archived: true }, { test_order: true }, { hide_order: true }, { marked_as_complete: true }, { writerUserId: w.other.userId }])
      await createOrder(w.org.id, w.refs, flags)

    const t = await tenantFor(w.writer.userId, w.org.id)
    // The factory's writers list "Resume": the cover-letter order is not theirs to take.
    expect((await openPool(t)).map((o) => o._id)).toEqual([open.public_id])
    expect(await workActions.claim(t, request(), coverOrder.public_id)).toEqual({ ok: false, status: 403, error: POOL_NOT_FOR_YOU })
    const tr = await tenantFor(w.reviewer.userId, w.org.id)
    expect(await openPool(tr)).toEqual([])
    expect(await workActions.claim(tr, request(), open.public_id)).toEqual({ ok: false, status: 403, error: POOL_WRITERS_ONLY })

    const writers = [w.writer, w.other, ...(await Promise.all([1, 2, 3].map((i) => createContributor(w.org.id, { firstName: `Racer${i}` }))))]
    const tenants = await Promise.all(writers.map((x) => tenantFor(x.userId, w.org.id)))
    const results = await Promise.all(tenants.map((tx) => workActions.claim(tx, request(), open.public_id)))
    const winners = results.filter((r) => r.ok)
    expect(winners).toHaveLength(1)
    expect(results.filter((r) => !r.ok)).toEqual(Array(4).fill({ ok: false, status: 409, error: POOL_ALREADY_CLAIMED }))
    const winnerIndex = results.findIndex((r) => r.ok)
    const row = await platformDb.selectFrom('orders').select(['writer_id', 'assigned_at']).where('id', '=', open.id).executeTakeFirstOrThrow()
    expect(row.writer_id).toBe(writers[winnerIndex]!.userId)
    expect(row.assigned_at).not.toBeNull()
    const activity = await platformDb.selectFrom('order_activity').select('content').where('order_id', '=', open.id).execute()
    expect(activity.filter((a) => a.content.startsWith('Claimed from the open pool'))).toHaveLength(1)
    // The claimed order is now in the winner's My work and out of everyone's pool.
    expect((await listMyWork(tenants[winnerIndex]!, { filter: 'open', page: 1, size: 25 })).orders.map((o) => o._id)).toContain(open.public_id)
    expect(await openPool(t)).toEqual([])
  })

  it('cannot claim another organisation’s order (404)', async () => {
    const a = await world()
    const b = await world()
    await saveWebsiteSettings({ db: (await tenantFor(a.writer.userId, a.org.id)).db, clientId: a.org.id }, { enable_open_pool: true })
    const theirs = await createOrder(b.org.id, b.refs)
    const t = await tenantFor(a.writer.userId, a.org.id)
    expect(await workActions.claim(t, request(), theirs.public_id)).toMatchObject({ ok: false, status: 404 })
    const row = await platformDb.selectFrom('orders').select('writer_id').where('id', '=', theirs.id).executeTakeFirstOrThrow()
    expect(row.writer_id).toBeNull()
  })
})

describe('the board', () => {
  it('refuses moves while boards are off, then marks the writer’s next task done one column at a time', async () => {
    const w = await world()
    const t = await tenantFor(w.writer.userId, w.org.id)
    const waiting = await createOrder(w.org.id, w.refs, { writerUserId: w.writer.userId })
    const ready = await createOrder(w.org.id, w.refs, { writerUserId: w.writer.userId, reviewerUserId: w.reviewer.userId, completedTasks: ['previous_document'] })
    expect(await workActions.moveCard(t, request(), ready.public_id, 'final_document')).toEqual({ ok: false, status: 403, error: BOARD_OFF })

    await saveWebsiteSettings({ db: t.db, clientId: w.org.id }, { enable_boards: true })
    expect(await workActions.moveCard(t, request(), waiting.public_id, 'revision_process')).toEqual({ ok: false, status: 400, error: BOARD_CUSTOMER_TASK })
    expect(await workActions.moveCard(t, request(), ready.public_id, 'done')).toMatchObject({ ok: false, status: 400 })
    expect(await workActions.moveCard(t, request(), ready.public_id, 'final_document')).toEqual({ ok: true, orderId: ready.public_id })
    const tasks = await platformDb.selectFrom('order_tasks').select('task_id').where('order_id', '=', ready.id).execute()
    expect(tasks.map((x) => x.task_id).sort()).toEqual(['previous_document', 'revision_process'])
    const row = await platformDb.selectFrom('orders').select('status_percentage').where('id', '=', ready.id).executeTakeFirstOrThrow()
    expect(row.status_percentage).toBe(66)
    // The reviewer may not move the writer's card; a stranger's order is not found.
    const tr = await tenantFor(w.reviewer.userId, w.org.id)
    expect(await workActions.moveCard(tr, request(), ready.public_id, 'done')).toMatchObject({ ok: false, status: 400 })
    const to = await tenantFor(w.other.userId, w.org.id)
    expect(await workActions.moveCard(to, request(), ready.public_id, 'done')).toMatchObject({ ok: false, status: 404 })
  })
})
