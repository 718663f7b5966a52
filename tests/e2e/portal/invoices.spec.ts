// Invoices in Chromium on an organisation's own host (issue 25, ADR 0063): the customer finds an open invoice
// from the header and pays it with a test card (with and without JavaScript), then sees the receipt; an
// organisation that hides invoices shows no entry and answers 404; axe at desktop and phone widths.
import { saveWebsiteSettings } from '#app/models/organisation-settings.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { createConnectedAccount } from '#tests/factories/connect'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { createInvoice } from '#tests/factories/order-invoices'
import { tenantWithSubdomain } from '#tests/security/helpers'
import { expect, test } from '../fixtures'
import { expectAccessibleAtEveryWidth } from './axe'
import { signInToPortal } from './customer'

async function portalWithInvoices() {
  const tenant = await tenantWithSubdomain('inv')
  await createConnectedAccount({ clientId: tenant.org.id })
  const data = await createCustomerOrders(tenant.org.id, { productName: 'Executive Resume' })
  const row = (id: number) => platformDb.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const open = await createInvoice(tenant.org.id, [await row(data.orders.writing.id)], { status: 'unpaid' })
  const paid = await createInvoice(tenant.org.id, [await row(data.orders.done.id)], { status: 'paid', createdAt: new Date(Date.now() - 86_400_000) })
  return { ...tenant, ...data, invoices: { open, paid }, origin: `http://${tenant.host}` }
}

test('a customer pays an open invoice with a test card and sees the receipt @nojs', async ({ page }) => {
  test.slow()
  const w = await portalWithInvoices()
  await signInToPortal(page, w.origin, w.customer.email)
  await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'Invoices' }).click()
  await expect(page).toHaveURL(`${w.origin}/invoices`)
  const number = w.invoices.open.publicId.toUpperCase()
  await expect(page.getByRole('link', { name: `Receipt ${w.invoices.paid.publicId.toUpperCase()}` })).toBeVisible()
  await page.getByRole('link', { name: `Invoice ${number}` }).click()
  await expect(page.getByRole('heading', { name: `Invoice ${number}`, level: 1 })).toBeVisible()
  await expect(page.getByText('Open', { exact: true })).toBeVisible()

  // A declined card: said, nothing paid.
  await page.getByLabel('Card (test mode)').selectOption('pm_card_chargeDeclined')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('alert')).toContainText(/declined/i)

  await page.getByLabel('Card (test mode)').selectOption('pm_card_visa')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByText('Thank you! Your payment was received.')).toBeVisible()
  await expect(page.getByRole('heading', { name: `Receipt ${number}`, level: 1 })).toBeVisible()
  await expect(page.getByText('Paid', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0)
  const row = await platformDb.selectFrom('order_invoices').select(['status', 'provider_payment_id']).where('public_id', '=', w.invoices.open.publicId).executeTakeFirstOrThrow()
  expect(row.status).toBe('paid')
  expect(row.provider_payment_id).toBeTruthy()
})

test('an organisation that hides invoices shows no Invoices entry, and the pages are 404 @nojs', async ({ page }) => {
  const w = await portalWithInvoices()
  await saveWebsiteSettings(tenantForJob(w.org.id), { hide_invoices: true })
  await signInToPortal(page, w.origin, w.customer.email)
  await expect(page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'Invoices' })).toHaveCount(0)
  expect((await page.goto(`${w.origin}/invoices`))?.status()).toBe(404)
  expect((await page.goto(`${w.origin}/invoices/${w.invoices.open.publicId}`))?.status()).toBe(404)
})

test(`the invoice pages pass axe at desktop and phone widths`, async ({ page }) => {
  test.slow()
  const w = await portalWithInvoices()
  await signInToPortal(page, w.origin, w.customer.email)
  await page.goto(`${w.origin}/invoices`)
  await expectAccessibleAtEveryWidth(page, 'invoices')
  await page.goto(`${w.origin}/invoices/${w.invoices.open.publicId}`)
  await expectAccessibleAtEveryWidth(page, 'open invoice')
  await page.goto(`${w.origin}/invoices/${w.invoices.paid.publicId}`)
  await expectAccessibleAtEveryWidth(page, 'receipt')
})
