// The orders list model against MariaDB: keyset paging in every sort and direction (cursors both ways,
// the last page, the spec's start offsets), and the SQL project-status filter agreeing with the JS rule.
import type { KyselyPlugin } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { ORDER_SORTS, type OrderSort, type OrdersListQuery, NO_FILTERS, decodeCursor, type SortDir } from '#app/models/orders-list.schema'
import { listOrders, orderFilterChoices } from '#app/models/orders-list.server'
import { type OrderRow, ordersToJson } from '#app/models/orders.server'
import { PROJECT_STATUSES, projectStatus } from '#app/rules/project-status'
import { platformDb, tenantDb } from '#app/services/db.server'
import { createTenant } from '#tests/factories/index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { bulkOrders } from '#tests/factories/orders-list'

const NOW = new Date('2026-06-15T12:00:00.000Z')
const DAY = 86_400_000
let t: { db: ReturnType<typeof tenantDb>; clientId: number }
let all: OrderRow[]

const query = (over: Partial<OrdersListQuery> = {}): OrdersListQuery => ({
  archived: false,
  search: '',
  sort: 'createdAt',
  dir: 'desc',
  size: 50,
  cursor: null,
  start: null,
  showSixMonthsCompleted: true,
  filters: NO_FILTERS,
  ...over,
})

const COLUMN: Record<OrderSort, keyof OrderRow> = { createdAt: 'created_at', dueDate: 'due_date', updatedAt: 'updated_at', customer: 'customer_name', product: 'package_name' }

/** The order the list promises: by the column in the direction asked, ties by id the same way, empty values last. */
function reference(sort: OrderSort, dir: SortDir): string[] {
  const col = COLUMN[sort]
  const value = (r: OrderRow) => {
    const v = r[col] as Date | string | null
    return v === null ? null : v instanceof Date ? v.getTime() : v
  }
  const sign = dir === 'asc' ? 1 : -1
  return [...all]
    .sort((a, b) => {
      const va = value(a)
      const vb = value(b)
      if (va === null || vb === null) return va === vb ? sign * (a.id - b.id) : va === null ? 1 : -1
      if (va !== vb) return sign * (va < vb ? -1 : 1)
      return sign * (a.id - b.id)
    })
    .map((r) => r.public_id)
}

beforeAll(async () => {
  const { org } = await createTenant()
  t = { db: tenantDb(org.id), clientId: org.id }
  const product = await createProductWithWorkflow(org.id, { name: 'Alpha Resume' })
  const customer = await createCustomer(org.id, { firstName: 'Ann', lastName: 'Able' })
  const template = await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId, createdAt: new Date(NOW.getTime() - 400 * DAY) })
  const names = ['ann able', 'bob brown', 'cid cole', 'dee dunn']
  const products = ['alpha resume', 'beta cover', 'gamma linkedin']
  await bulkOrders(
    template,
    org.id,
    Array.from({ length: 130 }, (_, i) => ({
      // Every three orders share a purchase time, every four a due date, and a third have none: ties and empty values.
      createdAt: new Date(NOW.getTime() - Math.floor(i / 3) * DAY),
      updatedAt: new Date(NOW.getTime() - (i % 7) * 3_600_000),
      dueDate: i % 3 === 0 ? null : new Date(NOW.getTime() + (Math.floor(i / 4) - 10) * DAY),
      customerName: names[i % names.length],
      packageName: products[i % products.length],
      statusPercentage: i % 10 === 0 ? 100 : (i * 7) % 100,
    })),
  )
  all = (await t.db.selectFrom('orders').selectAll().where('client_id', '=', org.id).execute()) as unknown as OrderRow[]
  expect(all).toHaveLength(131)
})

describe.each(ORDER_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const)))('sorted by %s %s', (sort, dir) => {
  it('Next from the first page visits every order once, in order; Prev from the last page gives them back', async () => {
    const expected = reference(sort, dir)
    const forward: string[] = []
    const offsets: number[] = []
    let page = await listOrders(t, query({ sort, dir }), { now: NOW })
    for (;;) {
      offsets.push(page.offset)
      forward.push(...page.rows.map((r) => r.public_id))
      if (!page.nextCursor) break
      page = await listOrders(t, query({ sort, dir, cursor: decodeCursor(page.nextCursor) }), { now: NOW })
    }
    expect(forward).toEqual(expected)
    expect(offsets).toEqual([0, 50, 100])

    let back = await listOrders(t, query({ sort, dir, cursor: { d: 'l', s: sort, r: dir, o: 0 } }), { now: NOW })
    // The last page keeps the grid of the first: 131 = 50 + 50 + 31.
    expect(back.rows).toHaveLength(31)
    expect(back.offset).toBe(100)
    const backward: string[][] = []
    for (;;) {
      backward.unshift(back.rows.map((r) => r.public_id))
      if (!back.prevCursor) break
      back = await listOrders(t, query({ sort, dir, cursor: decodeCursor(back.prevCursor) }), { now: NOW })
    }
    expect(backward.flat()).toEqual(expected)
    expect(back.offset).toBe(0)
  })

  it.each([0, 30, 50, 60, 100, 120, 130, 131])('start=%i serves the same rows as an offset would', async (start) => {
    const page = await listOrders(t, query({ sort, dir, start }), { now: NOW })
    expect(page.rows.map((r) => r.public_id)).toEqual(reference(sort, dir).slice(start, start + 50))
    expect(page.offset).toBe(start)
    expect(page.count).toBe(131)
  })
})

