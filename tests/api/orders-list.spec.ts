// GET /api/client/orders and GET /api/client/need-actions through the real HTTP server: filters, sorts
// both ways, search with % and _, keyset paging (each order once, stable under concurrent inserts, start
// offsets), the six-month rule, Needs Action, cross-tenant isolation, permissions and bad parameters.
import { type APIRequestContext, expect, test } from '@playwright/test'
import { rebuildAnalytics } from '#app/models/analytics.server'
import { findOrder } from '#app/models/orders.server'
import { tenantDb } from '#app/services/db.server'
import { createTenant } from '#tests/factories/index'
import { createContributor, createCustomer, createDraft, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { bulkOrders, type BulkOrder } from '#tests/factories/orders-list'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()
const DAY = 86_400_000
const now = Date.now()
const daysFromNow = (days: number) => new Date(now + days * DAY)

type OrderJson = {
  _id: string
  customer: string
  customerEmail: string
  dueDate: string | null
  projectStatus: string
  writer: string | null
  priority: string
  package: { packageName: string }
}
type ListAnswer = {
  statusCode: number
  status: boolean
  orders: OrderJson[]
  count: number
  start: number
  nextCursor: string | null
  prevCursor: string | null
  lastCursor: string | null
}

async function list(request: APIRequestContext, params: Record<string, string | string[]> = {}): Promise<ListAnswer> {
  const qs = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) for (const v of Array.isArray(value) ? value : [value]) qs.append(key, v)
  const res = await request.get(`/api/client/orders?${qs}`)
  expect(res.status(), await res.text()).toBe(200)
  return res.json()
}

const ids = (answer: { orders: { _id: string }[] }) => answer.orders.map((o) => o._id)
const sorted = (values: string[]) => [...values].sort()

/** An owner signed in on a fresh organisation with one product, customer and contributor, and a template order. */
async function shop(playwright: Parameters<typeof ownerSession>[1]) {
  const a = await ownerSession(open, playwright)
  const product = await createProductWithWorkflow(a.org.id, { name: 'Executive Resume' })
  const other = await createProductWithWorkflow(a.org.id, { name: 'Cover Letter' })
  const customer = await createCustomer(a.org.id, { firstName: 'Tess', lastName: 'Template' })
  const writer = await createContributor(a.org.id, { firstName: 'Wanda', lastName: 'Words' })
  const template = await createOrder(a.org.id, { customerUserId: customer.userId, productId: product.productId, createdAt: daysFromNow(-1000) }, { archived: true })
  const add = (orders: BulkOrder[]) => bulkOrders(template, a.org.id, orders)
  return { ...a, product, other, customer, writer, template, add }
}

