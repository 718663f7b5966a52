// /orders/create: the spec's messages, the price rule, the Mark As Paid / Create Invoice toggles, then
// /orders/invoices; the customer-create dialog's 'Yes' preselects the new customer.
import type { Page } from '@playwright/test'
import { expect, test } from '#tests/e2e/fixtures'
import { platformDb } from '#app/services/db.server'
import { createTenant, createUser, uniqueEmail } from '#tests/factories/index'
import { createCustomer, createProductWithWorkflow } from '#tests/factories/orders'

async function shop() {
  const { org, owner } = await createTenant()
  const product = await createProductWithWorkflow(org.id, { name: 'Career Change Resume', priceCents: 25000 })
  const customer = await createCustomer(org.id, { firstName: 'Petra', lastName: 'Picker', email: uniqueEmail('e2e-order') })
  return { org, owner, product, customer }
}

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
}

/** The combobox with JavaScript (type, then choose), the plain select without. */
async function pickCustomer(page: Page, javaScriptEnabled: boolean, c: { firstName: string; email: string }) {
  if (javaScriptEnabled) {
    await page.getByRole('combobox', { name: 'Customer', exact: true }).fill(c.firstName)
    await page.getByRole('option', { name: new RegExp(c.email) }).click()
  } else {
    const select = page.getByLabel('Customer', { exact: true })
    const label = await select.locator('option', { hasText: c.email }).textContent()
    await select.selectOption({ label: label! })
  }
}

const invoicesOf = (clientId: number) =>
  platformDb.selectFrom('order_invoices').select(['status', 'price_cents', 'provider_paid_cents']).where('client_id', '=', clientId).execute()

test("creates a paid order after the spec's messages, keeping what was typed @nojs", async ({ page, loginAs, javaScriptEnabled }) => {
  const s = await shop()
  await loginAs(s.owner.email, s.org.name)
  await page.goto('/orders/create')
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('heading', { name: 'Create Order' })).toBeVisible()
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expect(page.getByText('Please select a Customer')).toBeVisible()
  await expect(page.getByText('Please select Product')).toBeVisible()

  await pickCustomer(page, javaScriptEnabled, { firstName: 'Petra', email: s.customer.email })
  await page.getByLabel('Product').selectOption({ label: 'Career Change Resume ($250)' })
  await page.getByLabel('Price').fill('365.505')
  await page.getByRole('switch', { name: 'Mark As Paid' }).check()
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expect(page.getByText('Enter a correct number, ex. 365.50')).toBeVisible()
  await expect(page.getByLabel('Price')).toHaveValue('365.505')
  await expect(page.getByRole('switch', { name: 'Mark As Paid' })).toBeChecked()
  await expect(page.getByLabel('Product')).toHaveValue(s.product.productPublicId)

  await page.getByLabel('Price').fill('365.50')
  await expect(page.getByRole('switch', { name: 'Create Invoice' })).toBeChecked()
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expect(page).toHaveURL(/\/orders\/invoices$/)
  await expect(page.getByText('Order Created Successfully')).toBeVisible()
  const row = page.getByRole('table', { name: 'Order Invoices' }).getByRole('row', { name: /Petra Picker/ })
  await expect(row).toContainText('Career Change Resume')
  await expect(row).toContainText('$365.5')
  await expect(row).toContainText('Paid')
  expect(await invoicesOf(s.org.id)).toEqual([{ status: 'paid', price_cents: 36550, provider_paid_cents: 0 }])
  const [order] = await platformDb.selectFrom('orders').select(['price_cents', 'services']).where('client_id', '=', s.org.id).execute()
  expect(Number(order!.price_cents)).toBe(36550)
})

