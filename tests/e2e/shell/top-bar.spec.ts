// The top bar: profile menu (Profile, Logout) with and without JavaScript, and the notification bell.
import { expect, test } from '#tests/e2e/fixtures'

test('the profile menu reaches Profile and Logout @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('owner@demo.test')
  await page.goto('/dashboard')
  if (javaScriptEnabled) {
    await page.locator('[data-hydrated]').waitFor()
    await page.getByRole('button', { name: 'User menu' }).click()
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    await page.getByRole('menuitem', { name: 'Logout' }).click()
  } else {
    await page.locator('summary', { hasText: 'user menu' }).click()
    await expect(page.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    await page.getByRole('link', { name: 'Logout' }).click()
  }
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
})

test('the profile menu opens the profile page', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/dashboard')
  await page.locator('[data-hydrated]').waitFor()
  await page.getByRole('button', { name: 'User menu' }).click()
  await page.getByRole('menuitem', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
})

test('the notification bell shows that there are none', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/dashboard')
  await page.locator('[data-hydrated]').waitFor()
  await page.getByRole('button', { name: 'Notifications' }).click()
  await expect(page.getByText('No Notifications')).toBeVisible()
})