test('filters: product, contributor (also unassigned), priority, project and order status, test and hidden orders, archived', async ({ playwright }) => {
  const s = await shop(playwright)
  const [urgentMine, lowOther, dueSoon, pastDue, onTrack, done, testOne, hiddenOne, archivedOne] = await s.add([
    { priority: 'urgent', writerId: s.writer.userId, createdAt: daysFromNow(-1) },
    { priority: 'low', productId: s.other.productId, packageName: 'Cover Letter', createdAt: daysFromNow(-2) },
    { dueDate: daysFromNow(1), createdAt: daysFromNow(-3) },
    { dueDate: daysFromNow(-2), writerId: s.writer.userId, createdAt: daysFromNow(-4) },
    { dueDate: daysFromNow(10), createdAt: daysFromNow(-5) },
    { statusPercentage: 100, completedAt: daysFromNow(-1), createdAt: daysFromNow(-6) },
    { testOrder: true, createdAt: daysFromNow(-7) },
    { hideOrder: true, createdAt: daysFromNow(-8) },
    { archived: true, createdAt: daysFromNow(-9) },
  ])
  const visible = [urgentMine, lowOther, dueSoon, pastDue, onTrack, done, testOne, hiddenOne]
  expect(ids(await list(s.request))).toEqual(visible)

  expect(ids(await list(s.request, { product: s.other.productPublicId }))).toEqual([lowOther])
  expect(ids(await list(s.request, { contributor: s.writer.publicId }))).toEqual([urgentMine, pastDue])
  expect(sorted(ids(await list(s.request, { contributor: 'unassigned' })))).toEqual(sorted(visible.filter((id) => id !== urgentMine && id !== pastDue)))
  expect(ids(await list(s.request, { priority: ['urgent', 'low'] }))).toEqual([urgentMine, lowOther])
  expect(ids(await list(s.request, { projectStatus: 'Due soon' }))).toEqual([dueSoon])
  expect(ids(await list(s.request, { projectStatus: 'past-due,on-track' }))).toEqual([pastDue, onTrack])
  expect(ids(await list(s.request, { projectStatus: 'Completed' }))).toEqual([done])
  expect(ids(await list(s.request, { orderStatus: 'completed' }))).toEqual([done])
  expect(ids(await list(s.request, { orderStatus: 'in-progress' }))).not.toContain(done)
  expect(ids(await list(s.request, { testOrder: 'true' }))).toEqual([testOne])
  expect(ids(await list(s.request, { testOrder: 'false' }))).not.toContain(testOne)
  expect(ids(await list(s.request, { hideOrder: 'true' }))).toEqual([hiddenOne])
  expect(ids(await list(s.request, { archived: 'true' }))).toEqual([archivedOne, s.template.public_id])
  // The same filters as a React table sends them.
  const filters = JSON.stringify([
    { id: 'priority', value: ['urgent'] },
    { id: 'contributor', value: s.writer.publicId },
  ])
  expect(ids(await list(s.request, { filters }))).toEqual([urgentMine])
  // A product of another organisation matches nothing.
  const b = await createTenant()
  const foreign = await createProductWithWorkflow(b.org.id)
  expect(await list(s.request, { product: foreign.productPublicId })).toMatchObject({ orders: [], count: 0 })

  const answer = await list(s.request, { priority: 'urgent' })
  expect(answer).toMatchObject({ statusCode: 200, status: true, count: 1, start: 0, nextCursor: null, prevCursor: null, lastCursor: null })
  expect(answer.orders[0]).toMatchObject({ _id: urgentMine, writer: 'Wanda Words', priority: 'urgent', projectStatus: 'Pending', package: { packageName: 'Executive Resume' } })
})

test('sorts by every column both ways; empty due dates come last either way', async ({ playwright }) => {
  const s = await shop(playwright)
  const [cara, abe, bea] = await s.add([
    { customerName: 'Cara Cole', packageName: 'b product', dueDate: daysFromNow(5), createdAt: daysFromNow(-3), updatedAt: daysFromNow(-1) },
    { customerName: 'Abe Able', packageName: 'c product', dueDate: null, createdAt: daysFromNow(-2), updatedAt: daysFromNow(-3) },
    { customerName: 'Bea Best', packageName: 'a product', dueDate: daysFromNow(2), createdAt: daysFromNow(-1), updatedAt: daysFromNow(-2) },
  ])
  const cases: [Record<string, string>, string[]][] = [
    [{}, [bea, abe, cara]],
    [{ sort: 'createdAt', dir: 'asc' }, [cara, abe, bea]],
    [{ sort: 'customer', dir: 'asc' }, [abe, bea, cara]],
    [{ sort: 'customer', dir: 'desc' }, [cara, bea, abe]],
    [{ sort: 'product', dir: 'asc' }, [bea, cara, abe]],
    [{ sort: 'product', dir: 'desc' }, [abe, cara, bea]],
    [{ sort: 'updatedAt', dir: 'desc' }, [cara, bea, abe]],
    [{ sort: 'updatedAt', dir: 'asc' }, [abe, bea, cara]],
    [{ sort: 'dueDate', dir: 'asc' }, [bea, cara, abe]],
    [{ sort: 'dueDate', dir: 'desc' }, [cara, bea, abe]],
    [{ sorting: JSON.stringify([{ id: 'customerName', desc: true }]) }, [cara, bea, abe]],
  ]
  for (const [params, expected] of cases) expect(ids(await list(s.request, params)), JSON.stringify(params)).toEqual(expected)
})

