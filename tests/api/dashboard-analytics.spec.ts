// The dashboard's JSON calls through the real HTTP server (portal section 7, ADR 0043): GET
// /api/client/homepage and the six /analytics calls answer the spec's fields from the rollups, the same
// figures as the page's model functions; each organisation sees its own; the permission denials.
import { expect, test } from '@playwright/test'
import { rebuildAnalytics } from '#app/models/analytics.server'
import * as dashboard from '#app/models/dashboard.server'
import { platformDb, tenantDb } from '#app/services/db.server'
import { createTenant } from '#tests/factories/index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { signIn } from '#tests/security/helpers'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()
const FORBIDDEN = "You don't have the required permissions! Please contact your admin to give you permissions then refresh the page"
const ANALYTICS = '/api/client/homepage/analytics'
const CALLS = ['sales-history', 'orders-history', 'writers-stats', 'products-history', 'total-sales-earnings', 'top-ten-selling-products'] as const

const tenant = (clientId: number) => ({ db: tenantDb(clientId), clientId })

/** Orders this month (one completed, one assigned), a paid invoice and a tip, built into the rollups. */
async function salesWorld(clientId: number) {
  const product = await createProductWithWorkflow(clientId, { name: 'Executive Resume', priceCents: 25000 })
  const customer = await createCustomer(clientId)
  const writer = await createContributor(clientId, { firstName: 'Wanda', lastName: 'Words' })
  const done = await createOrder(clientId, { customerUserId: customer.userId, productId: product.productId }, { marked_as_complete: true, writerUserId: writer.userId })
  await createOrder(clientId, { customerUserId: customer.userId, productId: product.productId })
  await platformDb
    .insertInto('order_invoices')
    .values({ public_id: `dash${clientId}`.padEnd(24, 'x'), client_id: clientId, customer_id: customer.userId, status: 'paid', price_cents: 25000, paid_at: new Date() })
    .execute()
  await platformDb
    .insertInto('order_tips')
    .values({ public_id: `tip${clientId}`.padEnd(24, 'x'), client_id: clientId, order_id: done.id, amount_cents: 1500, paid_at: new Date() })
    .execute()
  await rebuildAnalytics(tenant(clientId))
}

test('every call answers the spec fields, the same figures as the page models', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  await salesWorld(a.org.id)
  const t = tenant(a.org.id)

  const home = await a.request.get('/api/client/homepage')
  expect(home.status()).toBe(200)
  expect((await home.json()).data).toMatchObject({ totalWriters: 1, totalCustomers: 1, totalOrders: 2, pendingOrders: 1, completedOrders: 1 })

  const answers: Record<string, any> = {}
  for (const call of CALLS) {
    const res = await a.request.get(`${ANALYTICS}/${call}`)
    expect(res.status(), call).toBe(200)
    answers[call] = await res.json()
    expect(answers[call]).toMatchObject({ status: true, statusCode: 200 })
  }
  expect(answers['total-sales-earnings']).toMatchObject({ monthRevenue: 250, monthTips: 15, totalRevenue: 250, totalTips: 15, currencyType: 'usd' })
  expect(answers['sales-history'].sales).toHaveLength(6)
  expect(answers['sales-history'].sales.at(-1)).toMatchObject({ total: 250 })
  expect(answers['orders-history'].orders).toHaveLength(6)
  expect(answers['orders-history'].orders.at(-1)).toMatchObject({ count: 2, completed: 1, pending: 1 })
  expect(answers['top-ten-selling-products'].sortedProducts).toEqual([{ packageName: 'Executive Resume', count: 2 }])
  expect(answers['products-history'].packages).toEqual([{ packageName: 'Executive Resume', data: [0, 0, 0, 0, 0, 2] }])
  expect(answers['products-history'].months).toHaveLength(6)
  expect(answers['writers-stats']).toMatchObject({ legend: ['Wanda Words'], writersSales: [{ name: 'Wanda Words', value: 1 }] })

  // The page's loader reads the very same functions.
  const strip = ({ status: _s, statusCode: _c, ...rest }: Record<string, unknown>) => rest
  expect(strip(answers['sales-history'])).toEqual(await dashboard.salesHistory(t))
  expect(strip(answers['orders-history'])).toEqual(await dashboard.ordersHistory(t))
  expect(strip(answers['writers-stats'])).toEqual(await dashboard.writersStats(t))
  expect(strip(answers['products-history'])).toEqual(await dashboard.productsHistory(t))
  expect(strip(answers['total-sales-earnings'])).toEqual(await dashboard.totalSalesEarnings(t))
  expect(strip(answers['top-ten-selling-products'])).toEqual(await dashboard.topTenSellingProducts(t))
})

