// POST /api/client/orders/create through the real HTTP server: the toggle rule's invoices, the spec's
// messages, prices, another organisation's customer or product, and the WRITE_ORDERS guard.
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createCustomer, createProductWithWorkflow } from '#tests/factories/orders'
import { activityOf } from '#tests/factories/order-invoices'
import { createTenant } from '#tests/factories/index'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()
const CREATE = '/api/client/orders/create'

async function world(playwright: Parameters<typeof ownerSession>[1]) {
  const a = await ownerSession(open, playwright)
  const product = await createProductWithWorkflow(a.org.id, { name: 'Executive Resume', priceCents: 19900 })
  const customer = await createCustomer(a.org.id, { firstName: 'Olive', lastName: 'Order' })
  const customerId = customer.accounts.get(a.org.id)!.publicId
  return { ...a, product, customer, customerId }
}

const ordersOf = (clientId: number) => platformDb.selectFrom('orders').selectAll().where('client_id', '=', clientId).execute()
const invoicesOf = (clientId: number) => platformDb.selectFrom('order_invoices').selectAll().where('client_id', '=', clientId).execute()

test.describe('POST /api/client/orders/create', () => {
  test('Mark As Paid off: the order with an unpaid invoice, whatever createInvoice says', async ({ playwright }) => {
    const w = await world(playwright)
    for (const createInvoice of [false, true, undefined]) {
      const res = await w.request.post(CREATE, {
        headers: ORIGIN_HEADERS,
        data: { customer_id: w.customerId, package_id: w.product.productPublicId, markAsPaid: false, createInvoice },
      })
      expect(res.status(), await res.text()).toBe(200)
      const body = await res.json()
      expect(body).toMatchObject({
        status: true,
        order: { customer: 'Olive Order', package: { packageName: 'Executive Resume' }, price: 199 },
        invoice: { status: 'unpaid', price: 199, providerPaidPrice: 0, refund_amount: null, type: 'single', invoiceCurrency: 'usd' },
      })
      expect(body.invoice.ordersIds).toEqual([body.order._id])
      expect(body.invoice.customer).toMatchObject({ _id: w.customerId, firstName: 'Olive', lastName: 'Order' })
      expect(body.order.package.packageServices[0].serviceModules.length).toBeGreaterThan(0)
    }
    const invoices = await invoicesOf(w.org.id)
    expect(invoices.map((i) => i.status)).toEqual(['unpaid', 'unpaid', 'unpaid'])
    expect(invoices.every((i) => Number(i.provider_paid_cents) === 0 && i.paid_at === null)).toBe(true)
    const [order] = await ordersOf(w.org.id)
    expect(await activityOf(order!.id)).toEqual(['Order created', 'Invoice created'])
  })

  test('Mark As Paid on with Create Invoice: a paid invoice paid outside the provider', async ({ playwright }) => {
    const w = await world(playwright)
    const res = await w.request.post(CREATE, {
      headers: ORIGIN_HEADERS,
      data: { customer_id: w.customerId, package_id: w.product.productPublicId, markAsPaid: true, createInvoice: true },
    })
    expect(res.status()).toBe(200)
    expect((await res.json()).invoice).toMatchObject({ status: 'paid', providerPaidPrice: 0 })
    const [invoice] = await invoicesOf(w.org.id)
    expect(invoice).toMatchObject({ status: 'paid', provider_paid_cents: 0, price_cents: 19900 })
    expect(invoice!.paid_at).not.toBeNull()
    const items = await platformDb.selectFrom('order_invoice_items').selectAll().where('invoice_id', '=', invoice!.id).execute()
    const [order] = await ordersOf(w.org.id)
    expect(items).toMatchObject([{ order_id: order!.id, package_name: 'Executive Resume', quantity: 1, price_cents: 19900 }])
  })

  test('Mark As Paid on without Create Invoice: no invoice at all', async ({ playwright }) => {
    const w = await world(playwright)
    const res = await w.request.post(CREATE, {
      headers: ORIGIN_HEADERS,
      data: { customer_id: w.customerId, package_id: w.product.productPublicId, markAsPaid: true, createInvoice: false },
    })
    expect(res.status()).toBe(200)
    expect((await res.json()).invoice).toBeNull()
    expect(await ordersOf(w.org.id)).toHaveLength(1)
    expect(await invoicesOf(w.org.id)).toHaveLength(0)
  })

  test('a price override with up to two decimals, in the organisation currency; three decimals are refused', async ({ playwright }) => {
    const w = await world(playwright)
    await platformDb.updateTable('organisations').set({ currency_type: 'gbp' }).where('id', '=', w.org.id).execute()
    for (const price of [365.5, '365.50']) {
      const res = await w.request.post(CREATE, { headers: ORIGIN_HEADERS, data: { customer_id: w.customerId, package_id: w.product.productPublicId, price } })
      expect(res.status()).toBe(200)
      expect(await res.json()).toMatchObject({ order: { price: 365.5, currency: 'gbp' }, invoice: { price: 365.5, invoiceCurrency: 'gbp' } })
    }
    for (const price of [365.505, '365.505', '-1', 'abc', '1e3']) {
      const res = await w.request.post(CREATE, { headers: ORIGIN_HEADERS, data: { customer_id: w.customerId, package_id: w.product.productPublicId, price } })
      expect(res.status(), String(price)).toBe(400)
      expect(await res.json()).toMatchObject({ status: false, error: 'Enter a correct number, ex. 365.50', errors: { price: 'Enter a correct number, ex. 365.50' } })
    }
    expect(await ordersOf(w.org.id)).toHaveLength(2)
    expect((await ordersOf(w.org.id)).every((o) => Number(o.price_cents) === 36550)).toBe(true)
  })

  test("the spec's messages for a missing customer or product", async ({ playwright }) => {
    const w = await world(playwright)
    const none = await w.request.post(CREATE, { headers: ORIGIN_HEADERS, data: {} })
    expect(none.status()).toBe(400)
    expect((await none.json()).errors).toMatchObject({ customer_id: 'Please select a Customer', package_id: 'Please select Product' })
    const noProduct = await w.request.post(CREATE, { headers: ORIGIN_HEADERS, data: { customer_id: w.customerId, package_id: '' } })
    expect(await noProduct.json()).toMatchObject({ error: 'Please select Product' })
    expect(await ordersOf(w.org.id)).toHaveLength(0)
  })

  test("another organisation's customer or product is a 404 and nothing is created anywhere", async ({ playwright }) => {
    const w = await world(playwright)
    const b = await createTenant()
    const bProduct = await createProductWithWorkflow(b.org.id)
    const bCustomer = await createCustomer(b.org.id)
    const bCustomerId = bCustomer.accounts.get(b.org.id)!.publicId
    const foreignCustomer = await w.request.post(CREATE, { headers: ORIGIN_HEADERS, data: { customer_id: bCustomerId, package_id: w.product.productPublicId, markAsPaid: true } })
    expect(foreignCustomer.status()).toBe(404)
    expect(await foreignCustomer.json()).toMatchObject({ status: false, error: 'Customer not found' })
    const foreignProduct = await w.request.post(CREATE, { headers: ORIGIN_HEADERS, data: { customer_id: w.customerId, package_id: bProduct.productPublicId } })
    expect(foreignProduct.status()).toBe(404)
    expect(await foreignProduct.json()).toMatchObject({ status: false, error: 'Product not found' })
    for (const clientId of [w.org.id, b.org.id]) {
      expect(await ordersOf(clientId)).toHaveLength(0)
      expect(await invoicesOf(clientId)).toHaveLength(0)
    }
  })

  test('an archived customer or an inactive or archived product cannot be sold to', async ({ playwright }) => {
    const w = await world(playwright)
    const archived = await createCustomer(w.org.id, { archived: true })
    const inactive = await createProductWithWorkflow(w.org.id, { active: false })
    const archivedProduct = await createProductWithWorkflow(w.org.id, { archived: true })
    const a = await w.request.post(CREATE, { headers: ORIGIN_HEADERS, data: { customer_id: archived.accounts.get(w.org.id)!.publicId, package_id: w.product.productPublicId } })
    expect(a.status()).toBe(400)
    expect(await a.json()).toMatchObject({ error: 'This customer is archived' })
    for (const p of [inactive, archivedProduct]) {
      const res = await w.request.post(CREATE, { headers: ORIGIN_HEADERS, data: { customer_id: w.customerId, package_id: p.productPublicId } })
      expect(res.status()).toBe(400)
      expect(await res.json()).toMatchObject({ error: 'This product is not active' })
    }
    expect(await ordersOf(w.org.id)).toHaveLength(0)
  })

  test('needs WRITE_ORDERS (403 and nothing created without it) and writes an audit row', async ({ playwright }) => {
    const w = await world(playwright)
    const reader = await staffSession(open, playwright, w.org.id, w.org.name, ['READ_ORDERS', 'READ_ORDERS_INVOICES'])
    const denied = await reader.request.post(CREATE, { headers: ORIGIN_HEADERS, data: { customer_id: w.customerId, package_id: w.product.productPublicId } })
    expect(denied.status()).toBe(403)
    expect(await ordersOf(w.org.id)).toHaveLength(0)
    const writer = await staffSession(open, playwright, w.org.id, w.org.name, ['READ_ORDERS', 'WRITE_ORDERS'])
    const ok = await writer.request.post(CREATE, { headers: ORIGIN_HEADERS, data: { customer_id: w.customerId, package_id: w.product.productPublicId } })
    expect(ok.status()).toBe(200)
    const audit = await platformDb
      .selectFrom('audit_logs')
      .select(['module', 'action', 'status', 'user_id'])
      .where('client_id', '=', w.org.id)
      .where('module', '=', 'orders')
      .execute()
    expect(audit).toEqual([{ module: 'orders', action: 'create', status: 'success', user_id: writer.userId }])
  })

  test('answers 405 to GET and 403 without the Origin header', async ({ playwright }) => {
    const w = await world(playwright)
    const get = await w.request.get(CREATE)
    expect(get.status()).toBe(405)
    const noOrigin = await w.request.post(CREATE, { data: { customer_id: w.customerId, package_id: w.product.productPublicId } })
    expect(noOrigin.status()).toBe(403)
    expect(await ordersOf(w.org.id)).toHaveLength(0)
  })
})
