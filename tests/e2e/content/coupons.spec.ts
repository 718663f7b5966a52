// Customer coupons: the create rules and messages, the list (25/50/100) and delete.
import { expect, test } from '#tests/e2e/fixtures'

const inDays = (n: number) => new Date(Date.now() + n * 86400000).toISOString().slice(0, 10)

test('create shows the spec messages, saves, lists and deletes @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto('/products/customer-coupons/create')
  await page.getByLabel('Max Redemptions').fill('1')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Enter Coupon Code')).toBeVisible()
  await expect(page.getByText('Please provide a total discount')).toBeVisible()
  await expect(page.getByText('Please provide expiration coupon date')).toBeVisible()
  const code = `E2E${Date.now().toString(36).toUpperCase()}`
  await page.getByLabel('Coupon Code').fill(code)
  await page.getByLabel('Discount Type').selectOption('percent')
  await page.getByLabel('Total Discount').fill('150')
  await page.getByLabel('Expiration Date').fill(inDays(10))
  await page.getByLabel('Apply to a product').check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('For percent (%) discount, total discount must be 100 or less')).toBeVisible()
  await expect(page.getByText('Please select a product')).toBeVisible()
  await expect(page.getByLabel('Coupon Code')).toHaveValue(code)
  await page.getByLabel('Total Discount').fill('15')
  await page.getByLabel('Apply to a product').uncheck()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/products\/customer-coupons\/view/)
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await expect(page.getByLabel('Rows per page').locator('option')).toHaveText(['25', '50', '100'])
  page.on('dialog', (d) => d.accept())
  await page.getByRole('button', { name: `Delete ${code}` }).click()
  await expect(page.getByText('Deleted!')).toBeVisible()
  await expect(page.getByRole('cell', { name: code })).toHaveCount(0)
})

test('staff without the permission is refused', async ({ page, loginAs }) => {
  await loginAs('staff@demo.test', 'Demo Writing Co')
  expect((await page.goto('/products/customer-coupons/view'))?.status()).toBe(403)
})

test('the product select shows only when "Apply to a product" is ticked', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto('/products/customer-coupons/create')
  await page.locator('[data-hydrated]').waitFor()
  await expect(page.getByLabel('Product', { exact: true })).toHaveCount(0)
  await page.getByLabel('Apply to a product').check()
  await expect(page.getByLabel('Product', { exact: true })).toBeVisible()
  await page.getByLabel('Apply to a product').uncheck()
  await expect(page.getByLabel('Product', { exact: true })).toHaveCount(0)
})
