// The order invoice routes through the real HTTP server: the list, Mark As Paid and Refund with the
// spec's state rules and bounds, another organisation's ids, and the invoice permissions.
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { paymentsService } from '#app/services/stripe.server'
import { createTenant } from '#tests/factories/index'
import { activityOf, createInvoice, invoiceRow } from '#tests/factories/order-invoices'
import { createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()
const LIST = '/api/client/orders/invoices'
const MARK_PAID = '/api/client/orders/invoices/mark_paid'
const REFUND = '/api/client/orders/invoices/refund'

/** An organisation with two orders (199.00 each) and one invoice per state, oldest first. */
async function invoiceWorld(clientId: number) {
  const product = await createProductWithWorkflow(clientId, { name: 'Cover Letter', priceCents: 19900 })
  const customer = await createCustomer(clientId, { firstName: 'Ivy', lastName: 'Invoice' })
  const o1 = await createOrder(clientId, { customerUserId: customer.userId, productId: product.productId })
  const o2 = await createOrder(clientId, { customerUserId: customer.userId, productId: product.productId })
  const day = (n: number) => new Date(Date.UTC(2026, 0, n))
  const unpaid = await createInvoice(clientId, [o1], { status: 'unpaid', createdAt: day(1) })
  const paidOutside = await createInvoice(clientId, [o1], { status: 'paid', createdAt: day(2) })
  const providerPaid = await createInvoice(clientId, [o1], { status: 'paid', providerPaidCents: 19900, createdAt: day(3) })
  const refunded = await createInvoice(clientId, [o2], { status: 'refunded', providerPaidCents: 19900, refundAmountCents: 5000, createdAt: day(4) })
  const multi = await createInvoice(clientId, [o1, o2], { status: 'paid', providerPaidCents: 39800, isTest: true, createdAt: day(5) })
  return { product, customer, orders: [o1, o2], unpaid, paidOutside, providerPaid, refunded, multi }
}

const post = (request: { post: (url: string, opts: object) => Promise<any> }, url: string, data: object) => request.post(url, { headers: ORIGIN_HEADERS, data })

test.describe('GET /api/client/orders/invoices', () => {
  test('newest first with items, customer, amounts in units, the unpaid count and paging', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const w = await invoiceWorld(a.org.id)
    const res = await a.request.get(LIST)
    expect(res.status()).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ status: true, count: 5, unPaidInvoices: 1 })
    expect(body.invoices.map((i: { _id: string }) => i._id)).toEqual([w.multi.publicId, w.refunded.publicId, w.providerPaid.publicId, w.paidOutside.publicId, w.unpaid.publicId])
    const [multi, refunded] = body.invoices
    expect(multi).toMatchObject({
      type: 'multiOrders',
      packageName: 'Cover Letter',
      packages: [
        { packageName: 'Cover Letter', quantity: 1, packagePrice: 199, _id: w.product.productPublicId },
        { packageName: 'Cover Letter', quantity: 1, packagePrice: 199, _id: w.product.productPublicId },
      ],
      invoiceCurrency: 'usd',
      customer: { firstName: 'Ivy', lastName: 'Invoice' },
      status: 'paid',
      price: 398,
      refund_amount: null,
      providerPaidPrice: 398,
      isTest: true,
      ordersIds: [w.orders[0]!.public_id, w.orders[1]!.public_id],
    })
    expect(refunded).toMatchObject({ type: 'single', status: 'refunded', refund_amount: 50, providerPaidPrice: 199 })
    const page = await (await a.request.get(`${LIST}?start=1&size=2`)).json()
    expect(page.invoices.map((i: { _id: string }) => i._id)).toEqual([w.refunded.publicId, w.providerPaid.publicId])
    expect(page.count).toBe(5)
    expect((await a.request.get(`${LIST}?size=abc`)).status()).toBe(400)
  })

  test("never lists another organisation's invoices; READ_ORDERS_INVOICES is needed", async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const b = await createTenant()
    await invoiceWorld(b.org.id)
    const body = await (await a.request.get(LIST)).json()
    expect(body).toMatchObject({ count: 0, unPaidInvoices: 0, invoices: [] })
    const staff = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS'])
    expect((await staff.request.get(LIST)).status()).toBe(403)
    const reader = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS', 'READ_ORDERS_INVOICES'])
    expect((await reader.request.get(LIST)).status()).toBe(200)
    expect((await a.request.post(LIST, { headers: ORIGIN_HEADERS, data: {} })).status()).toBe(405)
  })
})

