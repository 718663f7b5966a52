// Contributors Analytics calls through the real HTTP server (back-office section 7, ADR 0047): GET
// /api/client/writers/analytics and the five POST calls answer the spec's fields; READ_WRITERS_ANALYSIS
// is needed for the page and every call; another organisation's contributor ids give nothing of theirs;
// malformed bodies and filters are 400s, never 500s.
import { expect, test } from '@playwright/test'
import { rebuildAnalytics } from '#app/models/analytics.server'
import { tenantDb } from '#app/services/db.server'
import { createContributor, createCustomer, createDraft, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()
const FORBIDDEN = "You don't have the required permissions! Please contact your admin to give you permissions then refresh the page"
const BASE = '/api/client/writers/analytics'
const PAGE = '/client/users/contributors/analytics'
const METRICS = ['order-tracker', 'first-draft-rating', 'chat-response-time', 'first-draft-response-time', 'final-delivery-response-time'] as const
const FIELDS: Record<(typeof METRICS)[number], string> = {
  'order-tracker': 'writerOrders',
  'first-draft-rating': 'avgRatingWithTwoDecimal',
  'chat-response-time': 'avgChatTimeInDays',
  'first-draft-response-time': 'avgFirstDraftResTimeInDays',
  'final-delivery-response-time': 'avgFinalDocResTimeInDays',
}

/** A contributor with one completed order of the last hour: first draft rated 5. */
async function contributorWorld(clientId: number, firstName: string) {
  const product = await createProductWithWorkflow(clientId)
  const customer = await createCustomer(clientId)
  const writer = await createContributor(clientId, { firstName, lastName: 'Writer' })
  const order = await createOrder(clientId, { customerUserId: customer.userId, productId: product.productId }, { writerUserId: writer.userId, marked_as_complete: true })
  await createDraft(clientId, order, { rating: 5 })
  await rebuildAnalytics({ db: tenantDb(clientId), clientId })
  return writer
}

const post = (request: import('@playwright/test').APIRequestContext, path: string, data: unknown) =>
  request.post(path, { headers: ORIGIN_HEADERS, data: data as Record<string, unknown> })

test('the contributors, and every call with the spec fields per contributor', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const writer = await contributorWorld(a.org.id, 'Wanda')

  const overview = await a.request.get(BASE)
  expect(overview.status()).toBe(200)
  const body = await overview.json()
  expect(body).toMatchObject({ status: true, settings: { disable_customer_rating: false } })
  expect(body.writers).toEqual([expect.objectContaining({ _id: writer.publicId, firstName: 'Wanda', lastName: 'Writer', writerName: 'Wanda Writer' })])

  for (const metric of METRICS) {
    const res = await post(a.request, `${BASE}/${metric}`, { selectedWriters: [writer.publicId] })
    expect(res.status(), metric).toBe(200)
    const answer = await res.json()
    expect(answer.status, metric).toBe(true)
    expect(answer.data, metric).toHaveLength(1)
    expect(answer.data[0], metric).toMatchObject({ _id: writer.publicId, writerName: 'Wanda Writer', firstName: 'Wanda', lastName: 'Writer' })
    expect(answer.data[0], metric).toHaveProperty(FIELDS[metric])
  }
  // The default range is 24Hours; each range is accepted.
  const tracker = await (await post(a.request, `${BASE}/order-tracker`, { selectedWriters: [writer.publicId] })).json()
  expect(tracker).toMatchObject({ filter: '24Hours', data: [{ writerOrders: 1, completedOrders: 1 }] })
  for (const filter of ['24Hours', '7Days', '30Days', '3Months', '6Months']) {
    const res = await post(a.request, `${BASE}/order-tracker?filter=${filter}`, { selectedWriters: [] })
    expect(res.status(), filter).toBe(200)
    expect(await res.json(), filter).toMatchObject({ filter, data: [{ writerOrders: 1 }] })
  }
  const rating = await (await post(a.request, `${BASE}/first-draft-rating`, { selectedWriters: [writer.publicId] })).json()
  expect(rating.data[0]).toMatchObject({ avgRatingWithTwoDecimal: 5, ratedOrders: 1 })
})

