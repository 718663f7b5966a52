// The order page's own controls (issue 27, ADR 0075) through the real server: due date, priority, contributor
// and reviewer posted to /project/view/{id}?manage=post with the orders list's permissions (403 without them,
// nothing changed), another organisation's order is a 404 and stays as it was, a no-JS post with a bad date
// gets the field error with what was typed; the summary shows the order number, price and payment state,
// and hide_customer_price hides the last two from reviewers.
import { expect, test } from '@playwright/test'
import { createInvoiceForOrders } from '#app/models/order-invoices.server'
import { saveWebsiteSettings } from '#app/models/organisation-settings.server'
import type { OrderRow } from '#app/models/orders.server'
import { platformDb, tenantDb } from '#app/services/db.server'
import { createOrderWorld } from '#tests/factories/orders'
import { createTenant } from '#tests/factories/index'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()
const tenant = (clientId: number) => ({ db: tenantDb(clientId), clientId })
type Request = Awaited<ReturnType<typeof open>>

const post = (request: Request, orderId: string, form: Record<string, string>) =>
  request.post(`/project/view/${orderId}?manage=post`, { headers: ORIGIN_HEADERS, form, maxRedirects: 0 })

const orderState = (id: number) =>
  platformDb.selectFrom('orders').select(['due_date', 'priority', 'writer_id', 'reviewer_id', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow()

async function world(playwright: Parameters<typeof ownerSession>[1]) {
  const session = await ownerSession(open, playwright)
  const { writer, reviewer, orders } = await createOrderWorld(session.org.id, 1)
  const pub = (u: { accounts: Map<number | null, { publicId: string }> }) => u.accounts.get(session.org.id)!.publicId
  return { ...session, order: orders[0] as OrderRow, writer, reviewer, writerId: pub(writer), reviewerId: pub(reviewer) }
}

const forms = (w: Awaited<ReturnType<typeof world>>) => ({
  dueDate: { intent: 'due-date', orderIds: w.order.public_id, dueDate: '2031-04-20' },
  priority: { intent: 'priority', priority: 'urgent' },
  writer: { intent: 'assign-writer', selectedOrdersIds: w.order.public_id, writerId: w.writerId },
  reviewer: { intent: 'assign-reviewer', selectedOrdersIds: w.order.public_id, reviewerId: w.reviewerId },
})

test('the owner sets due date, priority, contributor and reviewer on the order page', async ({ playwright }) => {
  const w = await world(playwright)
  for (const form of Object.values(forms(w))) {
    const res = await post(w.request, w.order.public_id, form)
    expect(res.status(), `${form.intent}: ${await res.text()}`).toBe(302)
    expect(res.headers().location).toBe(`/project/view/${w.order.public_id}`)
  }
  const after = await orderState(w.order.id)
  expect(after.due_date?.toISOString().slice(0, 10)).toBe('2031-04-20')
  expect(after.priority).toBe('urgent')
  expect(after.writer_id).toBe(w.writer.userId)
  expect(after.reviewer_id).toBe(w.reviewer.userId)
  const page = await (await w.request.get(`/project/view/${w.order.public_id}`)).text()
  expect(page).toContain('Apr 20, 2031')
  expect(page).toContain('Saved Successfully!')
})

test('each control needs the orders list’s permission: 403 and nothing changed without it', async ({ playwright }) => {
  const w = await world(playwright)
  const f = forms(w)
  const before = await orderState(w.order.id)
  const reader = await staffSession(open, playwright, w.org.id, w.org.name, ['READ_ORDERS'])
  for (const form of Object.values(f)) expect((await post(reader.request, w.order.public_id, form)).status(), form.intent).toBe(403)
  const scheduler = await staffSession(open, playwright, w.org.id, w.org.name, ['READ_ORDERS', 'UPDATE_ORDERS'])
  for (const form of [f.writer, f.reviewer]) expect((await post(scheduler.request, w.order.public_id, form)).status(), form.intent).toBe(403)
  const assigner = await staffSession(open, playwright, w.org.id, w.org.name, ['READ_ORDERS', 'ASSIGN_WRITER_REVIEWER'])
  for (const form of [f.dueDate, f.priority]) expect((await post(assigner.request, w.order.public_id, form)).status(), form.intent).toBe(403)
  expect(await orderState(w.order.id)).toEqual(before)
  // The reader sees the values, and no control.
  const page = await (await reader.request.get(`/project/view/${w.order.public_id}`)).text()
  expect(page).toContain(w.order.public_id)
  expect(page).not.toContain('Save Due Date')
  expect(page).not.toContain('Save Contributor')
  // Each permission brings its own controls only.
  const scheduling = await (await scheduler.request.get(`/project/view/${w.order.public_id}`)).text()
  expect(scheduling).toContain('Save Priority')
  expect(scheduling).not.toContain('Save Reviewer')
  expect((await post(scheduler.request, w.order.public_id, f.priority)).status()).toBe(302)
  expect((await post(assigner.request, w.order.public_id, f.writer)).status()).toBe(302)
})

test('another organisation’s order is a 404 and stays as it was', async ({ playwright }) => {
  const w = await world(playwright)
  const { org } = await createTenant()
  const theirs = await createOrderWorld(org.id, 1)
  const order = theirs.orders[0]!
  const before = await orderState(order.id)
  const f = forms(w)
  for (const form of [f.dueDate, f.priority, { ...f.writer, selectedOrdersIds: order.public_id }, { ...f.reviewer, selectedOrdersIds: order.public_id }]) {
    expect((await post(w.request, order.public_id, form)).status(), form.intent).toBe(404)
  }
  // Their contributor cannot be put on our order either.
  const theirWriter = theirs.writer.accounts.get(org.id)!.publicId
  expect((await post(w.request, w.order.public_id, { ...f.writer, writerId: theirWriter })).status()).toBe(404)
  expect(await orderState(order.id)).toEqual(before)
  expect((await orderState(w.order.id)).writer_id).toBeNull()
})

test('a no-JS post with a past date gets the field error and keeps what was typed', async ({ playwright }) => {
  const w = await world(playwright)
  const res = await post(w.request, w.order.public_id, { ...forms(w).dueDate, dueDate: '2020-01-02' })
  expect(res.status()).toBe(422)
  const html = await res.text()
  expect(html).toContain('Due date cannot be before today')
  expect(html).toContain('2020-01-02')
  expect((await orderState(w.order.id)).due_date).toBeNull()
})

test('the summary shows the order number, price and payment state; hide_customer_price hides the last two from reviewers', async ({ playwright }) => {
  const w = await world(playwright)
  const page = async (request: Request) => (await request.get(`/project/view/${w.order.public_id}`)).text()
  let html = await page(w.request)
  expect(html).toContain('Order Number')
  expect(html).toContain(w.order.public_id)
  expect(html).toContain('No invoice')
  await createInvoiceForOrders(tenant(w.org.id), { customerId: w.order.customer_id, currency: w.order.currency, status: 'paid', orders: [w.order] })
  html = await page(w.request)
  expect(html).toMatch(/>Payment<.*>Paid</s)
  expect(html).toMatch(/>Price</)

  await saveWebsiteSettings(tenant(w.org.id), { hide_customer_price: true })
  const reviewer = await staffSession(open, playwright, w.org.id, w.org.name, ['REVIEWER', 'READ_ORDERS'])
  const hidden = await page(reviewer.request)
  expect(hidden).toContain(w.order.public_id)
  expect(hidden).not.toMatch(/>Price</)
  expect(hidden).not.toMatch(/>Payment</)
  // The owner and other staff still see them.
  expect(await page(w.request)).toMatch(/>Price</)
})
