// /orders/view (View All and Needs Action) and the dashboard's Projects tab on the demo organisation's
// orders: paging by cursors, filters (URL and localStorage), search with and without JavaScript, the
// reviewer without Needs Action, and the row links that keep the list's query.
import { expect, test } from '#tests/e2e/fixtures'
import type { Page } from '@playwright/test'
import { FILTERS_STORAGE_KEY } from '#app/models/orders-list.schema'

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
}

const ordersTable = (page: Page) => page.getByRole('table', { name: 'Orders' })
const rows = (page: Page) => ordersTable(page).locator('tbody tr')
const applyFilters = (page: Page) => page.getByRole('search', { name: 'Filter orders' }).getByRole('button', { name: 'Apply' }).click()

test('View All pages with First, Next, Last and Previous, numbering down from the total @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('owner@demo.test')
  const response = await page.goto('/orders/view')
  expect(response?.status()).toBe(200)
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('heading', { name: 'View Orders', level: 1 })).toBeVisible()
  await expect(rows(page)).toHaveCount(50)
  const summary = page.getByText(/^1–50 of \d+$/)
  await expect(summary).toBeVisible()
  const total = Number((await summary.textContent())!.split(' of ')[1])
  expect(total).toBeGreaterThan(100)
  // Newest first: the first row is the last of them all.
  await expect(rows(page).first().locator('td').nth(1)).toHaveText(String(total))

  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page.getByText(new RegExp(`^51–100 of ${total}$`))).toBeVisible()
  await expect(rows(page).first().locator('td').nth(1)).toHaveText(String(total - 50))

  await page.getByRole('link', { name: 'Last page' }).click()
  const lastSize = total % 50 || 50
  await expect(page.getByText(new RegExp(`^${total - lastSize + 1}–${total} of ${total}$`))).toBeVisible()
  await expect(rows(page)).toHaveCount(lastSize)
  await expect(rows(page).last().locator('td').nth(1)).toHaveText('1')
  await expect(page.getByLabel('Next page')).toHaveAttribute('aria-disabled', 'true')

  await page.getByRole('link', { name: 'Previous page' }).click()
  await expect(page.getByText(new RegExp(`^${total - lastSize - 49}–${total - lastSize} of ${total}$`))).toBeVisible()
  await page.getByRole('link', { name: 'First page' }).click()
  await expect(summary).toBeVisible()
})

test('filters live in the URL and narrow the list; sorting by a header flips the direction @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('owner@demo.test')
  await page.goto('/orders/view')
  await ready(page, javaScriptEnabled)
  await page.getByLabel('Project Status').selectOption('Past due')
  if (!javaScriptEnabled) await applyFilters(page)
  await expect(page).toHaveURL(/projectStatus=Past\+due/)
  await expect(rows(page).first()).toBeVisible()
  // Retrying assertions: with JavaScript the URL may change a moment before the new rows are shown.
  await expect(
    rows(page)
      .locator('td:nth-child(10)')
      .filter({ hasNotText: /^Past due$/ }),
  ).toHaveCount(0)

  await page.getByLabel('Contributor').selectOption({ label: 'No Contributor Assigned' })
  if (!javaScriptEnabled) await applyFilters(page)
  await expect(page).toHaveURL(/contributor=unassigned/)
  await expect(page).toHaveURL(/projectStatus=Past\+due/)
  await expect(
    rows(page)
      .locator('td:nth-child(11)')
      .filter({ hasNotText: /^No Contributor Assigned$/ }),
  ).toHaveCount(0)

  await page.getByRole('link', { name: 'Clear filters' }).click()
  await expect(page).not.toHaveURL(/projectStatus/)

  await page.getByRole('link', { name: /^Customer/ }).click()
  await expect(page).toHaveURL(/sort=customer&dir=asc/)
  await expect(
    ordersTable(page)
      .getByRole('columnheader', { name: /^Customer/ })
      .first(),
  ).toHaveAttribute('aria-sort', 'ascending')
  await page.getByRole('link', { name: /^Customer/ }).click()
  await expect(page).toHaveURL(/sort=customer&dir=desc/)
})

