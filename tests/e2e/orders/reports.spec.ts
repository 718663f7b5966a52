// /orders/reports: Reports (beta). The form's errors with the input kept, a created report that
// becomes ready (polled with JavaScript, refreshed without), its CSV download, and a preset range.
import type { Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { expect, test } from '#tests/e2e/fixtures'
import { createTenant } from '#tests/factories/index'
import { createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'

async function shop() {
  const { org, owner } = await createTenant()
  const product = await createProductWithWorkflow(org.id, { name: 'Report Resume', priceCents: 25000 })
  const customer = await createCustomer(org.id, { firstName: 'Rita', lastName: 'Report' })
  const orders = [
    await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId, createdAt: new Date('2026-03-03T09:00:00.000Z') }),
    await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId, createdAt: new Date('2026-03-04T09:00:00.000Z') }),
  ]
  return { org, owner, orders }
}

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
}

const reportForm = (page: Page) => page.getByRole('form', { name: 'New report' })
const field = (page: Page, label: string) => reportForm(page).getByRole('checkbox', { name: label, exact: true })

test('asks for the second date and a field, keeps what was typed, then creates a report that becomes ready @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const s = await shop()
  await loginAs(s.owner.email, s.org.name)
  await page.goto('/orders/reports')
  await expect(page.getByRole('heading', { name: 'Reports (beta)' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Reports' })).toContainText('No Record Found')
  await expect(reportForm(page).getByRole('checkbox')).toHaveCount(17)
  await ready(page, javaScriptEnabled)

  // A custom range with one date.
  await reportForm(page).getByRole('radio', { name: 'Custom range' }).check()
  await reportForm(page).getByLabel('First date', { exact: true }).fill('2026-03-01')
  await field(page, 'Tags').check()
  await reportForm(page).getByRole('button', { name: 'Create Report' }).click()
  await expect(reportForm(page).getByText('choose second date')).toBeVisible()
  await expect(reportForm(page).getByLabel('First date', { exact: true })).toHaveValue('2026-03-01')
  await expect(reportForm(page).getByRole('radio', { name: 'Custom range' })).toBeChecked()
  await expect(field(page, 'Tags')).toBeChecked()
  await expect(field(page, 'Order ID')).toBeChecked()

  // Both dates, but no field.
  await reportForm(page).getByLabel('Second date', { exact: true }).fill('2026-03-31')
  for (const box of await reportForm(page).getByRole('checkbox').all()) await box.uncheck()
  await reportForm(page).getByRole('button', { name: 'Create Report' }).click()
  await expect(reportForm(page).getByText('Please select at least one report field')).toBeVisible()
  await expect(reportForm(page).getByLabel('Second date', { exact: true })).toHaveValue('2026-03-31')

  await field(page, 'Order ID').check()
  await field(page, 'Customer').check()
  await reportForm(page).getByRole('button', { name: 'Create Report' }).click()
  await expect(page.getByText('Report requested. It will be ready to download in a moment.')).toBeVisible()
  const row = page.getByRole('table', { name: 'Reports' }).locator('tbody tr').first()
  await expect(row).toContainText('2026-03-01')
  await expect(row).toContainText('2026-03-31')

  if (javaScriptEnabled) {
    // The page re-reads the list by itself while the report is on its way.
    await expect(row).toContainText('Ready', { timeout: 20_000 })
  } else {
    // Without JavaScript: refresh (the Refresh link, or reload once it is gone) until it is ready.
    await expect
      .poll(
        async () => {
          await page.goto('/orders/reports')
          return (await row.textContent()) ?? ''
        },
        { timeout: 20_000, intervals: [500] },
      )
      .toContain('Ready')
  }
  const [file] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Download CSV' }).click()])
  expect(file.suggestedFilename()).toBe('orders-report-2026-03-01-to-2026-03-31.csv')
  const text = await readFile((await file.path())!, 'utf8')
  expect(text).toBe(`\ufeffOrder ID,Customer\r\n${s.orders.map((o) => `${o.public_id},Rita Report`).join('\r\n')}\r\n`)
})

test('a preset range needs no dates @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const s = await shop()
  await loginAs(s.owner.email, s.org.name)
  await page.goto('/orders/reports')
  await ready(page, javaScriptEnabled)
  await expect(reportForm(page).getByLabel('First date', { exact: true })).toBeHidden()
  await reportForm(page).getByRole('radio', { name: 'Last 7 days' }).check()
  await reportForm(page).getByRole('button', { name: 'Create Report' }).click()
  await expect(page.getByText('Report requested. It will be ready to download in a moment.')).toBeVisible()
  const today = new Date()
  const weekAgo = new Date(today.getTime() - 6 * 86_400_000)
  const row = page.getByRole('table', { name: 'Reports' }).locator('tbody tr').first()
  await expect(row).toContainText(weekAgo.toISOString().slice(0, 10))
  await expect(row).toContainText(today.toISOString().slice(0, 10))
})
