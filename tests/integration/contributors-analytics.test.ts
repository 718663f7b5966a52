// Contributors Analytics (ADR 0047) against the real database over known data: the order tracker for
// every range (the 24 hours from the orders, the day ranges from the rollups), the first-draft rating,
// the chat, first-draft and final-delivery response times, what each leaves out (test orders, withdrawn
// drafts, rows older than 6 months), and that another organisation's contributors name nothing.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { loadAuthUser } from '#app/models/account.server'
import { rebuildAnalytics } from '#app/models/analytics.server'
import { analyticsOverview, chatResponseTime, orderQuality, orderTracker, readMetric } from '#app/models/contributors-analytics.server'
import { ANALYTICS_RANGES } from '#app/rules/contributors-analytics'
import { type Tenant, tenantOf } from '#app/models/auth-guards.server'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { createOrganisation, createUser } from '#tests/factories/index'
import { createContributor, createCustomer, createDraft, createOrder, createProductWithWorkflow } from '#tests/factories/orders'

// Analytics events are not what this test is about: the rollups are rebuilt from the rows instead.
vi.mock('#app/services/queue.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('#app/services/queue.server')>()
  return { ...real, enqueue: async () => null }
})

const HOUR = 3_600_000
const DAY = 24 * HOUR
const now = new Date()
const ago = (ms: number) => new Date(now.getTime() - ms)

async function organisation() {
  const org = await createOrganisation()
  // UTC keeps the local days of the rollups equal to the UTC days the test reasons in.
  await platformDb.updateTable('organisations').set({ time_zone: 'UTC' }).where('id', '=', org.id).execute()
  const owner = await createUser({ firstName: 'Olga', lastName: 'Owner', memberships: [{ clientId: org.id, role: 'client' }] })
  const t = tenantOf((await loadAuthUser(owner.accounts.get(org.id)!.id, org.id)) as never) as Tenant
  return { org, owner, t }
}

type Setup = { created: Date; assigned?: Date | null; completed?: Date | null; test?: boolean }

async function order(clientId: number, refs: { customerUserId: number; productId: number }, writerId: number, s: Setup) {
  const o = await createOrder(clientId, { ...refs, createdAt: s.created })
  await platformDb
    .updateTable('orders')
    .set({
      writer_id: writerId,
      assigned_at: s.assigned === undefined ? s.created : s.assigned,
      completed_at: s.completed ?? null,
      status_percentage: s.completed ? 100 : 0,
      test_order: !!s.test,
    })
    .where('id', '=', o.id)
    .execute()
  return { ...o, writer_id: writerId }
}

async function chat(clientId: number, writerId: number, senderId: number, fromContributor: boolean, at: Date) {
  await platformDb
    .insertInto('chat_messages')
    .values({
      public_id: newPublicId(),
      client_id: clientId,
      chat_type: 'adminToWriter',
      order_id: null,
      writer_id: writerId,
      sent_by: senderId,
      sent_to_admin: fromContributor,
      role_label: fromContributor ? 'WRITER' : 'ADMIN',
      message_type: 'text',
      content: '<p>hello</p>',
      created_at: at,
    })
    .execute()
}

let a: Awaited<ReturnType<typeof organisation>>
let b: Awaited<ReturnType<typeof organisation>>
let ann: Awaited<ReturnType<typeof createContributor>>
let ben: Awaited<ReturnType<typeof createContributor>>
let cara: Awaited<ReturnType<typeof createContributor>>
let bea: Awaited<ReturnType<typeof createContributor>>

