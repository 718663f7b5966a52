// /payments/payouts: Setup Payouts sends the owner to Stripe's onboarding and back (configured); Continue
// Setup and awaiting verification as Stripe reports them; staff are refused.
import { expect, test } from '#tests/e2e/fixtures'
import { platformDb } from '#app/services/db.server'
import { ALL_PERMISSIONS } from '#app/rules/permissions'
import { createTenant, createUser } from '#tests/factories/index'
import { emulatorUrl, ready, stripeSdk } from './helpers'

async function setAccount(id: string, state: Record<string, boolean>) {
  const res = await fetch(`${emulatorUrl()}/_emulator/accounts/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(state).map(([k, v]) => [k, String(v)])).toString(),
  })
  expect(res.status).toBe(200)
}

const status = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Payouts status' })

test('the owner sets up payouts through Stripe and comes back configured @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto('/payments/payouts')
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible()
  await expect(status(page)).toContainText('Receive your customers’ payments in your bank account.')
  await status(page).getByRole('link', { name: 'Setup Payouts' }).click()
  // The emulator's onboarding completes at once and sends the owner back to the configured URL.
  await expect(page).toHaveURL(/\/payments\/payouts\?setup=returned$/)
  await expect(page.getByText('Welcome back from Stripe.', { exact: false })).toBeVisible()
  await expect(status(page)).toContainText('Payouts are configured: charges and payouts are enabled.')
  await expect(status(page).getByText('Enabled', { exact: true })).toBeVisible()
  await expect(status(page).getByRole('link')).toHaveCount(0)
})

test('Continue Setup lists what Stripe still needs; then awaiting verification', async ({ page, loginAs }) => {
  const { org, owner } = await createTenant()
  const { payments } = stripeSdk()
  const account = await payments.createConnectAccount({ email: owner.email }, `e2e-payouts-${org.publicId}`)
  await platformDb.updateTable('organisations').set({ stripe_connect_account_id: account.id }).where('id', '=', org.id).execute()
  await setAccount(account.id, { details_submitted: true, charges_enabled: true })
  await loginAs(owner.email, org.name)
  await page.goto('/payments/payouts')
  await expect(status(page).getByRole('link', { name: 'Continue Setup' })).toHaveAttribute('href', '/payments/payouts/setup')
  await expect(status(page).getByRole('list', { name: 'Still needed' })).toHaveText('External account')

  await setAccount(account.id, { charges_enabled: false })
  await page.reload()
  await expect(status(page)).toContainText('awaiting verification by Stripe')
  await expect(status(page).getByRole('link')).toHaveCount(0)
})

test('staff are refused even with every permission', async ({ page, loginAs }) => {
  const { org } = await createTenant()
  const staff = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ALL_PERMISSIONS }] })
  await loginAs(staff.email, org.name)
  await page.goto('/payments/payouts')
  await expect(page.getByText("You don't have the required permissions!", { exact: false })).toBeVisible()
})
