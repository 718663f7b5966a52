// The customer's orders through the real HTTP server (issue 25, ADR 0060): a customer reads their own orders only;
// another customer's order (same organisation or another), a test or a hidden order is a 404 on the page and the
// call alike; a staff session and a signed-out visitor get no customer data; unknown hosts and the platform host know no portal.
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { TEST_PASSWORD } from '#tests/factories/index'
import { sessionCookieFrom, tenantWithSubdomain } from './helpers'
import { PORT, rawRequest } from './raw-http'

type World = Awaited<ReturnType<typeof world>>

async function world(prefix: string) {
  const tenant = await tenantWithSubdomain(prefix)
  const data = await createCustomerOrders(tenant.org.id)
  return { ...tenant, ...data }
}

const get = (host: string, path: string, cookie?: string) => rawRequest({ path, headers: { Host: host, ...(cookie ? { Cookie: cookie } : {}) } })

async function customerSession(w: World, email = w.customer.email): Promise<string> {
  const res = await rawRequest({
    method: 'POST',
    path: '/api/portal/auth/login',
    headers: { Host: w.host, Origin: `http://${w.host}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  })
  expect(res.status, res.body).toBe(200)
  return sessionCookieFrom([res.headers['set-cookie'] ?? []].flat())!
}

/** The owner's staff session on the organisation's own host (the staff login, as /login there does it). */
async function staffSession(w: World): Promise<string> {
  const org = await platformDb.selectFrom('organisations').select('public_id').where('id', '=', w.org.id).executeTakeFirstOrThrow()
  const res = await rawRequest({
    method: 'POST',
    path: '/api/auth/login',
    headers: { Host: w.host, Origin: `http://${w.host}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: w.owner.email, password: TEST_PASSWORD, clientId: org.public_id }),
  })
  expect(res.status, res.body).toBe(200)
  return sessionCookieFrom([res.headers['set-cookie'] ?? []].flat())!
}

test('a customer reads their own orders, on the page and through the calls', async () => {
  const a = await world('coa')
  const cookie = await customerSession(a)
  const list = await get(a.host, '/api/portal/orders', cookie)
  expect(list.status, list.body).toBe(200)
  const body = JSON.parse(list.body)
  expect(body).toMatchObject({ statusCode: 200, status: true })
  expect(body.orders.map((o: { _id: string }) => o._id)).toEqual([a.orders.writing.public_id, a.orders.brief.public_id, a.orders.done.public_id])
  expect(Object.keys(body.orders[0]).sort()).toEqual(['_id', 'dueDate', 'productName', 'status', 'waitingOn'])

  const one = await get(a.host, `/api/portal/orders/${a.orders.writing.public_id}`, cookie)
  expect(one.status, one.body).toBe(200)
  const order = JSON.parse(one.body).order
  expect(order).toMatchObject({ _id: a.orders.writing.public_id, drafts: [], team: [{ role: 'Writer', name: 'Alex the Writer' }] })
  expect(order.modules.map((m: { state: string }) => m.state)).toEqual(['done', 'done', 'next', 'later'])
  // Never the writer's own name or address, nor staff-only columns of the order.
  for (const secret of ['Realname', a.writer.email, a.owner.email, 'price', 'writer_id', 'amount_paid']) expect(one.body).not.toContain(secret)

  const page = await get(a.host, `/my-orders/${a.orders.writing.public_id}`, cookie)
  expect(page.status).toBe(200)
  expect(page.body).toContain('Alex the Writer')
  expect(page.body).not.toContain('Realname')
  expect((await get(a.host, '/my-orders', cookie)).status).toBe(200)
})

test("another customer's order of the same organisation, a test or a hidden order is a 404 on page and call", async () => {
  const a = await world('cob')
  const cookie = await customerSession(a)
  for (const order of [a.orders.othersOrder, a.orders.testOrder, a.orders.hidden]) {
    const call = await get(a.host, `/api/portal/orders/${order.public_id}`, cookie)
    expect(call.status, order.public_id).toBe(404)
    expect(JSON.parse(call.body)).toEqual({ statusCode: 404, status: false, error: 'Order not found' })
    const page = await get(a.host, `/my-orders/${order.public_id}`, cookie)
    expect(page.status).toBe(404)
    expect(page.body).not.toContain('Nora')
  }
  const list = await get(a.host, '/api/portal/orders', cookie)
  for (const order of [a.orders.othersOrder, a.orders.testOrder, a.orders.hidden]) expect(list.body).not.toContain(order.public_id)
})

test("another organisation's order is a 404 on this host, and this customer's session is nobody's on that host", async () => {
  const a = await world('coc')
  const b = await world('cod')
  const cookieA = await customerSession(a)
  const cookieB = await customerSession(b)
  for (const path of [`/api/portal/orders/${b.orders.writing.public_id}`, `/my-orders/${b.orders.writing.public_id}`]) {
    expect((await get(a.host, path, cookieA)).status, path).toBe(404)
  }
  // A's session on B's host is signed out: the call says 401, the page sends to the sign-in, and nothing of B leaks.
  const call = await get(b.host, `/api/portal/orders/${b.orders.writing.public_id}`, cookieA)
  expect(call.status).toBe(401)
  expect(call.body).not.toContain(b.orders.writing.package_name)
  const page = await get(b.host, `/my-orders/${b.orders.writing.public_id}`, cookieA)
  expect(page.status).toBe(302)
  expect(page.headers.location).toMatch(/^\/login\?redirectTo=/)
  // B's own order is B's.
  expect((await get(b.host, `/api/portal/orders/${b.orders.writing.public_id}`, cookieB)).status).toBe(200)
})

test('a staff session and a signed-out visitor get no customer data', async () => {
  const a = await world('coe')
  const staff = await staffSession(a)
  for (const cookie of [staff, undefined]) {
    const list = await get(a.host, '/api/portal/orders', cookie)
    expect(list.status).toBe(401)
    expect(list.body).not.toContain(a.orders.writing.public_id)
    const one = await get(a.host, `/api/portal/orders/${a.orders.writing.public_id}`, cookie)
    expect(one.status).toBe(401)
    const page = await get(a.host, `/my-orders/${a.orders.writing.public_id}`, cookie)
    expect(page.status).toBe(302)
    expect(page.headers.location).toMatch(/^\/login/)
    expect(page.body).not.toContain(a.orders.writing.package_name)
  }
})

test('unknown hosts and the platform host have no orders pages or calls', async () => {
  const a = await world('cof')
  const cookie = await customerSession(a)
  for (const host of [`nosuch${Date.now()}.localhost:${PORT}`, 'evil.example', `localhost:${PORT}`]) {
    for (const path of ['/my-orders', `/my-orders/${a.orders.writing.public_id}`, '/api/portal/orders', `/api/portal/orders/${a.orders.writing.public_id}`]) {
      const res = await get(host, path, cookie)
      expect(res.status, `${host}${path}`).toBe(404)
      expect(res.body).not.toContain(a.orders.writing.package_name)
    }
  }
})

test("the product's files download for the customer whose order it is, as attachments, and for nobody else", async () => {
  const a = await world('cod')
  const b = await world('coe')
  const path = (order: string, file = a.checklistId) => `/my-orders/${order}/downloads/${file}`
  const own = await get(a.host, path(a.orders.writing.public_id), await customerSession(a))
  expect(own.status).toBe(200)
  expect(own.body).toBe('%PDF-1.4 interview checklist')
  expect(own.headers['content-type']).toBe('application/octet-stream')
  expect(own.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''checklist\.pdf$/)
  expect(own.headers['x-content-type-options']).toBe('nosniff')

  const other = await customerSession(a, a.other.email)
  for (const [what, res] of [
    ["another customer's order", await get(a.host, path(a.orders.writing.public_id), other)],
    ['a hidden order', await get(a.host, path(a.orders.hidden.public_id), await customerSession(a))],
    ["another organisation's file through one's own order", await get(a.host, path(a.orders.writing.public_id, b.checklistId), await customerSession(a))],
    ["one's own order and file on another organisation's host", await get(b.host, path(a.orders.writing.public_id), await customerSession(b))],
  ] as const) {
    expect(res.status, what).toBe(404)
    expect(res.body, what).not.toContain('checklist')
  }
  // Signed out: the sign-in page, never the file; staff are not customers here either.
  const signedOut = await get(a.host, path(a.orders.writing.public_id))
  expect(signedOut.status).toBe(302)
  const staff = await get(a.host, path(a.orders.writing.public_id), await staffSession(a))
  expect(staff.status).toBe(302)
  expect(staff.body).not.toContain('checklist')
  expect((await get(`localhost:${PORT}`, path(a.orders.writing.public_id))).status).toBe(404)
})