test('search over customer, e-mail, product and order id; % and _ match only themselves', async ({ playwright }) => {
  const s = await shop(playwright)
  const [percent, hundreds, underscore, xLetter, byEmail, byProduct] = await s.add([
    { customerName: 'Ann 100% Done' },
    { customerName: 'Ann 1000 Done' },
    { customerName: 'Bob_Smith' },
    { customerName: 'BobXSmith' },
    { customerName: 'Carl', customerEmail: 'carl.unique@mail.test' },
    { customerName: 'Dora', packageName: 'Zebra Package' },
  ])
  expect(ids(await list(s.request, { search: '100%' }))).toEqual([percent])
  expect(sorted(ids(await list(s.request, { search: 'Ann 100' })))).toEqual(sorted([percent, hundreds]))
  expect(ids(await list(s.request, { search: 'Bob_' }))).toEqual([underscore])
  expect(sorted(ids(await list(s.request, { search: 'Smith' })))).toEqual(sorted([underscore, xLetter]))
  expect(ids(await list(s.request, { search: 'carl.unique@' }))).toEqual([byEmail])
  expect(ids(await list(s.request, { search: 'zebra' }))).toEqual([byProduct])
  expect(ids(await list(s.request, { search: byProduct }))).toEqual([byProduct])
  expect(ids(await list(s.request, { search: '%' }))).toEqual([percent])
  expect(ids(await list(s.request, { search: '_' }))).toEqual([underscore])
})

test('paging: Next visits every order once, Prev and Last give the same orders back, start serves any offset', async ({ playwright }) => {
  const s = await shop(playwright)
  // Ties on the purchase time (three per second) and 130 orders: 50 + 50 + 30.
  const created = await s.add(Array.from({ length: 130 }, (_, i) => ({ createdAt: new Date(now - Math.floor(i / 3) * 1000) })))
  const visited: string[] = []
  const starts: number[] = []
  let answer = await list(s.request)
  for (;;) {
    expect(answer.count).toBe(130)
    starts.push(answer.start)
    visited.push(...ids(answer))
    if (!answer.nextCursor) break
    answer = await list(s.request, { cursor: answer.nextCursor })
  }
  expect(starts).toEqual([0, 50, 100])
  expect(visited).toHaveLength(130)
  expect(new Set(visited).size).toBe(130)
  expect(sorted(visited)).toEqual(sorted(created))

  const first = await list(s.request)
  let back = await list(s.request, { cursor: first.lastCursor! })
  expect(back).toMatchObject({ start: 100, nextCursor: null, lastCursor: null })
  const pages: string[][] = []
  for (;;) {
    pages.unshift(ids(back))
    if (!back.prevCursor) break
    back = await list(s.request, { cursor: back.prevCursor })
  }
  expect(pages.flat()).toEqual(visited)

  for (const start of [0, 50, 60, 100, 120]) {
    const page = await list(s.request, { start: String(start), size: '50' })
    expect(ids(page), `start=${start}`).toEqual(visited.slice(start, start + 50))
    expect(page.start).toBe(start)
  }
  expect(ids(await list(s.request, { start: '500' }))).toEqual([])
})

test('paging stays stable while new orders arrive between pages', async ({ playwright }) => {
  const s = await shop(playwright)
  const original = await s.add(Array.from({ length: 120 }, (_, i) => ({ createdAt: new Date(now - (i + 10) * 60_000), customerName: `Original ${String(i).padStart(3, '0')}` })))
  for (const sort of [
    { sort: 'createdAt', dir: 'desc' },
    { sort: 'createdAt', dir: 'asc' },
    { sort: 'customer', dir: 'asc' },
  ]) {
    const seen: string[] = []
    let answer = await list(s.request, sort)
    for (let round = 0; ; round++) {
      seen.push(...ids(answer))
      if (!answer.nextCursor) break
      // Newer orders (and names before and after the originals) land while the user reads the page.
      await s.add([
        { createdAt: new Date(now + round * 1000), customerName: `Aaron New ${round}` },
        { createdAt: new Date(now + round * 1000 + 1), customerName: `Zed New ${round}` },
      ])
      answer = await list(s.request, { ...sort, cursor: answer.nextCursor })
    }
    const originals = seen.filter((id) => original.includes(id))
    expect(originals, JSON.stringify(sort)).toHaveLength(original.length)
    expect(new Set(originals).size).toBe(original.length)
    expect(new Set(seen).size).toBe(seen.length)
  }
})

