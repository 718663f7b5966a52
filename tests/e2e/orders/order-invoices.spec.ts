// /orders/invoices: statuses and currency, Mark As Paid, the Refund dialog with its bounds, and who sees the actions.
import type { Page } from '@playwright/test'
import { expect, test } from '#tests/e2e/fixtures'
import { platformDb } from '#app/services/db.server'
import { createTenant, createUser } from '#tests/factories/index'
import { createInvoice, invoiceRow } from '#tests/factories/order-invoices'
import { createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'

/** One invoice per state, each of its own product so its row can be told apart. */
async function books() {
  const { org, owner } = await createTenant()
  const customer = await createCustomer(org.id, { firstName: 'Ivo', lastName: 'Ledger' })
  const order = async (name: string, priceCents = 19900) => {
    const product = await createProductWithWorkflow(org.id, { name, priceCents })
    return createOrder(org.id, { customerUserId: customer.userId, productId: product.productId })
  }
  const unpaid = await createInvoice(org.id, [await order('Unpaid Plan')], { status: 'unpaid' })
  const outside = await createInvoice(org.id, [await order('Cash Plan')], { status: 'paid' })
  const provider = await createInvoice(org.id, [await order('Card Plan')], { status: 'paid', providerPaidCents: 19900, currency: 'eur' })
  const refunded = await createInvoice(org.id, [await order('Returned Plan')], { status: 'refunded', providerPaidCents: 19900, refundAmountCents: 1000 })
  const multi = await createInvoice(org.id, [await order('Bundle One', 10000), await order('Bundle Two', 5000)], { status: 'unpaid' })
  return { org, owner, unpaid, outside, provider, refunded, multi }
}

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
}

const rowOf = (page: Page, product: string) => page.getByRole('table', { name: 'Order Invoices' }).getByRole('row', { name: new RegExp(product) })

test('lists invoices with status, currency and multi-order invoices; actions only where the state allows', async ({ page, loginAs }) => {
  const b = await books()
  await loginAs(b.owner.email, b.org.name)
  await page.goto('/orders/invoices')
  await expect(page.getByRole('heading', { name: 'Order Invoices' })).toBeVisible()
  await expect(page.getByTestId('unpaid-invoices')).toContainText('2')
  await expect(page.getByRole('table', { name: 'Order Invoices' }).locator('tbody tr')).toHaveCount(5)
  await expect(rowOf(page, 'Bundle One')).toContainText('Multiple Orders')
  await expect(rowOf(page, 'Bundle One')).toContainText('Bundle Two')
  await expect(rowOf(page, 'Bundle One')).toContainText('$150')
  await expect(rowOf(page, 'Card Plan')).toContainText('€199')
  await expect(rowOf(page, 'Card Plan')).toContainText('EUR')
  await expect(rowOf(page, 'Returned Plan')).toContainText('Refunded')
  await expect(rowOf(page, 'Unpaid Plan').getByRole('button', { name: /Mark As Paid/ })).toBeVisible()
  await expect(rowOf(page, 'Unpaid Plan').getByRole('link', { name: /Refund/ })).toHaveCount(0)
  await expect(rowOf(page, 'Card Plan').getByRole('link', { name: /Refund/ })).toBeVisible()
  await expect(rowOf(page, 'Card Plan').getByRole('button', { name: /Mark As Paid/ })).toHaveCount(0)
  for (const product of ['Cash Plan', 'Returned Plan']) {
    await expect(rowOf(page, product).getByRole('button', { name: /Mark As Paid/ })).toHaveCount(0)
    await expect(rowOf(page, product).getByRole('link', { name: /Refund/ })).toHaveCount(0)
  }
  await expect(page.getByLabel('Rows per page').locator('option')).toHaveText(['100', '150', '200'])
})

test('marks an unpaid invoice as paid @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const b = await books()
  await loginAs(b.owner.email, b.org.name)
  await page.goto('/orders/invoices')
  await ready(page, javaScriptEnabled)
  await rowOf(page, 'Unpaid Plan')
    .getByRole('button', { name: /Mark As Paid/ })
    .click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await expect(rowOf(page, 'Unpaid Plan')).toContainText('Paid')
  await expect(rowOf(page, 'Unpaid Plan').getByRole('button', { name: /Mark As Paid/ })).toHaveCount(0)
  await expect(page.getByTestId('unpaid-invoices')).toContainText('1')
  expect((await invoiceRow(b.unpaid.publicId)).status).toBe('paid')
})

