// My work's calls through the real HTTP server (ADR 0066): GET /api/writer/orders and the open pool's
// claim. Signed out 401, the owner and staff without WRITER/REVIEWER 403, only the contributor's own
// orders (no customer contact, no price), another organisation's contributor sees none, malformed
// queries 400, the pool off 404, another organisation's order 404, and two writers at once: one wins.
import { expect, test } from '@playwright/test'
import { saveWebsiteSettings } from '#app/models/organisation-settings.server'
import { tenantDb } from '#app/services/db.server'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { createTenant, TEST_PASSWORD } from '#tests/factories/index'
import { signIn } from '#tests/security/helpers'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()

async function world(playwright: Parameters<typeof ownerSession>[1], settings: { enable_open_pool?: boolean } = {}) {
  const a = await ownerSession(open, playwright)
  if (settings.enable_open_pool) await saveWebsiteSettings({ db: tenantDb(a.org.id), clientId: a.org.id }, { enable_open_pool: true })
  const product = await createProductWithWorkflow(a.org.id, { name: 'Resume Deluxe', priceCents: 45678 })
  const customer = await createCustomer(a.org.id, { firstName: 'Carla', lastName: 'Hidden-Lastname', email: `carla-${a.org.id}@example.test` })
  const writer = await createContributor(a.org.id, { firstName: 'Wendy' })
  const rival = await createContributor(a.org.id, { firstName: 'Rita' })
  const refs = { customerUserId: customer.userId, productId: product.productId }
  const mine = await createOrder(a.org.id, refs, { writerUserId: writer.userId, dueDate: new Date(Date.now() + 86_400_000), completedTasks: ['previous_document'] })
  const theirs = await createOrder(a.org.id, refs, { writerUserId: rival.userId })
  const unassigned = await createOrder(a.org.id, refs)

  const b = await createTenant()
  const bProduct = await createProductWithWorkflow(b.org.id)
  const bCustomer = await createCustomer(b.org.id)
  const bWriter = await createContributor(b.org.id)
  const bOrder = await createOrder(b.org.id, { customerUserId: bCustomer.userId, productId: bProduct.productId })
  const bMine = await createOrder(b.org.id, { customerUserId: bCustomer.userId, productId: bProduct.productId }, { writerUserId: bWriter.userId })

  const session = async (email: string, orgName: string) => {
    const request = await open(playwright)
    await signIn(request, email, orgName, TEST_PASSWORD)
    return request
  }
  return { a, writer, rival, mine, theirs, unassigned, b, bWriter, bOrder, bMine, session }
}

test('a writer gets only their own orders, with the next task and without customer contact or prices', async ({ playwright }) => {
  const w = await world(playwright)
  const writer = await w.session(w.writer.email, w.a.org.name)
  const res = await writer.get('/api/writer/orders')
  expect(res.status()).toBe(200)
  const body = await res.json()
  expect(body).toMatchObject({ status: true, count: 1 })
  expect(body.orders).toEqual([
    {
      _id: w.mine.public_id,
      productName: 'Resume Deluxe',
      dueDate: expect.any(String),
      priority: 'medium',
      statusPercentage: 33,
      nextTask: { serviceId: expect.any(String), taskId: 'revision_process', title: 'Revision Process', waitsOn: 'team' },
    },
  ])
  const text = JSON.stringify(body)
  for (const secret of ['Hidden-Lastname', 'carla-', '456.78', '45678', 'price']) expect(text).not.toContain(secret)
  // Filters and paging ride on the query.
  expect((await (await writer.get('/api/writer/orders?filter=waiting-on-me')).json()).count).toBe(1)
  expect((await (await writer.get('/api/writer/orders?filter=done')).json()).count).toBe(0)
  expect(await (await writer.get('/api/writer/orders?page=2&size=10')).json()).toMatchObject({ orders: [], count: 1 })

  // Another organisation's writer sees their own order and none of these.
  const bWriter = await w.session(w.bWriter.email, w.b.org.name)
  const theirs = await (await bWriter.get('/api/writer/orders')).json()
  expect(theirs.orders.map((o: { _id: string }) => o._id)).toEqual([w.bMine.public_id])
})

test('signed out 401, the owner and staff without WRITER or REVIEWER 403, malformed queries 400', async ({ playwright }) => {
  const w = await world(playwright)
  const anonymous = await open(playwright)
  expect((await anonymous.get('/api/writer/orders')).status()).toBe(401)
  expect((await anonymous.post(`/api/writer/pool/${w.unassigned.public_id}/claim`, { headers: ORIGIN_HEADERS })).status()).toBe(401)

  const asOwner = await w.a.request.get('/api/writer/orders')
  expect(asOwner.status()).toBe(403)
  expect(await asOwner.json()).toMatchObject({ status: false, error: 'My work is only for contributors and reviewers.' })
  expect((await w.a.request.post(`/api/writer/pool/${w.unassigned.public_id}/claim`, { headers: ORIGIN_HEADERS })).status()).toBe(403)
  const staff = await staffSession(open, playwright, w.a.org.id, w.a.org.name, ['READ_ORDERS', 'UPDATE_ORDERS'])
  expect((await staff.request.get('/api/writer/orders')).status()).toBe(403)
  expect((await staff.request.get('/work')).status()).toBe(403)

  const writer = await w.session(w.writer.email, w.a.org.name)
  for (const query of ['filter=bogus', 'page=0', 'page=abc', 'page=1.5', 'size=7', 'size=', 'size=1000']) {
    const res = await writer.get(`/api/writer/orders?${query}`)
    expect(res.status(), query).toBe(query === 'size=' ? 200 : 400)
    if (query !== 'size=') expect((await res.json()).error, query).toEqual(expect.any(String))
  }
  expect((await writer.get('/work?filter=bogus')).status()).toBe(400)
})

test('the open pool: off is a 404; on, two writers claiming at once get one winner and one 409; another organisation’s order is a 404', async ({ playwright }) => {
  const off = await world(playwright)
  const offWriter = await off.session(off.writer.email, off.a.org.name)
  const refused = await offWriter.post(`/api/writer/pool/${off.unassigned.public_id}/claim`, { headers: ORIGIN_HEADERS })
  expect(refused.status()).toBe(404)
  expect(await refused.json()).toMatchObject({ status: false, error: 'The open pool is not enabled in this organisation.' })

  const w = await world(playwright, { enable_open_pool: true })
  const [writer, rival] = await Promise.all([w.session(w.writer.email, w.a.org.name), w.session(w.rival.email, w.a.org.name)])
  expect((await writer.post(`/api/writer/pool/${w.bOrder.public_id}/claim`, { headers: ORIGIN_HEADERS })).status()).toBe(404)
  expect((await writer.post(`/api/writer/pool/${w.theirs.public_id}/claim`, { headers: ORIGIN_HEADERS })).status()).toBe(409)

  const answers = await Promise.all([writer, rival].map((r) => r.post(`/api/writer/pool/${w.unassigned.public_id}/claim`, { headers: ORIGIN_HEADERS })))
  expect(answers.map((r) => r.status()).sort()).toEqual([200, 409])
  const loser = answers.find((r) => r.status() === 409)!
  expect(await loser.json()).toMatchObject({ status: false, error: 'Another writer claimed this order first. Pick another one from the open pool.' })
  const winner = answers[0]!.status() === 200 ? writer : rival
  const list = await (await winner.get('/api/writer/orders')).json()
  expect(list.orders.map((o: { _id: string }) => o._id)).toContain(w.unassigned.public_id)
  expect((await writer.get(`/api/writer/pool/${w.unassigned.public_id}/claim`)).status()).toBe(405)
})
