// Dashboard rollups (ADR 0043) against the real database: after random sequences of order, invoice and
// tip changes whose events arrive shuffled, twice, or late, the buckets equal aggregates of the raw rows
// (by the SQL check and by an independent count in JavaScript); lost events, tampered buckets and a
// time zone change are repaired; events go through the real queue and worker; the readers' figures.
import { Worker } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadAuthUser } from '#app/models/account.server'
import { applyAnalyticsEvent, checkAnalytics, rebuildAnalytics, reconcileAnalytics, sweepAnalytics, type AnalyticsEvent } from '#app/models/analytics.server'
import { dashboardContext, orderCounts, ordersHistory, productsHistory, salesHistory, topTenSellingProducts, totalSalesEarnings, writersStats } from '#app/models/dashboard.server'
import { createOrder as createOrderAction } from '#app/models/order-create.server'
import { orderActions } from '#app/models/order-actions.server'
import { invoiceActions } from '#app/models/order-invoices.server'
import { recordOrderTip } from '#app/models/order-tips.server'
import { completeTask, findOrder, reopenTask } from '#app/models/orders.server'
import { addMonths, lastMonths, monthKey, monthRange } from '#app/rules/month-buckets'
import { type Tenant, tenantOf } from '#app/models/auth-guards.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { newRedisConnection } from '#app/services/redis.server'
import { seededRng, type Rng } from '#db/seed/order-stories'
import type { TenantScope } from '#db/tenant'
import { analyticsJob } from '#jobs/analytics'
import { createOrganisation, createUser } from '#tests/factories/index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'

type Captured = AnalyticsEvent & { clientId: number }

// The analytics events the models queue are caught here and delivered by the test, in its own order.
const queueMock = vi.hoisted(() => ({ captured: [] as Captured[], passThrough: false }))
vi.mock('#app/services/queue.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('#app/services/queue.server')>()
  return {
    ...real,
    enqueue: async (name: string, payload: unknown, opts?: unknown) => {
      if (name === 'analytics' && !queueMock.passThrough) {
        queueMock.captured.push(real.QUEUES.analytics.parse(payload) as Captured)
        return null
      }
      return (real.enqueue as (...args: unknown[]) => Promise<unknown>)(name, payload, opts)
    },
  }
})

const AUCKLAND = 'Pacific/Auckland'
const request = () => new Request('http://localhost/test', { headers: { 'x-draftdesk-client-ip': '10.9.9.9' } })

async function organisationIn(zone: string | null) {
  const org = await createOrganisation()
  await platformDb.updateTable('organisations').set({ time_zone: zone }).where('id', '=', org.id).execute()
  const owner = await createUser({ firstName: 'Olga', lastName: 'Owner', memberships: [{ clientId: org.id, role: 'client' }] })
  const actor = tenantOf((await loadAuthUser(owner.accounts.get(org.id)!.id, org.id)) as never) as Tenant
  return { org, actor, t: tenantForJob(org.id) as TenantScope }
}

/** Delivers what was queued so far: shuffled, about a third of it twice, sometimes an old event again. */
const delivered: Captured[] = []
async function deliver(rng: Rng) {
  const batch = queueMock.captured.splice(0)
  const deliveries = batch.flatMap((e) => (rng() < 0.35 ? [e, e] : [e]))
  if (delivered.length && rng() < 0.3) deliveries.push(delivered[Math.floor(rng() * delivered.length)]!)
  for (let i = deliveries.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    ;[deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!]
  }
  for (const e of deliveries) await applyAnalyticsEvent(tenantForJob(e.clientId), e)
  delivered.push(...batch)
}

type Figures = { orders: number; completed_orders: number; sales_cents: number; revenue_cents: number; tips_cents: number }

