// /promotions/view and /promotions/create: platform promotion codes, created and deleted by code.
import { expect, test } from '#tests/e2e/fixtures'
import { ready } from './helpers'

const nextYear = () => `${new Date().getUTCFullYear() + 1}-03-31`

test('create a promotion with an error first, then delete it @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  page.on('dialog', (dialog) => void dialog.accept())
  await loginAs('billing@demo.test')
  await page.goto('/promotions/create')
  await ready(page, javaScriptEnabled)
  const form = page.getByRole('form', { name: 'Add promotion' })
  await expect(form.getByLabel('Duration In Months')).toBeHidden()
  await form.getByRole('button', { name: 'Create Promotion' }).click()
  await expect(form.getByText('Enter Coupon Code')).toBeVisible()
  await expect(form.getByText('Select Discount Type')).toBeVisible()

  const code = `E2E${Math.random().toString(36).slice(2, 8).toUpperCase()}`
  await form.getByLabel('Coupon Code').fill(code)
  await form.getByLabel('Max Redemptions').fill('25')
  await form.getByLabel('Discount Type').selectOption('percent')
  await form.getByLabel('Value').fill('15')
  await form.getByLabel('Duration', { exact: true }).selectOption('repeating')
  await expect(form.getByLabel('Duration In Months')).toBeVisible()
  await form.getByLabel('Redeem By').fill(nextYear())
  await form.getByRole('button', { name: 'Create Promotion' }).click()
  await expect(form.getByText(/Enter Duration In Months/)).toBeVisible()
  await expect(form.getByLabel('Coupon Code')).toHaveValue(code)

  await form.getByLabel('Duration In Months').fill('3')
  await form.getByRole('button', { name: 'Create Promotion' }).click()
  await expect(page).toHaveURL(/\/promotions\/view$/)
  await expect(page.getByText('Promotion Created Sucessfully')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: code })
  await expect(row).toContainText('15%')
  await expect(row).toContainText('Repeating (3 months)')
  await expect(row).toContainText('0 / 25')

  await row.getByRole('button', { name: `Delete ${code}` }).click()
  await expect(page.getByText('Deleted!')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0)
})

test('the seeded promotions are listed; staff without the module get 403', async ({ page, loginAs }) => {
  await loginAs('superadmin@demo.test')
  await page.goto('/promotions/view')
  await expect(page.getByRole('row').filter({ hasText: 'WELCOME20' })).toContainText('3 / 100')
  await expect(page.getByRole('row').filter({ hasText: 'TENOFF' })).toContainText('$10 flat')
  await loginAs('support@demo.test')
  expect((await page.goto('/promotions/view'))?.status()).toBe(403)
  expect((await page.goto('/promotions/create'))?.status()).toBe(403)
})