test("each organisation gets its own figures, never another's", async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const b = await ownerSession(open, playwright)
  await salesWorld(a.org.id)
  await rebuildAnalytics(tenant(b.org.id))
  const earningsB = await (await b.request.get(`${ANALYTICS}/total-sales-earnings`)).json()
  expect(earningsB).toMatchObject({ monthRevenue: 0, monthTips: 0, totalRevenue: 0, totalTips: 0 })
  expect((await (await b.request.get(`${ANALYTICS}/top-ten-selling-products`)).json()).sortedProducts).toEqual([])
  expect((await (await b.request.get(`${ANALYTICS}/writers-stats`)).json()).writersSales).toEqual([])
  expect((await (await b.request.get('/api/client/homepage')).json()).data).toMatchObject({ totalOrders: 0 })
  // No parameter names an organisation: a client id in the query changes nothing.
  const withForeignId = await (await b.request.get(`${ANALYTICS}/total-sales-earnings?clientId=${a.org.id}&client_id=${a.org.id}`)).json()
  expect(withForeignId).toMatchObject({ totalRevenue: 0 })
})

test('the analytics calls need VIEW_DASHBOARD: a READ_ORDERS-only member gets 403, the homepage counts stay open to it', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const projectsOnly = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS'])
  for (const call of CALLS) {
    const res = await projectsOnly.request.get(`${ANALYTICS}/${call}`)
    expect(res.status(), call).toBe(403)
    expect(await res.json(), call).toMatchObject({ status: false, error: FORBIDDEN })
  }
  // /dashboard's guard is view-dashboard OR read-orders (portal section 2), and so is its homepage call.
  expect((await projectsOnly.request.get('/api/client/homepage')).status()).toBe(200)

  const salesOnly = await staffSession(open, playwright, a.org.id, a.org.name, ['VIEW_DASHBOARD'])
  for (const call of CALLS) expect((await salesOnly.request.get(`${ANALYTICS}/${call}`)).status(), call).toBe(200)

  const neither = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_CUSTOMERS'])
  for (const path of ['/api/client/homepage', ...CALLS.map((c) => `${ANALYTICS}/${c}`)]) expect((await neither.request.get(path)).status(), path).toBe(403)
})

test('signed out answers 401; writes answer 405', async ({ playwright }) => {
  const anonymous = await open(playwright)
  for (const call of CALLS) {
    const res = await anonymous.get(`${ANALYTICS}/${call}`)
    expect(res.status(), call).toBe(401)
    expect((await res.json()).status).toBe(false)
  }
  const a = await ownerSession(open, playwright)
  for (const call of CALLS) expect((await a.request.post(`${ANALYTICS}/${call}`, { headers: ORIGIN_HEADERS, data: {} })).status(), call).toBe(405)
})

test('a platform account has no organisation to read figures of', async ({ playwright }) => {
  const request = await open(playwright)
  await signIn(request, 'superadmin@demo.test')
  for (const call of CALLS) expect((await request.get(`${ANALYTICS}/${call}`)).status(), call).toBe(403)
})

test.describe('tenant B cannot reach tenant A through the dashboard', () => {
  test('B owner and staff read B only', async ({ playwright }) => {
    const a = await createTenant()
    await salesWorld(a.org.id)
    const b = await ownerSession(open, playwright)
    const staffB = await staffSession(open, playwright, b.org.id, b.org.name, ['VIEW_DASHBOARD'])
    for (const who of [b.request, staffB.request]) {
      const home = await (await who.get('/api/client/homepage')).json()
      expect(home.data.totalOrders).toBe(0)
      expect((await (await who.get(`${ANALYTICS}/orders-history`)).json()).orders.every((o: { count: number }) => o.count === 0)).toBe(true)
    }
  })
})