test.describe('POST /api/client/orders/invoices/mark_paid', () => {
  test('unpaid becomes paid with activity on its orders; paid and refunded invoices are refused', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const w = await invoiceWorld(a.org.id)
    const res = await post(a.request, MARK_PAID, { invoice_id: w.unpaid.publicId })
    expect(res.status()).toBe(200)
    expect(await res.json()).toMatchObject({ status: true, invoice: { _id: w.unpaid.publicId, status: 'paid' } })
    const row = await invoiceRow(w.unpaid.publicId)
    expect(row.status).toBe('paid')
    expect(row.paid_at).not.toBeNull()
    expect(await activityOf(w.orders[0]!.id)).toContain('Invoice marked as paid')
    for (const invoice of [w.unpaid, w.paidOutside, w.refunded]) {
      const again = await post(a.request, MARK_PAID, { invoice_id: invoice.publicId })
      expect(again.status()).toBe(400)
      expect(await again.json()).toMatchObject({ status: false, error: 'Only unpaid invoices can be marked as paid' })
    }
    expect((await invoiceRow(w.refunded.publicId)).status).toBe('refunded')
    expect((await post(a.request, MARK_PAID, {})).status()).toBe(400)
  })
})

test.describe('POST /api/client/orders/invoices/refund', () => {
  test('the amount must lie between 1 and the provider-paid price; the maximum is accepted, and then it is irreversible', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const w = await invoiceWorld(a.org.id)
    for (const amount of [0.99, 0, -5, 199.01, 1000, 'abc']) {
      const res = await post(a.request, REFUND, { invoice_id: w.providerPaid.publicId, amount })
      expect(res.status(), String(amount)).toBe(400)
      const body = await res.json()
      expect(body.status).toBe(false)
      expect(typeof (body.error ?? body.errors)).not.toBe('undefined')
    }
    expect((await invoiceRow(w.providerPaid.publicId)).status).toBe('paid')
    const res = await post(a.request, REFUND, { invoice_id: w.providerPaid.publicId, amount: 199 })
    expect(res.status(), await res.text()).toBe(200)
    expect(await res.json()).toMatchObject({ status: true, invoice: { status: 'refunded', refund_amount: 199, providerPaidPrice: 199 } })
    const row = await invoiceRow(w.providerPaid.publicId)
    expect(row).toMatchObject({ status: 'refunded', refund_amount_cents: 19900 })
    expect(row.refunded_at).not.toBeNull()
    expect(row.provider_refund_id).toMatch(/^re_/)
    expect(await activityOf(w.orders[0]!.id)).toContain('Invoice refunded: $199')
    const second = await post(a.request, REFUND, { invoice_id: w.providerPaid.publicId, amount: 1 })
    expect(second.status()).toBe(400)
    expect(await second.json()).toMatchObject({ status: false, error: 'This invoice cannot be refunded' })
    expect((await invoiceRow(w.providerPaid.publicId)).refund_amount_cents).toBe(19900)
  })

  test('defaults to the provider-paid price; a part refund keeps its amount', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const w = await invoiceWorld(a.org.id)
    const all = await post(a.request, REFUND, { invoice_id: w.multi.publicId })
    expect(all.status()).toBe(200)
    expect((await invoiceRow(w.multi.publicId)).refund_amount_cents).toBe(39800)
    for (const order of w.orders) expect(await activityOf(order.id)).toContain('Invoice refunded: $398')
    const again = await createInvoice(a.org.id, [w.orders[0]!], { status: 'paid', providerPaidCents: 10000 })
    expect((await post(a.request, REFUND, { invoice_id: again.publicId, amount: '50.50' })).status()).toBe(200)
    expect((await invoiceRow(again.publicId)).refund_amount_cents).toBe(5050)
  })

  test("a refund Stripe refuses answers 409 with the provider's reason and leaves the invoice as it was", async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const w = await invoiceWorld(a.org.id)
    const paymentIntentId = (await invoiceRow(w.providerPaid.publicId)).provider_payment_id!
    // $50 were paid back in Stripe's own dashboard: $149 is left there.
    await paymentsService().refund({ paymentIntentId, amountCents: 5000 }, `dashboard-${w.providerPaid.publicId}`)
    const res = await post(a.request, REFUND, { invoice_id: w.providerPaid.publicId, amount: 199 })
    expect(res.status()).toBe(409)
    expect(await res.json()).toMatchObject({
      status: false,
      error: 'The payment provider refused the refund: Refund amount ($199.00) is greater than unrefunded amount on charge ($149.00)',
    })
    expect(await invoiceRow(w.providerPaid.publicId)).toMatchObject({ status: 'paid', refund_amount_cents: null, provider_refund_id: null })
  })

  test('an invoice not paid through the provider, or unpaid, cannot be refunded', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const w = await invoiceWorld(a.org.id)
    for (const invoice of [w.paidOutside, w.unpaid]) {
      const res = await post(a.request, REFUND, { invoice_id: invoice.publicId, amount: 1 })
      expect(res.status()).toBe(400)
      expect(await res.json()).toMatchObject({ error: 'This invoice cannot be refunded' })
    }
    expect((await invoiceRow(w.paidOutside.publicId)).status).toBe('paid')
    expect((await invoiceRow(w.unpaid.publicId)).status).toBe('unpaid')
  })
})