/** The month figures counted in JavaScript from the raw rows, with Intl's time zones (not the SQL CASE). */
async function monthsFromRawRows(clientId: number, zone: string): Promise<Record<string, Figures>> {
  const out: Record<string, Figures> = {}
  const at = (month: string) => (out[month] ??= { orders: 0, completed_orders: 0, sales_cents: 0, revenue_cents: 0, tips_cents: 0 })
  for (const o of await platformDb.selectFrom('orders').select(['created_at', 'status_percentage', 'price_cents', 'test_order']).where('client_id', '=', clientId).execute()) {
    if (o.test_order) continue
    const m = at(monthKey(zone, o.created_at))
    m.orders++
    m.completed_orders += o.status_percentage >= 100 ? 1 : 0
    m.sales_cents += Number(o.price_cents)
  }
  for (const i of await platformDb
    .selectFrom('order_invoices')
    .select(['status', 'is_test', 'paid_at', 'price_cents', 'refund_amount_cents'])
    .where('client_id', '=', clientId)
    .execute()) {
    if (i.is_test || !i.paid_at || i.status === 'unpaid') continue
    at(monthKey(zone, i.paid_at)).revenue_cents += Number(i.price_cents) - (i.status === 'refunded' ? Number(i.refund_amount_cents ?? 0) : 0)
  }
  for (const tip of await platformDb.selectFrom('order_tips').select(['paid_at', 'amount_cents']).where('client_id', '=', clientId).execute()) {
    at(monthKey(zone, tip.paid_at)).tips_cents += Number(tip.amount_cents)
  }
  return Object.fromEntries(Object.entries(out).filter(([, f]) => Object.values(f).some((v) => v !== 0)))
}

async function monthBuckets(clientId: number): Promise<Record<string, Figures>> {
  const rows = await platformDb
    .selectFrom('analytics_months')
    .select(['month', 'orders', 'completed_orders', 'sales_cents', 'revenue_cents', 'tips_cents'])
    .where('client_id', '=', clientId)
    .execute()
  return Object.fromEntries(
    rows
      .map(
        (r) =>
          [
            new Date(r.month).toISOString().slice(0, 10),
            {
              orders: r.orders,
              completed_orders: r.completed_orders,
              sales_cents: Number(r.sales_cents),
              revenue_cents: Number(r.revenue_cents),
              tips_cents: Number(r.tips_cents),
            },
          ] as const,
      )
      .filter(([, f]) => Object.values(f).some((v) => v !== 0)),
  )
}

let worker: Worker | null = null
afterAll(async () => {
  await worker?.close()
})

