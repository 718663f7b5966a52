// Demo Writing Co as `npm start` shows it (ADR 0057): a paying customer of the platform on a plan with
// CRM, whose subscription and payout account are fixtures of the Stripe emulator the server talks to.
// Read-only: the demo organisation is shared with other specs.
import { expect, test } from '#tests/e2e/fixtures'

test('the demo owner sees a paid plan, its invoices, payouts that take charges and the CRM section', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/payments/manage-subscription')
  const summary = page.getByRole('region', { name: 'Subscription' })
  await expect(summary).toContainText('$598 / month')
  await expect(summary).toContainText(/\d+ of 50/)
  await expect(page.getByRole('link', { name: 'Cancel Subscription' })).toBeVisible()

  await page.goto('/payments/invoices')
  const rows = page.getByRole('table', { name: 'Invoices and Receipts' }).locator('tbody tr')
  await expect(rows.first()).toContainText('Paid')
  await expect(rows.first()).toContainText('$598')

  await page.goto('/payments/payouts')
  await expect(page.getByRole('region', { name: 'Payouts status' })).toContainText('Payouts are configured')
  await page.goto('/products/view')
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible()
  await expect(page.getByText('Your customer portal is not taking orders yet.')).toHaveCount(0)

  // The plan includes CRM: the first look starts the organisation's CRM account (a job), then the section shows.
  await expect(async () => {
    await page.goto('/dashboard')
    await expect(page.getByRole('button', { name: 'CRM', exact: true })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
})