test('completed orders older than six months are hidden unless showSixMonthsCompleted=true', async ({ playwright }) => {
  const s = await shop(playwright)
  const [oldDone, recentDone, oldOpen] = await s.add([
    { statusPercentage: 100, completedAt: daysFromNow(-200), createdAt: daysFromNow(-220) },
    { statusPercentage: 100, completedAt: daysFromNow(-20), createdAt: daysFromNow(-300) },
    { createdAt: daysFromNow(-400) },
  ])
  expect(ids(await list(s.request))).toEqual([recentDone, oldOpen])
  expect(ids(await list(s.request, { showSixMonthsCompleted: 'true' }))).toEqual([oldDone, recentDone, oldOpen])
  expect((await list(s.request, { showSixMonthsCompleted: 'true' })).count).toBe(3)
})

test('the page says why its count differs from the dashboard: the rule and the link that changes it (issue 27)', async ({ playwright }) => {
  const s = await shop(playwright)
  const hidden = await (await s.request.get('/orders/view')).text()
  expect(hidden).toContain('Completed orders older than six months are hidden.')
  expect(hidden).toMatch(/href="\/orders\/view\?showSixMonthsCompleted=true"[^>]*>Show them</)
  const shown = await (await s.request.get('/orders/view?showSixMonthsCompleted=true')).text()
  expect(shown).toContain('Completed orders older than six months are included.')
  expect(shown).toMatch(/href="\/orders\/view\??"[^>]*>Hide them</)
  expect(await (await s.request.get('/dashboard')).text()).toContain('(hidden in the orders list); not test orders.')
})

test('Needs Action: unassigned, due soon or past due, or a revision newer than the last draft; never completed, archived or test orders', async ({ playwright }) => {
  const s = await shop(playwright)
  const assigned = { writerId: s.writer.userId }
  const [unassigned, dueSoon, pastDue, calm, revised, answered, done, archived, testOrder, hidden] = await s.add([
    { dueDate: daysFromNow(20) },
    { ...assigned, dueDate: daysFromNow(2) },
    { ...assigned, dueDate: daysFromNow(-3) },
    { ...assigned, dueDate: daysFromNow(10) },
    { ...assigned, customerLastRevisionAt: daysFromNow(-1) },
    { ...assigned, customerLastRevisionAt: daysFromNow(-5) },
    { dueDate: daysFromNow(1), statusPercentage: 100 },
    { archived: true },
    { testOrder: true },
    { hideOrder: true },
  ])
  // A draft delivered after the revision request answers it; an older draft does not.
  const t = { db: tenantDb(s.org.id), clientId: s.org.id }
  await createDraft(s.org.id, (await findOrder(t, answered))!, { createdAt: daysFromNow(-2) })
  await createDraft(s.org.id, (await findOrder(t, revised))!, { createdAt: daysFromNow(-3) })

  const res = await s.request.get('/api/client/need-actions')
  expect(res.status()).toBe(200)
  const body = await res.json()
  const got: string[] = body.needsActionOrders.map((o: OrderJson) => o._id)
  // Soonest due first, empty due dates last.
  expect(got.slice(0, 3)).toEqual([pastDue, dueSoon, unassigned])
  expect(sorted(got)).toEqual(sorted([unassigned, dueSoon, pastDue, revised, hidden]))
  for (const id of [calm, answered, done, archived, testOrder]) expect(got).not.toContain(id)
  expect(body).toMatchObject({ statusCode: 200, status: true, count: 5 })
  expect(body.writers).toEqual([expect.objectContaining({ _id: s.writer.publicId, firstName: 'Wanda', lastName: 'Words' })])

  expect((await s.request.post('/api/client/need-actions', { headers: ORIGIN_HEADERS })).status()).toBe(405)
  expect((await s.request.get('/api/client/need-actions?size=7')).status()).toBe(400)
})