describe('random sequences of order events', () => {
  let world: Awaited<ReturnType<typeof organisationIn>>
  let bystander: Awaited<ReturnType<typeof organisationIn>>
  let bystanderMonths: Record<string, Figures>
  let products: { productId: number; productPublicId: string }[]
  let customers: { userId: number; publicId: string }[]
  let writers: { publicId: string }[]

  beforeAll(async () => {
    world = await organisationIn(AUCKLAND)
    products = [
      await createProductWithWorkflow(world.org.id, { name: 'Executive Resume', priceCents: 25000 }),
      await createProductWithWorkflow(world.org.id, { name: 'Cover Letter', priceCents: 9900 }),
      await createProductWithWorkflow(world.org.id, { name: 'LinkedIn Profile', priceCents: 14950 }),
    ]
    customers = [await createCustomer(world.org.id), await createCustomer(world.org.id, { firstName: 'Dana' })]
    writers = [await createContributor(world.org.id, { firstName: 'Wanda' }), await createContributor(world.org.id, { firstName: 'Walt' })]
    await rebuildAnalytics(world.t)
    // Another organisation whose figures must not move.
    bystander = await organisationIn('America/New_York')
    const p = await createProductWithWorkflow(bystander.org.id)
    const c = await createCustomer(bystander.org.id)
    for (let i = 0; i < 3; i++) await createOrder(bystander.org.id, { customerUserId: c.userId, productId: p.productId, createdAt: new Date(Date.now() - i * 40 * 86_400_000) })
    await rebuildAnalytics(bystander.t)
    bystanderMonths = await monthBuckets(bystander.org.id)
    queueMock.captured.splice(0)
  })

  /** An instant in the last 14 months, often right at an Auckland month boundary. */
  function instant(rng: Rng): Date {
    const month = addMonths(monthKey(AUCKLAND, new Date()), -Math.floor(rng() * 14))
    const { start } = monthRange(AUCKLAND, month)
    const r = rng()
    if (r < 0.2) return start
    if (r < 0.4) return new Date(start.getTime() - 1)
    if (r < 0.5) return new Date(start.getTime() - 60_000)
    return new Date(start.getTime() + Math.floor(rng() * 27 * 86_400_000))
  }

  async function orderRows() {
    return platformDb.selectFrom('orders').select(['id', 'public_id', 'services', 'marked_as_complete']).where('client_id', '=', world.org.id).execute()
  }
  async function invoiceRows() {
    return platformDb.selectFrom('order_invoices').select(['id', 'public_id', 'status', 'price_cents']).where('client_id', '=', world.org.id).execute()
  }
  const pick = <T>(rng: Rng, items: T[]): T | undefined => items[Math.floor(rng() * items.length)]

  async function step(rng: Rng) {
    const r = rng()
    const { actor, t, org } = world
    const orders = await orderRows()
    const order = pick(rng, orders)
    if (r < 0.22 || !order) {
      const markAsPaid = rng() < 0.5
      const result = await createOrderAction(actor, {
        customer_id: pick(rng, customers)!.publicId,
        package_id: pick(rng, products)!.productPublicId,
        price: rng() < 0.3 ? Math.round(rng() * 40000) / 100 : undefined,
        markAsPaid,
        createInvoice: markAsPaid ? rng() < 0.7 : true,
      })
      expect(result.ok).toBe(true)
    } else if (r < 0.34) {
      // Orders placed in the past (the seed, imports): a raw change and its event.
      await platformDb
        .updateTable('orders')
        .set({ created_at: instant(rng), updated_at: new Date() })
        .where('id', '=', order.id)
        .execute()
      queueMock.captured.push({ clientId: org.id, source: 'order', ids: [order.id] })
    } else if (r < 0.42) {
      await orderActions.markAsComplete(actor, request(), order.public_id)
    } else if (r < 0.52) {
      const row = (await findOrder(t, order.public_id))!
      const service = row.services[0]!
      const module = pick(rng, service.serviceModules)!
      if (rng() < 0.7) await completeTask(t, row, { serviceId: service._id, taskId: module.id })
      else await reopenTask(t, row, { serviceId: service._id, taskId: module.id })
    } else if (r < 0.62) {
      const ids = orders.filter(() => rng() < 0.3).map((o) => o.public_id)
      if (ids.length) await orderActions.assignWriter(actor, request(), ids, rng() < 0.8 ? pick(rng, writers)!.publicId : null)
    } else if (r < 0.68) {
      await orderActions.setTestOrder(actor, request(), order.public_id, rng() < 0.5)
    } else if (r < 0.76) {
      const unpaid = (await invoiceRows()).filter((i) => i.status === 'unpaid')
      const invoice = pick(rng, unpaid)
      if (invoice) await invoiceActions.markPaid(actor, request(), invoice.public_id)
    } else if (r < 0.82) {
      // A refund or a payment date moved (through the provider in real life): raw change and event.
      const invoice = pick(
        rng,
        (await invoiceRows()).filter((i) => i.status !== 'unpaid'),
      )
      if (invoice) {
        const set =
          rng() < 0.5
            ? {
                status: 'refunded' as const,
                provider_paid_cents: Number(invoice.price_cents),
                refund_amount_cents: Math.floor(Number(invoice.price_cents) * rng()),
                refunded_at: new Date(),
              }
            : { paid_at: instant(rng) }
        await platformDb
          .updateTable('order_invoices')
          .set({ ...set, updated_at: new Date() })
          .where('id', '=', invoice.id)
          .execute()
        queueMock.captured.push({ clientId: org.id, source: 'invoice', ids: [invoice.id] })
      }
    } else if (r < 0.9) {
      await recordOrderTip(t, { orderId: order.id, amountCents: 100 + Math.floor(rng() * 3000), paidAt: rng() < 0.5 ? instant(rng) : new Date() })
    } else if (r < 0.94) {
      const tip = await platformDb.selectFrom('order_tips').select('id').where('client_id', '=', org.id).orderBy('id').executeTakeFirst()
      if (tip) {
        await platformDb.deleteFrom('order_tips').where('id', '=', tip.id).execute()
        queueMock.captured.push({ clientId: org.id, source: 'tip', ids: [tip.id] })
      }
    } else {
      // The same product under another spelling: one product bucket takes both.
      await platformDb
        .updateTable('orders')
        .set({ package_name: rng() < 0.5 ? 'EXECUTIVE RESUME' : 'Executive Resume' })
        .where('id', '=', order.id)
        .execute()
      queueMock.captured.push({ clientId: org.id, source: 'order', ids: [order.id] })
    }
  }

  it.each([1, 2, 3])('sequence %i: the buckets equal the raw aggregates after every few events', async (seed) => {
    const rng = seededRng(20261127 + seed)
    for (let i = 0; i < 45; i++) {
      await step(rng)
      if (rng() < 0.3) await deliver(rng)
    }
    await deliver(rng)
    const check = await checkAnalytics(world.t)
    expect(check.differences).toEqual([])
    expect(check.ok).toBe(true)
    const counted = await monthsFromRawRows(world.org.id, AUCKLAND)
    expect(Object.keys(counted).length).toBeGreaterThan(1)
    expect(await monthBuckets(world.org.id)).toEqual(counted)
    // Delivering everything again, in any order, changes nothing.
    queueMock.captured.push(...delivered.splice(0))
    await deliver(rng)
    expect(await monthBuckets(world.org.id)).toEqual(counted)
    expect((await checkAnalytics(world.t)).ok).toBe(true)
  })

  it('leaves another organisation alone', async () => {
    expect(await monthBuckets(bystander.org.id)).toEqual(bystanderMonths)
    expect((await checkAnalytics(bystander.t)).ok).toBe(true)
  })
})

