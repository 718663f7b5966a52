// The sidebar's links (plain anchors taken over by one handler, ADR 40): the current page is marked,
// a click navigates in the page, a link held under the pointer is prefetched; sections open by a post.
import { expect, test } from '#tests/e2e/fixtures'

test('the current page is marked, its section opens by itself, and a section closes and opens, without JavaScript too @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('owner@demo.test')
  await page.goto('/customers/view')
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
  const nav = page.getByRole('navigation', { name: 'Main' })
  const section = nav.getByRole('button', { name: 'Customers' })
  // The current page's section is open and marked without anyone opening it; the others stay closed.
  await expect(section).toHaveAttribute('aria-expanded', 'true')
  await expect(section).toHaveAttribute('data-current-section', 'true')
  await expect(nav.getByRole('button', { name: 'Products' })).toHaveAttribute('aria-expanded', 'false')
  // Closed by its person, it stays closed on this page; opened again, it stays open.
  await section.click()
  await expect(section).toHaveAttribute('aria-expanded', 'false')
  await page.reload()
  await expect(section).toHaveAttribute('aria-expanded', 'false')
  await section.click()
  await expect(section).toHaveAttribute('aria-expanded', 'true')
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