beforeAll(async () => {
  a = await organisation()
  b = await organisation()
  const product = await createProductWithWorkflow(a.org.id)
  const customer = await createCustomer(a.org.id)
  const refs = { customerUserId: customer.userId, productId: product.productId }
  ann = await createContributor(a.org.id, { firstName: 'Ann', lastName: 'Able' })
  ben = await createContributor(a.org.id, { firstName: 'Ben', lastName: 'Best' })
  cara = await createContributor(a.org.id, { firstName: 'Cara', lastName: 'Calm' })
  const ownerId = a.owner.accounts.get(a.org.id)!.id

  // Ann: o1 (10 days ago: drafts after 1 and 2 days, rated 4 then 1; completed after 3 days),
  // o2 (13 hours ago: first draft after 12 hours rated 5), o3 (40 days ago: completed after 1.5 days, no draft),
  // a test order an hour ago and an order 8 months ago (rated 1): both left out.
  const o1 = await order(a.org.id, refs, ann.userId, { created: ago(10 * DAY), completed: ago(7 * DAY) })
  await createDraft(a.org.id, o1, { createdAt: ago(9 * DAY), rating: 4 })
  await createDraft(a.org.id, o1, { createdAt: ago(8 * DAY), rating: 1 })
  const o2 = await order(a.org.id, refs, ann.userId, { created: ago(13 * HOUR) })
  await createDraft(a.org.id, o2, { createdAt: ago(HOUR), rating: 5 })
  await order(a.org.id, refs, ann.userId, { created: ago(40 * DAY), completed: ago(40 * DAY - 1.5 * DAY) })
  const test = await order(a.org.id, refs, ann.userId, { created: ago(1 * HOUR), test: true })
  await createDraft(a.org.id, test, { createdAt: ago(0.5 * HOUR), rating: 1 })
  const old = await order(a.org.id, refs, ann.userId, { created: ago(240 * DAY), completed: ago(230 * DAY) })
  await createDraft(a.org.id, old, { createdAt: ago(239 * DAY), rating: 1 })

  // Ben: o6 (20 days ago): a withdrawn draft after 12 hours (rated 1), the first delivered one after 2 days (rated 3), completed after 4 days.
  const o6 = await order(a.org.id, refs, ben.userId, { created: ago(20 * DAY), completed: ago(16 * DAY) })
  const withdrawn = await createDraft(a.org.id, o6, { createdAt: ago(20 * DAY - 12 * HOUR), rating: 1 })
  await platformDb
    .updateTable('drafts')
    .set({ deleted_at: ago(19 * DAY) })
    .where('id', '=', withdrawn.id)
    .execute()
  await createDraft(a.org.id, o6, { createdAt: ago(18 * DAY), rating: 3 })

  // Ann's chat: asked twice, answered a day after the first question; asked again, answered 6 hours later.
  // A question and answer 8 months ago are outside the 6 months.
  await chat(a.org.id, ann.userId, ownerId, false, ago(240 * DAY))
  await chat(a.org.id, ann.userId, ann.userId, true, ago(239 * DAY))
  await chat(a.org.id, ann.userId, ownerId, false, ago(3 * DAY))
  await chat(a.org.id, ann.userId, ownerId, false, ago(3 * DAY - HOUR))
  await chat(a.org.id, ann.userId, ann.userId, true, ago(2 * DAY))
  await chat(a.org.id, ann.userId, ownerId, false, ago(1 * DAY))
  await chat(a.org.id, ann.userId, ann.userId, true, ago(1 * DAY - 6 * HOUR))
  // Cara was asked and has not answered yet.
  await chat(a.org.id, cara.userId, ownerId, false, ago(2 * HOUR))

  // Organisation B: its own contributor with an order of the last hour and a rated draft.
  const productB = await createProductWithWorkflow(b.org.id)
  const customerB = await createCustomer(b.org.id)
  bea = await createContributor(b.org.id, { firstName: 'Bea', lastName: 'Other' })
  const ob = await order(b.org.id, { customerUserId: customerB.userId, productId: productB.productId }, bea.userId, { created: ago(HOUR), completed: ago(HOUR / 2) })
  await createDraft(b.org.id, ob, { createdAt: ago(HOUR / 2), rating: 5 })

  await rebuildAnalytics(a.t)
  await rebuildAnalytics(b.t)
})

const byName = <T extends { writerName: string }>(rows: T[]) => Object.fromEntries(rows.map((r) => [r.writerName, r]))

describe('the multi-select', () => {
  it('lists the organisation contributors only, by name', async () => {
    const overview = await analyticsOverview(a.t)
    expect(overview.writers.map((w) => w.writerName)).toEqual(['Ann Able', 'Ben Best', 'Cara Calm'])
    expect(overview.writers[0]).toMatchObject({ _id: ann.publicId, firstName: 'Ann', lastName: 'Able', active: true })
    expect(overview.settings).toMatchObject({ disable_customer_rating: false })
  })
})