test("another organisation's orders never appear; staff without READ_ORDERS get 403", async ({ playwright }) => {
  const s = await shop(playwright)
  const [mine] = await s.add([{ customerName: 'Shared Name' }])
  const b = await createTenant()
  const bProduct = await createProductWithWorkflow(b.org.id)
  const bCustomer = await createCustomer(b.org.id, { firstName: 'Shared', lastName: 'Name' })
  const bWriter = await createContributor(b.org.id)
  const foreign = await createOrder(b.org.id, { customerUserId: bCustomer.userId, productId: bProduct.productId }, { writerUserId: bWriter.userId, dueDate: daysFromNow(1) })

  const all = await list(s.request, { search: 'Shared Name', showSixMonthsCompleted: 'true' })
  expect(ids(all)).toEqual([mine])
  expect(ids(await list(s.request, { search: foreign.public_id }))).toEqual([])
  expect(ids(await list(s.request, { contributor: bWriter.publicId }))).toEqual([])
  const needs = await (await s.request.get('/api/client/need-actions?size=200')).json()
  expect(needs.needsActionOrders.map((o: OrderJson) => o._id)).not.toContain(foreign.public_id)

  const denied = await staffSession(open, playwright, s.org.id, s.org.name, ['READ_CUSTOMERS'])
  for (const path of ['/api/client/orders', '/api/client/need-actions']) {
    const res = await denied.request.get(path)
    expect(res.status(), path).toBe(403)
    expect((await res.json()).status).toBe(false)
  }
  const reader = await staffSession(open, playwright, s.org.id, s.org.name, ['READ_ORDERS'])
  expect(ids(await list(reader.request, { search: 'Shared Name' }))).toEqual([mine])
})

test('bad parameters answer 400 with a message, never 500', async ({ playwright }) => {
  const s = await shop(playwright)
  const cases: [string, string][] = [
    ['size=25', 'size must be 50, 100 or 200'],
    ['start=-5', 'start must be 0 or more'],
    ['start=abc', 'start must be a whole number'],
    ['sort=price', 'sort must be one of createdAt, dueDate, updatedAt, customer, product'],
    ['dir=sideways', 'dir must be asc or desc'],
    ['priority=critical', 'priority must be one of urgent, high, medium, low'],
    ['projectStatus=late', 'projectStatus must be one of Completed, Pending, On track, Due soon, Past due'],
    ['archived=maybe', 'archived must be true or false'],
    ['cursor=not-a-cursor', 'Invalid cursor'],
    ['filters=%7Bbroken', 'filters must be JSON'],
    [`filters=${encodeURIComponent('[{"id":"price","value":3}]')}`, 'Unknown filter: price'],
    ['sorting=%22x%22', 'sorting must be [{"id": column, "desc": true|false}]'],
    [`search=${'x'.repeat(101)}`, 'Search is at most 100 characters'],
  ]
  for (const [qs, message] of cases) {
    const res = await s.request.get(`/api/client/orders?${qs}`)
    expect(res.status(), qs).toBe(400)
    expect(await res.json(), qs).toMatchObject({ statusCode: 400, status: false, error: message })
  }
  await s.add(Array.from({ length: 60 }, () => ({})))
  const { nextCursor } = await list(s.request)
  const otherSort = await s.request.get(`/api/client/orders?cursor=${nextCursor}&sort=customer`)
  expect(await otherSort.json()).toMatchObject({ statusCode: 400, error: 'The cursor belongs to another sort' })
  expect((await s.request.post('/api/client/orders', { headers: ORIGIN_HEADERS })).status()).toBe(405)
})

test('homepage order counts: every order but test orders; completed at 100 percent (ADR 0018)', async ({ playwright }) => {
  const s = await shop(playwright)
  // The template order is archived and open.
  await s.add([
    {},
    { statusPercentage: 100 },
    { markedAsComplete: true },
    { archived: true, statusPercentage: 100 },
    { hideOrder: true },
    { testOrder: true },
    { testOrder: true, statusPercentage: 100 },
  ])
  // The counts come from the rollups (ADR 0043); bulk-inserted rows reach them by a rebuild.
  await rebuildAnalytics({ db: tenantDb(s.org.id), clientId: s.org.id })
  const res = await s.request.get('/api/client/homepage')
  expect(res.status()).toBe(200)
  expect((await res.json()).data).toMatchObject({ totalOrders: 6, pendingOrders: 3, completedOrders: 3 })
})