test('Create Invoice shows only with Mark As Paid; paid without an invoice creates none', async ({ page, loginAs }) => {
  const s = await shop()
  await loginAs(s.owner.email, s.org.name)
  await page.goto('/orders/create')
  await ready(page, true)
  await expect(page.getByRole('switch', { name: 'Create Invoice' })).toHaveCount(0)
  await page.getByRole('switch', { name: 'Mark As Paid' }).check()
  await expect(page.getByRole('switch', { name: 'Create Invoice' })).toBeChecked()
  await page.getByRole('switch', { name: 'Create Invoice' }).uncheck()
  await pickCustomer(page, true, { firstName: 'Petra', email: s.customer.email })
  await page.getByLabel('Product').selectOption(s.product.productPublicId)
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expect(page).toHaveURL(/\/orders\/invoices$/)
  await expect(page.getByText('Order Created Successfully')).toBeVisible()
  expect(await platformDb.selectFrom('orders').select('id').where('client_id', '=', s.org.id).execute()).toHaveLength(1)
  expect(await invoicesOf(s.org.id)).toEqual([])
})

test('without Mark As Paid the order gets an unpaid invoice, even if Create Invoice was unticked @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const s = await shop()
  await loginAs(s.owner.email, s.org.name)
  await page.goto(`/orders/create?customer=${s.customer.accounts.get(s.org.id)!.publicId}`)
  await ready(page, javaScriptEnabled)
  // Preselected from the URL.
  await expect(page.locator('[name="customer_id"]')).toHaveValue(s.customer.accounts.get(s.org.id)!.publicId)
  if (!javaScriptEnabled) await page.getByRole('switch', { name: 'Create Invoice' }).uncheck()
  await page.getByLabel('Product').selectOption(s.product.productPublicId)
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expect(page).toHaveURL(/\/orders\/invoices$/)
  await expect(page.getByRole('table', { name: 'Order Invoices' }).getByRole('row', { name: /Petra Picker/ })).toContainText('Unpaid')
  expect(await invoicesOf(s.org.id)).toEqual([{ status: 'unpaid', price_cents: 25000, provider_paid_cents: 0 }])
})

test("the customer-create dialog's Yes opens the order form with the new customer chosen @nojs", async ({ page, loginAs, javaScriptEnabled }) => {
  const s = await shop()
  await loginAs(s.owner.email, s.org.name)
  await page.goto('/customers/create')
  await ready(page, javaScriptEnabled)
  const email = uniqueEmail('e2e-yes')
  await page.getByLabel('First Name').fill('Yara')
  await page.getByLabel('Last Name').fill('Yes')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password').fill('Some-pass-2026!')
  await page.getByRole('switch', { name: 'Send Welcome Email' }).uncheck()
  await page.getByRole('button', { name: 'Create Customer' }).click()
  await expect(page.getByText('Do you also want to create an order?')).toBeVisible()
  await page.getByRole('link', { name: 'Yes' }).click()
  await expect(page).toHaveURL(/\/orders\/create\?customer=\w+/)
  await expect(page.getByRole('heading', { name: 'Create Order' })).toBeVisible()
  const id = new URL(page.url()).searchParams.get('customer')!
  await expect(page.locator('[name="customer_id"]')).toHaveValue(id)
  if (javaScriptEnabled) await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).toHaveValue(`Yara Yes (${email})`)
})

test('the combobox searches customers beyond the first page', async ({ page, loginAs }) => {
  const s = await shop()
  for (let i = 0; i < 55; i++) await createCustomer(s.org.id, { firstName: 'Aaron', lastName: `Filler${i}` })
  const late = await createCustomer(s.org.id, { firstName: 'Zelda', lastName: 'Zed', email: uniqueEmail('e2e-zelda') })
  await loginAs(s.owner.email, s.org.name)
  await page.goto('/orders/create')
  await ready(page, true)
  await pickCustomer(page, true, { firstName: 'Zelda', email: late.email })
  await expect(page.locator('[name="customer_id"]')).toHaveValue(late.accounts.get(s.org.id)!.publicId)
})

test('needs WRITE_ORDERS', async ({ page, loginAs }) => {
  const s = await shop()
  const staff = await createUser({ memberships: [{ clientId: s.org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
  await loginAs(staff.email, s.org.name)
  const res = await page.goto('/orders/create')
  expect(res?.status()).toBe(403)
})