describe('order tracker', () => {
  it.each([
    ['24Hours', { ann: [1, 0], ben: [0, 0] }],
    ['7Days', { ann: [1, 0], ben: [0, 0] }],
    ['30Days', { ann: [2, 1], ben: [1, 1] }],
    ['3Months', { ann: [3, 2], ben: [1, 1] }],
    ['6Months', { ann: [3, 2], ben: [1, 1] }],
  ] as const)('%s', async (range, expected) => {
    const rows = byName(await orderTracker(a.t, [ann.publicId, ben.publicId], range, now))
    expect(Object.keys(rows)).toEqual(['Ann Able', 'Ben Best'])
    expect([rows['Ann Able']!.writerOrders, rows['Ann Able']!.completedOrders]).toEqual(expected.ann)
    expect([rows['Ben Best']!.writerOrders, rows['Ben Best']!.completedOrders]).toEqual(expected.ben)
    expect(rows['Ann Able']).toMatchObject({ _id: ann.publicId, firstName: 'Ann', lastName: 'Able' })
  })

  it('no selection means every contributor; a contributor without orders shows zeros', async () => {
    const rows = await orderTracker(a.t, [], '6Months', now)
    expect(rows.map((r) => [r.writerName, r.writerOrders])).toEqual([
      ['Ann Able', 3],
      ['Ben Best', 1],
      ['Cara Calm', 0],
    ])
  })
})

describe('the four metrics (last 6 months)', () => {
  it('first-draft rating averages the first delivered draft of each rated order', async () => {
    const q = await orderQuality(a.t, [], now)
    const rating = byName(q.rating)
    expect(rating['Ann Able']).toMatchObject({ avgRatingWithTwoDecimal: 4.5, ratedOrders: 2 })
    expect(rating['Ben Best']).toMatchObject({ avgRatingWithTwoDecimal: 3, ratedOrders: 1 })
    expect(rating['Cara Calm']).toMatchObject({ avgRatingWithTwoDecimal: null, ratedOrders: 0 })
  })

  it('first-draft response time: assignment to first delivered draft', async () => {
    const rows = byName((await orderQuality(a.t, [], now)).firstDraft)
    expect(rows['Ann Able']).toMatchObject({ avgFirstDraftResTimeInDays: 0.75, orders: 2 })
    expect(rows['Ben Best']).toMatchObject({ avgFirstDraftResTimeInDays: 2, orders: 1 })
    expect(rows['Cara Calm']).toMatchObject({ avgFirstDraftResTimeInDays: null, orders: 0 })
  })

  it('final-delivery response time: assignment to completion', async () => {
    const rows = byName((await orderQuality(a.t, [], now)).finalDelivery)
    expect(rows['Ann Able']).toMatchObject({ avgFinalDocResTimeInDays: 2.25, orders: 2 })
    expect(rows['Ben Best']).toMatchObject({ avgFinalDocResTimeInDays: 4, orders: 1 })
  })

  it('chat response time: admin message to the next reply', async () => {
    const rows = byName(await chatResponseTime(a.t, [], now))
    expect(rows['Ann Able']).toMatchObject({ avgChatTimeInDays: 0.625, replies: 2 })
    expect(rows['Ben Best']).toMatchObject({ avgChatTimeInDays: null, replies: 0 })
    expect(rows['Cara Calm']).toMatchObject({ avgChatTimeInDays: null, replies: 0 })
  })

  it('readMetric answers each call with the same rows', async () => {
    const q = await orderQuality(a.t, [ben.publicId], now)
    expect(await readMetric(a.t, 'first-draft-rating', [ben.publicId], '24Hours', now)).toEqual(q.rating)
    expect(await readMetric(a.t, 'first-draft-response-time', [ben.publicId], '24Hours', now)).toEqual(q.firstDraft)
    expect(await readMetric(a.t, 'final-delivery-response-time', [ben.publicId], '24Hours', now)).toEqual(q.finalDelivery)
  })
})

describe('another organisation', () => {
  it('its contributor ids name nothing: no row, none of its figures', async () => {
    for (const range of ANALYTICS_RANGES) expect(await orderTracker(a.t, [bea.publicId], range, now)).toEqual([])
    expect(await orderQuality(a.t, [bea.publicId], now)).toEqual({ rating: [], firstDraft: [], finalDelivery: [] })
    expect(await chatResponseTime(a.t, [bea.publicId], now)).toEqual([])
    // Mixed with one of ours: only ours.
    const rows = await orderTracker(a.t, [bea.publicId, ben.publicId], '24Hours', now)
    expect(rows.map((r) => r._id)).toEqual([ben.publicId])
  })

  it('B sees its own contributor and figures only', async () => {
    expect((await analyticsOverview(b.t)).writers.map((w) => w.writerName)).toEqual(['Bea Other'])
    expect(await orderTracker(b.t, [ann.publicId], '6Months', now)).toEqual([])
    const rows = await orderTracker(b.t, [], '24Hours', now)
    expect(rows).toEqual([expect.objectContaining({ writerName: 'Bea Other', writerOrders: 1, completedOrders: 1 })])
    expect((await orderQuality(b.t, [], now)).rating).toEqual([expect.objectContaining({ avgRatingWithTwoDecimal: 5 })])
  })
})