describe('project status in SQL', () => {
  it.each(PROJECT_STATUSES)('%s selects exactly the orders the JS rule labels so', async (status) => {
    const page = await listOrders(t, query({ size: 200, filters: { ...NO_FILTERS, projectStatus: [status] } }), { now: NOW })
    const expected = all.filter((r) => projectStatus({ statusPercentage: r.status_percentage, dueDate: r.due_date }, NOW) === status).map((r) => r.public_id)
    expect(page.rows.map((r) => r.public_id).sort()).toEqual(expected.sort())
    expect(page.count).toBe(expected.length)
    expect(expected.length).toBeGreaterThan(0)
  })
})

describe('a page read with its people and tags (ADR 0104)', () => {
  it('answers what the separate reads answer, writer, reviewer, customer and tags in their order, in one query', async () => {
    const { org } = await createTenant()
    const own = { db: tenantDb(org.id), clientId: org.id }
    const product = await createProductWithWorkflow(org.id, { name: 'Tagged Resume' })
    const customer = await createCustomer(org.id, { firstName: 'Tia', lastName: 'Tagged' })
    const [writer, reviewer] = await Promise.all([createContributor(org.id), createContributor(org.id, { role: 'REVIEWER' })])
    const [staffed, plain] = await Promise.all([
      createOrder(org.id, { customerUserId: customer.userId, productId: product.productId }, { writerUserId: writer.userId, reviewerUserId: reviewer.userId }),
      createOrder(org.id, { customerUserId: customer.userId, productId: product.productId }),
    ])
    await platformDb
      .insertInto('tags')
      .values(['zeta "quoted"', 'alpha'].map((text, i) => ({ client_id: org.id, public_id: `tag-${org.id}-${i}`, text })))
      .execute()
    const tags = await platformDb.selectFrom('tags').select(['id', 'public_id']).where('client_id', '=', org.id).orderBy('public_id').execute()
    // Placed zeta first, alpha second: the answer keeps the position, not the alphabet.
    await platformDb
      .insertInto('order_tags')
      .values(tags.map((tag, position) => ({ client_id: org.id, order_id: staffed.id, tag_id: tag.id, position })))
      .execute()

    const queries: string[] = []
    const counted = { db: own.db.withPlugin(countingPlugin(queries)), clientId: org.id }
    const page = await listOrders(counted, query())
    expect(queries).toHaveLength(2) // the count (a small list is counted afresh) and the rows with everything they show
    const joined = await ordersToJson(own, page.rows, NOW, page.related)
    expect(joined).toEqual(await ordersToJson(own, page.rows, NOW))
    const json = Object.fromEntries(joined.map((o) => [o._id, o]))
    expect(json[staffed.public_id]).toMatchObject({
      writer: 'Wren Writer',
      reviewer: 'Riley Reviewer',
      customer: 'Tia Tagged',
      customTags: tags.map((tag) => ({ _id: tag.public_id })),
    })
    expect(json[staffed.public_id]!.customTags.map((tag) => tag.text)).toEqual(['zeta "quoted"', 'alpha'])
    expect(json[plain.public_id]).toMatchObject({ writer: null, reviewer: null, customTags: [] })
  })
})

describe('the filter choices (ADR 0111)', () => {
  it("lists the organisation's products and contributors by name in one query, none of another organisation, and nothing when there are none", async () => {
    const [{ org }, { org: rival }, { org: empty }] = await Promise.all([createTenant(), createTenant(), createTenant()])
    await createProductWithWorkflow(org.id, { name: 'Zeta "Cover"' })
    await createProductWithWorkflow(org.id, { name: 'Alpha Resume' })
    await createContributor(org.id, { firstName: 'Yan', lastName: 'Young' })
    await createContributor(org.id, { firstName: 'Ada', lastName: 'Zorn' })
    await createContributor(org.id, { firstName: 'Ada', lastName: 'Abel' })
    await createContributor(org.id, { role: 'REVIEWER', firstName: 'Rey', lastName: 'Only' })
    await createProductWithWorkflow(rival.id, { name: 'Rival Product' })
    await createContributor(rival.id, { firstName: 'Rival', lastName: 'Writer' })

    const queries: string[] = []
    const choices = await orderFilterChoices({ db: tenantDb(org.id).withPlugin(countingPlugin(queries)), clientId: org.id })
    expect(queries).toHaveLength(1)
    expect(choices.products.map((c) => c.label)).toEqual(['Alpha Resume', 'Zeta "Cover"'])
    expect(choices.contributors.map((c) => c.label)).toEqual(['Ada Abel', 'Ada Zorn', 'Yan Young'])
    const ids = await platformDb.selectFrom('products').select(['public_id', 'name']).where('client_id', '=', org.id).execute()
    expect(choices.products.map((c) => c.value).sort()).toEqual(ids.map((p) => p.public_id).sort())
    expect(await orderFilterChoices({ db: tenantDb(empty.id), clientId: empty.id })).toEqual({ products: [], contributors: [] })
  })
})

/** Counts round trips: a result comes back once per query sent (transformQuery also sees each sub-query built). */
function countingPlugin(queries: string[]): KyselyPlugin {
  return {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries.push(args.queryId.queryId)
      return args.result
    },
  }
}