test('READ_WRITERS_ANALYSIS guards the page and every call', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const writer = await contributorWorld(a.org.id, 'Wanda')
  const without = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_USERS', 'VIEW_DASHBOARD', 'READ_ORDERS'])
  expect((await without.request.get(PAGE)).status()).toBe(403)
  const overview = await without.request.get(BASE)
  expect(overview.status()).toBe(403)
  expect(await overview.json()).toMatchObject({ status: false, error: FORBIDDEN })
  for (const metric of METRICS) {
    const res = await post(without.request, `${BASE}/${metric}`, { selectedWriters: [writer.publicId] })
    expect(res.status(), metric).toBe(403)
    expect(await res.json(), metric).toMatchObject({ status: false, error: FORBIDDEN })
  }
  // A bad body from someone without the permission is still a 403, not a hint at validation.
  expect((await post(without.request, `${BASE}/order-tracker?filter=nope`, { selectedWriters: 'x' })).status()).toBe(403)

  const allowed = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_WRITERS_ANALYSIS'])
  expect((await allowed.request.get(PAGE)).status()).toBe(200)
  expect((await allowed.request.get(BASE)).status()).toBe(200)
  for (const metric of METRICS) expect((await post(allowed.request, `${BASE}/${metric}`, { selectedWriters: [] })).status(), metric).toBe(200)
})

test('signed out: 401 on every call', async ({ playwright }) => {
  const anonymous = await open(playwright)
  expect((await anonymous.get(BASE)).status()).toBe(401)
  for (const metric of METRICS) expect((await post(anonymous, `${BASE}/${metric}`, { selectedWriters: [] })).status(), metric).toBe(401)
})

test("another organisation's contributor id in selectedWriters gives nothing of theirs", async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const b = await ownerSession(open, playwright)
  const mine = await contributorWorld(a.org.id, 'Amy')
  const theirs = await contributorWorld(b.org.id, 'Bea')
  for (const metric of METRICS) {
    const only = await (await post(a.request, `${BASE}/${metric}?filter=6Months`, { selectedWriters: [theirs.publicId] })).json()
    expect(only.data, metric).toEqual([])
    const mixed = await (await post(a.request, `${BASE}/${metric}?filter=6Months`, { selectedWriters: [theirs.publicId, mine.publicId] })).json()
    expect(
      mixed.data.map((r: { _id: string }) => r._id),
      metric,
    ).toEqual([mine.publicId])
    // No selection means this organisation's contributors, never B's.
    const all = await (await post(a.request, `${BASE}/${metric}`, { selectedWriters: [] })).json()
    expect(JSON.stringify(all), metric).not.toContain('Bea')
  }
  expect(JSON.stringify(await (await a.request.get(BASE)).json())).not.toContain(theirs.publicId)
  // A client id in the URL changes nothing.
  const foreign = await (await post(a.request, `${BASE}/order-tracker?clientId=${b.org.id}&client_id=${b.org.id}`, { selectedWriters: [theirs.publicId] })).json()
  expect(foreign.data).toEqual([])
  // The page ignores their id in the URL too.
  const page = await (await a.request.get(`${PAGE}?w=${theirs.publicId}&range=6Months`)).text()
  expect(page).not.toContain('Bea Writer')
  expect(page).toContain('Amy Writer')
})

test('malformed bodies and filters are 400, unknown calls 404, other methods 405; never 500', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  await contributorWorld(a.org.id, 'Wanda')
  const raw = (path: string, data: string, type: string) => a.request.post(path, { headers: { ...ORIGIN_HEADERS, 'Content-Type': type }, data })
  for (const metric of METRICS) {
    const path = `${BASE}/${metric}`
    const bad = [
      await post(a.request, path, {}),
      await post(a.request, path, { selectedWriters: 'abc' }),
      await post(a.request, path, { selectedWriters: [1, 2] }),
      await post(a.request, path, { selectedWriters: [null] }),
      await post(a.request, path, { selectedWriters: [''] }),
      await post(a.request, path, { selectedWriters: ['x'.repeat(65)] }),
      await post(a.request, path, { selectedWriters: Array.from({ length: 51 }, (_, i) => `id${i}`) }),
      await raw(path, '{"selectedWriters": [', 'application/json'),
      await raw(path, '[1,2]', 'application/json'),
      await raw(path, 'just text', 'text/plain'),
    ]
    for (const [i, res] of bad.entries()) {
      expect(res.status(), `${metric} #${i}`).toBe(400)
      expect((await res.json()).status, `${metric} #${i}`).toBe(false)
    }
  }
  for (const filter of ['1Year', '', '24hours', '7Days%27%20OR%201=1']) {
    const res = await post(a.request, `${BASE}/order-tracker?filter=${filter}`, { selectedWriters: [] })
    expect(res.status(), filter).toBe(400)
    expect((await res.json()).error, filter).toContain('filter must be one of')
  }
  expect((await post(a.request, `${BASE}/writers-ranking`, { selectedWriters: [] })).status()).toBe(404)
  for (const metric of METRICS) expect((await a.request.get(`${BASE}/${metric}`)).status(), metric).toBe(405)
  expect((await post(a.request, BASE, { selectedWriters: [] })).status()).toBe(405)
  // The page falls back to the default range on a bad one, and ignores unknown ids.
  expect((await a.request.get(`${PAGE}?range=forever&w=nobody&w=`)).status()).toBe(200)
})