describe('repairs', () => {
  it('an event delivered twice counts once', async () => {
    const { t, org } = await organisationIn(AUCKLAND)
    const p = await createProductWithWorkflow(org.id)
    const c = await createCustomer(org.id)
    await rebuildAnalytics(t)
    const order = await createOrder(org.id, { customerUserId: c.userId, productId: p.productId })
    const event = { source: 'order' as const, ids: [order.id] }
    await applyAnalyticsEvent(t, event)
    await applyAnalyticsEvent(t, event)
    await applyAnalyticsEvent(t, { source: 'order', ids: [order.id, order.id] })
    expect(await orderCounts(t)).toEqual({ totalOrders: 1, pendingOrders: 1, completedOrders: 0 })
  })

  it('the sweep applies a change whose event never came', async () => {
    const { t, org } = await organisationIn(null)
    const p = await createProductWithWorkflow(org.id)
    const c = await createCustomer(org.id)
    await createOrder(org.id, { customerUserId: c.userId, productId: p.productId })
    await rebuildAnalytics(t)
    const late = await createOrder(org.id, { customerUserId: c.userId, productId: p.productId })
    await platformDb.updateTable('orders').set({ status_percentage: 100, updated_at: new Date() }).where('id', '=', late.id).execute()
    expect((await checkAnalytics(t)).ok).toBe(false)
    const swept = await sweepAnalytics(t)
    expect(swept.orders).toBeGreaterThanOrEqual(1)
    expect((await checkAnalytics(t)).ok).toBe(true)
    expect(await orderCounts(t)).toEqual({ totalOrders: 2, pendingOrders: 1, completedOrders: 1 })
  })

  it('the check finds a tampered bucket and the reconcile rebuilds it', async () => {
    const { t, org } = await organisationIn(AUCKLAND)
    const p = await createProductWithWorkflow(org.id, { name: 'Resume' })
    const c = await createCustomer(org.id)
    await createOrder(org.id, { customerUserId: c.userId, productId: p.productId })
    await rebuildAnalytics(t)
    await platformDb.updateTable('analytics_months').set({ orders: 7 }).where('client_id', '=', org.id).execute()
    const check = await checkAnalytics(t)
    expect(check.ok).toBe(false)
    expect(check.differences[0]).toMatch(/^month \d{4}-\d{2}-01: orders raw 1, rollup 7$/)
    const reconciled = await reconcileAnalytics(t, { check: true })
    expect(reconciled.ok).toBe(false)
    expect((await checkAnalytics(t)).ok).toBe(true)
    const state = await platformDb.selectFrom('analytics_state').select(['check_ok', 'checked_at']).where('client_id', '=', org.id).executeTakeFirstOrThrow()
    expect(state.check_ok).toBe(false)
    expect(state.checked_at).not.toBeNull()
  })

  it('a new time zone rebuilds the buckets in it', async () => {
    const { t, org } = await organisationIn(AUCKLAND)
    const p = await createProductWithWorkflow(org.id)
    const c = await createCustomer(org.id)
    // 1 February 00:30 in Auckland, still January in UTC.
    const order = await createOrder(org.id, { customerUserId: c.userId, productId: p.productId, createdAt: new Date('2026-01-31T11:30:00Z') })
    await rebuildAnalytics(t)
    expect(Object.keys(await monthBuckets(org.id))).toEqual(['2026-02-01'])
    await platformDb.updateTable('organisations').set({ time_zone: 'UTC' }).where('id', '=', org.id).execute()
    expect((await applyAnalyticsEvent(t, { source: 'order', ids: [order.id] })).rebuilt).toBe(true)
    expect(Object.keys(await monthBuckets(org.id))).toEqual(['2026-01-01'])
    expect((await dashboardContext(t)).timeZone).toBe('UTC')
  })

  it('without built buckets the first event builds them from every row', async () => {
    const { t, org } = await organisationIn(null)
    const p = await createProductWithWorkflow(org.id)
    const c = await createCustomer(org.id)
    const orders = []
    for (let i = 0; i < 3; i++) orders.push(await createOrder(org.id, { customerUserId: c.userId, productId: p.productId }))
    expect((await applyAnalyticsEvent(t, { source: 'order', ids: [orders[0]!.id] })).rebuilt).toBe(true)
    expect((await orderCounts(t)).totalOrders).toBe(3)
  })
})