test.describe('invoice actions across organisations and permissions', () => {
  test("another organisation's invoice ids are a 404 and nothing changes", async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const b = await createTenant()
    const wb = await invoiceWorld(b.org.id)
    const markPaid = await post(a.request, MARK_PAID, { invoice_id: wb.unpaid.publicId })
    expect(markPaid.status()).toBe(404)
    expect(await markPaid.json()).toMatchObject({ status: false, error: 'Invoice not found' })
    const refund = await post(a.request, REFUND, { invoice_id: wb.providerPaid.publicId, amount: 10 })
    expect(refund.status()).toBe(404)
    expect((await invoiceRow(wb.unpaid.publicId)).status).toBe('unpaid')
    expect(await invoiceRow(wb.providerPaid.publicId)).toMatchObject({ status: 'paid', refund_amount_cents: null })
    expect(await activityOf(wb.orders[0]!.id)).toEqual([])
    expect((await post(a.request, MARK_PAID, { invoice_id: 'nosuchinvoiceid000000000' })).status()).toBe(404)
  })

  test('Mark As Paid and Refund need UPDATE_ORDERS_INVOICES; denials change nothing and are audited', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const w = await invoiceWorld(a.org.id)
    const reader = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS', 'READ_ORDERS_INVOICES'])
    expect((await post(reader.request, MARK_PAID, { invoice_id: w.unpaid.publicId })).status()).toBe(403)
    expect((await post(reader.request, REFUND, { invoice_id: w.providerPaid.publicId })).status()).toBe(403)
    expect((await invoiceRow(w.unpaid.publicId)).status).toBe('unpaid')
    expect((await invoiceRow(w.providerPaid.publicId)).status).toBe('paid')
    const updater = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS', 'READ_ORDERS_INVOICES', 'UPDATE_ORDERS_INVOICES'])
    expect((await post(updater.request, MARK_PAID, { invoice_id: w.unpaid.publicId })).status()).toBe(200)
    expect((await post(updater.request, REFUND, { invoice_id: w.providerPaid.publicId, amount: 0.5 })).status()).toBe(400)
    const audit = await platformDb
      .selectFrom('audit_logs')
      .select(['action', 'status', 'user_id', 'message'])
      .where('client_id', '=', a.org.id)
      .where('module', '=', 'orders')
      .orderBy('id')
      .execute()
    // The two 403s come first, each a failure row naming the member who was refused.
    expect(audit).toEqual([
      { action: 'invoice_mark_paid', status: 'failure', user_id: reader.userId, message: 'Invoice not marked as paid: permission denied' },
      { action: 'invoice_refund', status: 'failure', user_id: reader.userId, message: 'Invoice not refunded: permission denied' },
      expect.objectContaining({ action: 'invoice_mark_paid', status: 'success', user_id: updater.userId }),
      expect.objectContaining({ action: 'invoice_refund', status: 'failure', user_id: updater.userId }),
    ])
  })
})
