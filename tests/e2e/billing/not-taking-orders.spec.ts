// The owner learns in the back office why the customer portal is not taking orders (the payout
// account cannot take charges yet), on /products/view and /payments/payouts; staff see why, not the link.
import { expect, test } from '#tests/e2e/fixtures'
import { NOT_TAKING_ORDERS } from '#app/rules/storefront-payments'
import { createConnectedAccount, setConnectState } from '#tests/factories/connect'
import { createTenant, createUser } from '#tests/factories/index'

const notice = (page: import('@playwright/test').Page) => page.getByRole('status').filter({ hasText: 'Your customer portal is not taking orders yet.' })

test('without payouts the owner is told why on the products page and follows the link to set them up @nojs', async ({ page, loginAs }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto('/products/view')
  await expect(notice(page)).toContainText(NOT_TAKING_ORDERS.noAccount)
  await notice(page).getByRole('link', { name: 'Set up payouts' }).click()
  await expect(page).toHaveURL(/\/payments\/payouts$/)
  await expect(notice(page)).toContainText(NOT_TAKING_ORDERS.noAccount)
  // Here the page's own button is the way to set them up.
  await expect(notice(page).getByRole('link')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Payouts status' }).getByRole('link', { name: 'Setup Payouts' })).toBeVisible()
})

test('staff who may see products learn why, without a link to payouts they cannot open', async ({ page, loginAs }) => {
  const { org } = await createTenant()
  const staff = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_PRODUCTS'] }] })
  await loginAs(staff.email, org.name)
  await page.goto('/products/view')
  await expect(notice(page)).toContainText(NOT_TAKING_ORDERS.noAccount)
  await expect(notice(page).getByRole('link')).toHaveCount(0)
})

test('an account Stripe has not enabled for charges says so; once enabled the notice goes', async ({ page, loginAs }) => {
  const { org, owner } = await createTenant()
  const accountId = await createConnectedAccount({ clientId: org.id, chargesEnabled: false })
  await loginAs(owner.email, org.name)
  await page.goto('/payments/payouts')
  await expect(notice(page)).toContainText(NOT_TAKING_ORDERS.chargesDisabled)
  await page.goto('/products/view')
  await expect(notice(page)).toContainText(NOT_TAKING_ORDERS.chargesDisabled)

  await setConnectState(accountId, { chargesEnabled: true })
  // The payouts page asks Stripe afresh, and so refreshes what the portal remembers.
  await page.goto('/payments/payouts')
  await expect(page.getByRole('region', { name: 'Payouts status' })).toContainText('Payouts are configured')
  await expect(notice(page)).toHaveCount(0)
  await page.goto('/products/view')
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible()
  await expect(notice(page)).toHaveCount(0)
})