describe('through the queue', () => {
  it('a placed order reaches the buckets by the analytics worker', async () => {
    queueMock.passThrough = true
    try {
      const { actor, t, org } = await organisationIn(null)
      const p = await createProductWithWorkflow(org.id)
      const c = await createCustomer(org.id)
      await rebuildAnalytics(t)
      worker = new Worker('analytics', analyticsJob, { connection: newRedisConnection(), concurrency: 1 })
      const result = await createOrderAction(actor, { customer_id: c.publicId, package_id: p.productPublicId, markAsPaid: true, createInvoice: true })
      expect(result.ok).toBe(true)
      await expect.poll(async () => (await orderCounts(t)).totalOrders, { timeout: 15_000 }).toBe(1)
      await expect.poll(async () => (await totalSalesEarnings(t)).totalRevenue, { timeout: 15_000 }).toBe(199)
    } finally {
      queueMock.passThrough = false
    }
  })
})

describe('the dashboard readers', () => {
  // Mid-February 2026 in Auckland: the six months are September to February.
  const now = new Date('2026-02-15T00:00:00Z')

  it('bucket by the local month, cap the top lists at ten with ties by name, and total the money', async () => {
    const { t, org } = await organisationIn(AUCKLAND)
    const c = await createCustomer(org.id)
    // Eleven products sold twice each and one sold three times: Zeta leads, then ten of the eleven by name.
    const names = ['Kappa', 'Alpha', 'Juliet', 'Bravo', 'India', 'Charlie', 'Hotel', 'Delta', 'Golf', 'Echo', 'Foxtrot']
    const writer = await createContributor(org.id, { firstName: 'Wanda', lastName: 'Words' })
    for (const name of names) {
      const p = await createProductWithWorkflow(org.id, { name, priceCents: 10000 })
      for (let i = 0; i < 2; i++)
        await createOrder(org.id, { customerUserId: c.userId, productId: p.productId, createdAt: new Date('2026-02-01T12:00:00Z') }, { writerUserId: writer.userId })
    }
    const zeta = await createProductWithWorkflow(org.id, { name: 'Zeta', priceCents: 5000 })
    // 00:30 on 1 February in Auckland (January in UTC), 23:59 on 31 January there, and one long ago.
    const feb = await createOrder(org.id, { customerUserId: c.userId, productId: zeta.productId, createdAt: new Date('2026-01-31T11:30:00Z') }, { marked_as_complete: true })
    await createOrder(org.id, { customerUserId: c.userId, productId: zeta.productId, createdAt: new Date('2026-01-31T10:59:00Z') })
    await createOrder(org.id, { customerUserId: c.userId, productId: zeta.productId, createdAt: new Date('2026-02-10T00:00:00Z') })
    await createOrder(org.id, { customerUserId: c.userId, productId: zeta.productId, createdAt: new Date('2025-05-10T00:00:00Z') })
    await platformDb
      .insertInto('order_tips')
      .values([
        { public_id: `tip${org.id}a`.padEnd(24, '0'), client_id: org.id, order_id: feb.id, amount_cents: 1250, paid_at: new Date('2026-02-02T00:00:00Z') },
        { public_id: `tip${org.id}b`.padEnd(24, '0'), client_id: org.id, order_id: feb.id, amount_cents: 500, paid_at: new Date('2025-12-02T00:00:00Z') },
      ])
      .execute()
    await platformDb
      .insertInto('order_invoices')
      .values({
        public_id: `inv${org.id}`.padEnd(24, '0'),
        client_id: org.id,
        customer_id: c.userId,
        status: 'refunded',
        price_cents: 30000,
        provider_paid_cents: 30000,
        refund_amount_cents: 5000,
        paid_at: new Date('2026-02-03T00:00:00Z'),
      })
      .execute()
    await rebuildAnalytics(t, now)
    const ctx = await dashboardContext(t, now)
    expect(ctx.months).toEqual(lastMonths(AUCKLAND, now))
    expect(ctx.months).toEqual(['2025-09-01', '2025-10-01', '2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01'])

    const history = await ordersHistory(t, ctx)
    expect(history.orders.map((o) => o.count)).toEqual([0, 0, 0, 0, 1, 24])
    expect(history.orders.at(-1)).toMatchObject({ label: 'Feb 2026', completed: 1, pending: 23 })

    const top = await topTenSellingProducts(t, ctx)
    expect(top.sortedProducts).toHaveLength(10)
    expect(top.sortedProducts[0]).toEqual({ packageName: 'Zeta', count: 3 })
    expect(top.sortedProducts.slice(1).map((p) => p.packageName)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India'])

    const products = await productsHistory(t, ctx)
    expect(products.packages.map((p) => p.packageName)).toEqual(['Zeta', 'Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Others'])
    expect(products.packages[0]!.data).toEqual([0, 0, 0, 0, 1, 2])
    // Juliet and Kappa, two each.
    expect(products.packages.at(-1)!.data).toEqual([0, 0, 0, 0, 0, 4])

    const earnings = await totalSalesEarnings(t, ctx)
    expect(earnings).toEqual({ monthRevenue: 250, monthTips: 12.5, totalRevenue: 250, totalTips: 17.5, currencyType: 'usd' })
    expect((await salesHistory(t, ctx)).sales.map((s) => s.total)).toEqual([0, 0, 0, 0, 0, 250])

    const writers = await writersStats(t, ctx)
    expect(writers.writersSales).toEqual([{ name: 'Wanda Words', value: 22 }])
    expect(writers.topContributors[0]).toMatchObject({ name: 'Wanda Words', orders: 22, completed: 0, sales: 2200 })
    expect((await checkAnalytics(t, now)).ok).toBe(true)
  })
})
