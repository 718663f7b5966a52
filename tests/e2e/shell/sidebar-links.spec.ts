// The sidebar's links (plain anchors taken over by one handler, ADR 40): the current page is marked,
// a click navigates in the page, a link held under the pointer is prefetched; sections open by a post.
import { expect, test } from '#tests/e2e/fixtures'

test('the current page is marked, and a section opens, without JavaScript too @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('owner@demo.test')
  await page.goto('/customers/view')
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
  const nav = page.getByRole('navigation', { name: 'Main' })
  // Closed, the current page's section is marked and still shows where one is (issue 27); no other section does.
  await expect(nav.getByRole('button', { name: 'Customers' })).toHaveAttribute('aria-expanded', 'false')
  await expect(nav.getByRole('button', { name: 'Customers' })).toHaveAttribute('data-current-section', 'true')
  await expect(nav.getByRole('link', { name: 'View Customers' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Create Customer' })).toHaveCount(0)
  await expect(nav.getByRole('button', { name: 'Products' })).not.toHaveAttribute('data-current-section', /.*/)
  await nav.getByRole('button', { name: 'Customers' }).click()
  await expect(nav.getByRole('button', { name: 'Customers' })).toHaveAttribute('aria-expanded', 'true')
  await expect(nav.getByRole('link', { name: 'View Customers' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Create Customer' })).not.toHaveAttribute('aria-current', /.*/)
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', /.*/)
  await expect(page).toHaveURL(/\/customers\/view$/)
})

test('a sidebar link navigates within the page and is prefetched while the pointer rests on it', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/audit-logs')
  await page.locator('[data-hydrated]').waitFor()
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Audit Logs' })).toHaveAttribute('aria-current', 'page')
  await nav.getByRole('link', { name: 'Dashboard' }).hover()
  await expect(page.locator('link[rel="prefetch"][href^="/dashboard.data"]')).toHaveCount(1)
  // A marker on window survives a client-side navigation, not a document load.
  await page.evaluate(() => Object.assign(window, { stayed: true }))
  await nav.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Audit Logs' })).not.toHaveAttribute('aria-current', /.*/)
})