test('search finds an order by its customer: typed with a pause (JavaScript) or submitted @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('owner@demo.test')
  await page.goto('/orders/view')
  await ready(page, javaScriptEnabled)
  const email = (await rows(page).first().locator('td:nth-child(4)').textContent())!
  const search = page.getByRole('searchbox', { name: 'Search' })
  await search.fill(email)
  if (javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(email).replace(/\./g, '\\.')}`), { timeout: 3000 })
  else await applyFilters(page)
  await expect(page).toHaveURL(/search=/)
  await expect(rows(page).first()).toBeVisible()
  for (const cell of await rows(page).locator('td:nth-child(4)').allTextContents()) expect(cell).toBe(email)
  await expect(search).toHaveValue(email)
})

test('the last filters come back from localStorage when the list opens without any', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/orders/view')
  await ready(page, true)
  await page.getByLabel('Priority').selectOption('urgent')
  await expect(page).toHaveURL(/priority=urgent/)
  expect(await page.evaluate((key) => window.localStorage.getItem(key), FILTERS_STORAGE_KEY)).toBe(JSON.stringify({ priority: ['urgent'] }))
  await page.goto('/orders/view')
  await expect(page).toHaveURL(/priority=urgent/)
  await expect(page.getByLabel('Priority')).toHaveValue('urgent')
  await page.getByRole('link', { name: 'Clear filters' }).click()
  await expect(page).not.toHaveURL(/priority/)
  expect(await page.evaluate((key) => window.localStorage.getItem(key), FILTERS_STORAGE_KEY)).toBeNull()
})

test('row links keep the list query: Open, Settings and Assign @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/orders/view?sort=customer&dir=asc&priority=high')
  const first = rows(page).first()
  const id = (await first.locator('input[name="ids"]').getAttribute('value'))!
  await expect(first.getByRole('link', { name: /^Open activity log/ })).toHaveAttribute('href', `/project/view/${id}`)
  await expect(first.getByRole('link', { name: /^Settings/ })).toHaveAttribute('href', `/orders/view/settings/${id}?sort=customer&dir=asc&priority=high`)
  await expect(first.getByRole('link', { name: /^Assign/ })).toHaveAttribute('href', `/orders/view/assign?sort=customer&dir=asc&priority=high&ids=${id}`)
  await expect(page.getByRole('link', { name: 'Create Order' })).toHaveAttribute('href', '/orders/create')
})

test('Needs Action lists open orders soonest due first with View Order and Login as User @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('owner@demo.test')
  await page.goto('/orders/view')
  await ready(page, javaScriptEnabled)
  await page.getByRole('link', { name: 'Needs Action' }).click()
  await expect(page).toHaveURL(/tab=needs-action/)
  await expect(page.getByRole('link', { name: 'Needs Action' })).toHaveAttribute('aria-current', 'page')
  const table = page.getByRole('table', { name: 'Needs Action' })
  for (const header of ['#', 'Product', 'Due Date', 'Customer', 'Email', 'Contributor', 'Recent Update', 'Priority', 'Status', 'Customer Last Revision', 'Actions']) {
    await expect(table.getByRole('columnheader', { name: header, exact: false }).first()).toBeVisible()
  }
  const first = table.locator('tbody tr').first()
  await expect(first.getByRole('link', { name: /^View Order/ })).toHaveAttribute('href', /^\/project\/view\//)
  await expect(first.getByRole('button', { name: /^Login as User/ })).toBeVisible()
  for (const status of await table.locator('tbody tr td:nth-child(9)').allTextContents()) expect(status).not.toBe('Completed')
})

test('a reviewer does not see the Needs Action tab, even by URL', async ({ page, loginAs }) => {
  await loginAs('reviewer@demo.test')
  const response = await page.goto('/orders/view?tab=needs-action')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('link', { name: 'Needs Action' })).toHaveCount(0)
  await expect(ordersTable(page)).toBeVisible()
  // No UPDATE_ORDERS, ASSIGN_WRITER_REVIEWER or WRITE_ORDERS: no row actions, checkboxes or create button.
  await expect(ordersTable(page).getByRole('link', { name: /^Settings/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Bulk Actions' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Create Order' })).toHaveCount(0)
})

test('the dashboard has Sales and Projects tabs; Projects lists archived orders, completed ones on request @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('owner@demo.test')
  await page.goto('/dashboard')
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('link', { name: 'Sales', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('region', { name: 'Total Orders' })).toBeVisible()
  await page.getByRole('link', { name: 'Projects', exact: true }).click()
  await expect(page).toHaveURL(/tab=projects/)
  const table = page.getByRole('table', { name: 'Projects' })
  await expect(table).toBeVisible()
  const shown = Number((await page.getByText(/^\d+–\d+ of \d+$/).textContent())!.split(' of ')[1])
  for (const status of await table.locator('tbody tr td:nth-child(9)').allTextContents()) expect(status).not.toBe('Completed')
  await page.getByRole('switch', { name: 'Show completed projects' }).click()
  await expect(page).toHaveURL(/showCompleted=true/)
  await expect(page.getByRole('switch', { name: 'Show completed projects' })).toHaveAttribute('aria-checked', 'true')
  const all = Number((await page.getByText(/^\d+–\d+ of \d+$/).textContent())!.split(' of ')[1])
  expect(all).toBeGreaterThanOrEqual(shown)
  await expect(table.locator('tbody tr').first().locator('td').first()).toBeVisible()
})
