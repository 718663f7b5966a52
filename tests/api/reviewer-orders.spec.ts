// The reviewer's orders through the real HTTP server: only orders assigned to the signed-in reviewer,
// the archived toggle, the latest-task label, paging sizes, and refusal for the owner and other staff.
import { expect, test } from '@playwright/test'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { createTenant, TEST_PASSWORD } from '#tests/factories/index'
import { signIn } from '#tests/security/helpers'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()

/** Organisation A with two reviewers and orders for each; organisation B with an order for its own reviewer. */
async function world(playwright: Parameters<typeof ownerSession>[1]) {
  const a = await ownerSession(open, playwright)
  const product = await createProductWithWorkflow(a.org.id, {
    modules: [
      { id: 'previous_document', title: 'Upload Documents' },
      { id: 'intake_form_1', title: 'Intake form' },
    ],
  })
  const customer = await createCustomer(a.org.id)
  const writer = await createContributor(a.org.id)
  const reviewer = await createContributor(a.org.id, { role: 'REVIEWER' })
  const other = await createContributor(a.org.id, { role: 'REVIEWER', firstName: 'Otto' })
  const refs = { customerUserId: customer.userId, productId: product.productId }
  const docs = await createOrder(
    a.org.id,
    { ...refs, createdAt: new Date(Date.now() - 3_600_000) },
    { reviewerUserId: reviewer.userId, writerUserId: writer.userId, completedTasks: ['previous_document'] },
  )
  const form = await createOrder(a.org.id, refs, { reviewerUserId: reviewer.userId, completedTasks: ['intake_form_1'] })
  const archived = await createOrder(a.org.id, refs, { reviewerUserId: reviewer.userId, archived: true })
  const othersOrder = await createOrder(a.org.id, refs, { reviewerUserId: other.userId })
  const unassigned = await createOrder(a.org.id, refs)

  const b = await createTenant()
  const bProduct = await createProductWithWorkflow(b.org.id)
  const bCustomer = await createCustomer(b.org.id)
  const bReviewer = await createContributor(b.org.id, { role: 'REVIEWER' })
  const bOrder = await createOrder(b.org.id, { customerUserId: bCustomer.userId, productId: bProduct.productId }, { reviewerUserId: bReviewer.userId })

  const reviewerSession = await open(playwright)
  await signIn(reviewerSession, reviewer.email, a.org.name, TEST_PASSWORD)
  return { a, reviewer, reviewerSession, docs, form, archived, othersOrder, unassigned, b, bOrder }
}

test('a reviewer sees only the orders assigned to them, newest first, with the latest-task label', async ({ playwright }) => {
  const w = await world(playwright)
  const res = await w.reviewerSession.get('/api/client/orders/reviewer-orders')
  expect(res.status()).toBe(200)
  const body = await res.json()
  expect(body).toMatchObject({ status: true, count: 2, data: { count: 2 } })
  const orders = body.data.orders as { _id: string; lastTask: string | null; writer: string | null; archived: boolean }[]
  expect(orders.map((o) => o._id)).toEqual([w.form.public_id, w.docs.public_id])
  expect(orders[0]).toMatchObject({ lastTask: 'Form completed', archived: false })
  expect(orders[1]).toMatchObject({ lastTask: 'Documents Submitted', writer: 'Wren Writer' })
  const ids = orders.map((o) => o._id)
  for (const notMine of [w.archived, w.othersOrder, w.unassigned, w.bOrder]) expect(ids).not.toContain(notMine.public_id)
})

test('the archived toggle lists the archived ones instead', async ({ playwright }) => {
  const w = await world(playwright)
  const body = await (await w.reviewerSession.get('/api/client/orders/reviewer-orders?archived=true')).json()
  expect(body.count).toBe(1)
  expect(body.data.orders.map((o: { _id: string }) => o._id)).toEqual([w.archived.public_id])
  expect(body.data.orders[0].archived).toBe(true)
})

test('pages 100, 150 or 200 at a time', async ({ playwright }) => {
  const w = await world(playwright)
  expect((await w.reviewerSession.get('/api/client/orders/reviewer-orders?size=200&start=0')).status()).toBe(200)
  const beyond = await (await w.reviewerSession.get('/api/client/orders/reviewer-orders?start=100')).json()
  expect(beyond).toMatchObject({ count: 2, data: { orders: [] } })
  expect((await w.reviewerSession.get('/api/client/orders/reviewer-orders?size=50')).status()).toBe(400)
})

test('the owner (role client) and staff without REVIEWER are refused', async ({ playwright }) => {
  const w = await world(playwright)
  const asOwner = await w.a.request.get('/api/client/orders/reviewer-orders')
  expect(asOwner.status()).toBe(403)
  expect(await asOwner.json()).toMatchObject({ status: false, error: 'Assigned Orders are only for reviewers.' })
  const writer = await staffSession(open, playwright, w.a.org.id, w.a.org.name, ['WRITER', 'READ_ORDERS'])
  expect((await writer.request.get('/api/client/orders/reviewer-orders')).status()).toBe(403)
})

test('other methods answer 405 JSON', async ({ playwright }) => {
  const w = await world(playwright)
  for (const method of ['POST', 'PATCH', 'DELETE']) {
    const res = await w.reviewerSession.fetch('/api/client/orders/reviewer-orders', { method, headers: ORIGIN_HEADERS, data: {} })
    expect(res.status(), method).toBe(405)
    expect(await res.json()).toMatchObject({ status: false, error: 'Method Not Allowed' })
  }
})