test('refunds within the bounds, irreversibly @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const b = await books()
  await loginAs(b.owner.email, b.org.name)
  await page.goto('/orders/invoices?size=150')
  await ready(page, javaScriptEnabled)
  await rowOf(page, 'Card Plan')
    .getByRole('link', { name: /Refund/ })
    .click()
  await expect(page).toHaveURL(new RegExp(`/orders/invoices/refund/${b.provider.publicId}\\?size=150$`))
  const dialog = javaScriptEnabled ? page.getByRole('dialog') : page.getByRole('region', { name: 'Refund' })
  await expect(dialog.getByText('You will not be able to revert this.')).toBeVisible()
  await expect(dialog.getByLabel('Refund Amount')).toHaveValue('199')

  await dialog.getByLabel('Refund Amount').fill('0.99')
  await dialog.getByRole('button', { name: 'Refund' }).click()
  await expect(dialog.getByText('The refund amount must be at least 1')).toBeVisible()
  await expect(dialog.getByLabel('Refund Amount')).toHaveValue('0.99')
  await dialog.getByLabel('Refund Amount').fill('199.01')
  await dialog.getByRole('button', { name: 'Refund' }).click()
  await expect(dialog.getByText('The refund amount cannot be more than 199')).toBeVisible()
  expect((await invoiceRow(b.provider.publicId)).status).toBe('paid')

  await dialog.getByLabel('Refund Amount').fill('150')
  await dialog.getByRole('button', { name: 'Refund' }).click()
  await expect(page).toHaveURL(/\/orders\/invoices\?size=150$/)
  await expect(page.getByText('Refunded Successfully!')).toBeVisible()
  await expect(rowOf(page, 'Card Plan')).toContainText('Refunded')
  await expect(rowOf(page, 'Card Plan')).toContainText('€150')
  await expect(rowOf(page, 'Card Plan').getByRole('link', { name: /Refund/ })).toHaveCount(0)
  expect(await invoiceRow(b.provider.publicId)).toMatchObject({ status: 'refunded', refund_amount_cents: 15000 })

  // Irreversible: the dialog, reached by its URL, offers nothing more.
  await page.goto(`/orders/invoices/refund/${b.provider.publicId}`)
  await expect(page.getByText('This invoice cannot be refunded')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0)
})

test("staff without UPDATE_ORDERS_INVOICES see no actions; another organisation's invoice is a 404", async ({ page, loginAs }) => {
  const b = await books()
  const other = await books()
  const reader = await createUser({ memberships: [{ clientId: b.org.id, role: 'user', permissions: ['READ_ORDERS', 'READ_ORDERS_INVOICES'] }] })
  await loginAs(reader.email, b.org.name)
  await page.goto('/orders/invoices')
  await expect(page.getByRole('table', { name: 'Order Invoices' }).locator('tbody tr')).toHaveCount(5)
  await expect(page.getByRole('button', { name: /Mark As Paid/ })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /Refund/ })).toHaveCount(0)
  expect((await page.goto(`/orders/invoices/refund/${b.provider.publicId}`))?.status()).toBe(403)

  await loginAs(b.owner.email, b.org.name)
  expect((await page.goto(`/orders/invoices/refund/${other.provider.publicId}`))?.status()).toBe(404)
  const res = await page.request.post('/orders/invoices', { headers: { 'Sec-Fetch-Site': 'same-origin' }, form: { intent: 'mark-paid', invoice_id: other.unpaid.publicId } })
  expect(res.status()).toBe(404)
  expect((await invoiceRow(other.unpaid.publicId)).status).toBe('unpaid')
  const none = await createUser({ memberships: [{ clientId: b.org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
  await loginAs(none.email, b.org.name)
  expect((await page.goto('/orders/invoices'))?.status()).toBe(403)
  expect(await platformDb.selectFrom('order_invoices').select('id').where('client_id', '=', b.org.id).where('status', '=', 'refunded').execute()).toHaveLength(1)
})
