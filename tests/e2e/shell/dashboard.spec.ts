// /dashboard: stat cards and sidebar, the any-of guard, the 403 inside the shell (one main, the skip link), and the login redirect.
import { expect, test } from '#tests/e2e/fixtures'

const FORBIDDEN = "You don't have the required permissions! Please contact your admin to give you permissions then refresh the page"

test('the owner sees the user card, the stat cards and the sidebar @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  const response = await page.goto('/dashboard')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  const account = page.getByRole('region', { name: 'Your account' })
  await expect(account).toContainText('Olivia Owner')
  await expect(account).toContainText('owner@demo.test')
  await expect(account).toContainText('Demo Writing Co')
  for (const label of ['Total Contributors', 'Total Customers', 'Total Orders', 'Pending Orders', 'Completed Orders']) {
    await expect(page.getByRole('region', { name: label })).toBeVisible()
  }
  // writer@demo.test is an active WRITER member of the demo organisation.
  const writers = await page.getByTestId('totalWriters').getByRole('paragraph').nth(1).textContent()
  expect(Number(writers)).toBeGreaterThanOrEqual(1)
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
})

test('staff with READ_ORDERS only passes the any-of guard and lands on the Projects tab', async ({ page, loginAs }) => {
  await loginAs('staff@demo.test')
  const response = await page.goto('/dashboard')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('link', { name: 'Projects', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('link', { name: 'Sales', exact: true })).toHaveCount(0)
  await expect(page.getByRole('table', { name: 'Projects' })).toBeVisible()
})

test('a writer without dashboard permissions gets 403 inside the shell @nojs', async ({ page, loginAs }) => {
  await loginAs('writer@demo.test')
  const response = await page.goto('/dashboard')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('alert')).toHaveText(FORBIDDEN)
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  // Issue 27: one <main> on a 403 inside the shell, the skip link first, and no Billing for a contributor.
  await expect(page.getByRole('main')).toHaveCount(1)
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Billing')).toHaveCount(0)
  expect((await page.request.get('/payments/manage-subscription')).status()).toBe(403)
})

test('signed out, /dashboard redirects to login with the return path @nojs', async ({ page }) => {
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
})

test('the superadmin sees the platform dashboard', async ({ page, loginAs }) => {
  await loginAs('superadmin@demo.test')
  const response = await page.goto('/dashboard')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('region', { name: 'Your account' })).toContainText('Sam Super')
  await expect(page.getByRole('region', { name: 'Organisations', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Users', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Total Orders' })).toHaveCount(0)
})

test('/ sends each visitor to their landing page @nojs', async ({ page, loginAs }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
  await loginAs('writer@demo.test')
  await page.goto('/')
  await expect(page).toHaveURL(/\/work$/)
  await loginAs('owner@demo.test')
  await page.goto('/')
  await expect(page).toHaveURL(/\/dashboard$/)
})
