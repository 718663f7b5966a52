// /audit-logs: owners see their organisation's logs with filters; superadmin all; staff 403.
import { expect, test } from '#tests/e2e/fixtures'
import { ready } from '../platform/helpers'

test('an owner sees only their organisation and can filter @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('owner2@demo.test')
  expect((await page.goto('/audit-logs'))?.status()).toBe(200)
  await ready(page, javaScriptEnabled)
  const table = page.getByRole('table', { name: 'Audit logs' })
  for (const header of ['User', 'Role', 'Module', 'Action', 'Status', 'Host IP', 'Message', 'Created At']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  }
  await expect(table.getByRole('columnheader', { name: 'Organisation' })).toHaveCount(0)
  const filters = page.getByRole('form', { name: 'Filters' })
  await filters.getByLabel('Module').selectOption('orders')
  if (!javaScriptEnabled) await filters.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/module=orders/)
  await expect(table).toContainText('Archived order #2001')
  await expect(table).not.toContainText('Assigned Wendy Writer')
  // Labels, not raw values: the role 'client' reads Owner, the module 'orders' Orders, the action 'archive' Archive.
  const row = table.locator('tbody tr').filter({ hasText: 'Archived order #2001' })
  await expect(row.locator('td[data-label="Role"]')).toHaveText('Owner')
  await expect(row.locator('td[data-label="Module"]')).toHaveText('Orders')
  await expect(row.locator('td[data-label="Action"]')).toHaveText('Archive')
  await expect(filters.getByLabel('Module').locator('option:checked')).toHaveText('Orders')
  await expect(page.getByLabel('Rows per page')).toHaveValue('100')
})

test('superadmin sees every organisation', async ({ page, loginAs }) => {
  await loginAs('superadmin@demo.test')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/audit-logs?module=orders')
  const table = page.getByRole('table', { name: 'Audit logs' })
  await expect(table.getByRole('columnheader', { name: 'Organisation' })).toBeVisible()
  // All nine columns fit 1280 px: the table's own scroller does not scroll.
  expect(await table.evaluate((e) => e.parentElement!.scrollWidth - e.parentElement!.clientWidth)).toBeLessThanOrEqual(0)
  await expect(table).toContainText('Archived order #2001')
  await expect(table).toContainText('Assigned Wendy Writer to order #1001')
})

test('staff without full access get 403', async ({ page, loginAs }) => {
  await loginAs('staff@demo.test')
  expect((await page.goto('/audit-logs'))?.status()).toBe(403)
  await loginAs('billing@demo.test')
  expect((await page.goto('/audit-logs'))?.status()).toBe(403)
})
