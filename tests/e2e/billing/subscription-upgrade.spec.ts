// /payments/upgrade and /payments/reactivate: from the trial banner to a paid plan (package cards,
// promo, subscribe dialog), the provider's message for a declined card, 'Unauthorized' when the
// session is gone, and subscribing again after the subscription ended.
import { expect, test } from '#tests/e2e/fixtures'
import { createPlan, createPromotion } from '#tests/factories/subscriptions'
import { panel, payments, ready, subscribedOrganisation, unique } from './subscription-setup'

test('a trial owner follows the banner, applies a promo and subscribes @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await subscribedOrganisation({ status: 'trial', trialDays: 10, plan: { maxUsers: 1, priceCents: 2900, upgrade: false, trialDays: 10 } })
  const team = await createPlan({ name: unique('Team'), maxUsers: 5, priceCents: 9900 })
  const promo = await createPromotion({ percent: 20, duration: 'repeating', months: 3 })
  await loginAs(owner.email, org.name)
  await page.goto('/dashboard')
  await expect(page.getByText(/^Your trial ends in \d+ days$/)).toBeVisible()
  await page.getByRole('status').filter({ hasText: 'Your trial ends in' }).getByRole('link', { name: 'Upgrade' }).click()
  await expect(page).toHaveURL(/\/payments\/upgrade$/)
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('heading', { name: 'Upgrade Your Plan', level: 1 })).toBeVisible()

  const card = page.getByRole('region', { name: team.package_name })
  await expect(card).toContainText('For teams. 5 users limit.')
  await expect(card).toContainText('$99 / month')

  if (javaScriptEnabled) await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled()
  await page.getByRole('textbox', { name: 'Promo Code' }).fill('NOT-A-REAL-CODE')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('This promo code is invalid or has expired')).toBeVisible()
  await page.getByRole('textbox', { name: 'Promo Code' }).fill(promo.coupon_code)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText(`Promo applied: ${promo.coupon_code}: 20% off for 3 months`)).toBeVisible()
  await expect(card).toContainText('$79.20 today')

  await card.getByRole('link', { name: `Subscribe to ${team.package_name}` }).click()
  const dialog = panel(page, `Subscribe to ${team.package_name}`)
  await expect(dialog).toContainText('Due Today')
  await expect(dialog).toContainText('$79.20')
  await expect(dialog).toContainText('visa ending in 4242')
  await dialog.getByRole('button', { name: 'Subscribe' }).click()

  await expect(page).toHaveURL(/\/payments\/manage-subscription$/)
  await expect(page.getByText('Your subscription is active.')).toBeVisible()
  const summary = page.getByRole('region', { name: 'Subscription' })
  await expect(summary).toContainText(team.package_name)
  await expect(summary).toContainText('Active')
  await expect(page.getByText(/Your trial ends in/)).toHaveCount(0)
})

test('a declined card shows the provider message and the trial stays @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner, plan } = await subscribedOrganisation({ status: 'trial', trialDays: 10, card: 'pm_card_chargeDeclined', plan: { maxUsers: 3, priceCents: 4900 } })
  await loginAs(owner.email, org.name)
  await page.goto(`/payments/upgrade?plan=${plan!.public_id}`)
  await ready(page, javaScriptEnabled)
  const dialog = panel(page, `Subscribe to ${plan!.package_name}`)
  await dialog.getByRole('button', { name: 'Subscribe' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.')
  await page.goto('/dashboard')
  await expect(page.getByText(/^Your trial ends in \d+ days$/)).toBeVisible()
})

test("the dialog says 'Unauthorized' when the session has ended", async ({ page, loginAs, context }) => {
  const { org, owner, plan } = await subscribedOrganisation({ status: 'trial', trialDays: 10, plan: { maxUsers: 3, priceCents: 4900 } })
  await loginAs(owner.email, org.name)
  await page.goto(`/payments/upgrade?plan=${plan!.public_id}`)
  await ready(page, true)
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Due Today')
  await context.clearCookies()
  await dialog.getByRole('button', { name: 'Subscribe' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Unauthorized')
})

test('without a card the dialog sends the owner to add one', async ({ page, loginAs }) => {
  const { org, owner, plan } = await subscribedOrganisation({ status: 'trial', trialDays: 10, card: null, plan: { maxUsers: 3, priceCents: 4900 } })
  await loginAs(owner.email, org.name)
  await page.goto(`/payments/upgrade?plan=${plan!.public_id}`)
  await expect(page.getByText('There is no default card on file.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add a payment method' })).toHaveAttribute('href', '/payments/methods')
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeDisabled()
})

test('after the subscription ended the owner subscribes again from Reactivate @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner, plan, sub } = await subscribedOrganisation({ plan: { maxUsers: 2, priceCents: 3900 } })
  await payments().cancelNow(sub!.id)
  const { syncSubscription } = await import('#app/models/platform-billing.server')
  await syncSubscription({ subscriptionId: sub!.id, customerId: null, metadataClientId: org.publicId }, payments())
  await loginAs(owner.email, org.name)
  await page.goto('/payments/manage-subscription')
  await ready(page, javaScriptEnabled)
  // Locked: only Dashboard and Billing are left, and billing stays open.
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText('Canceled')
  await page.getByRole('link', { name: 'Reactivate' }).click()
  await expect(page).toHaveURL(/\/payments\/reactivate$/)
  await ready(page, javaScriptEnabled)
  await expect(page.getByText('Your subscription has ended. Choose a package to subscribe again.')).toBeVisible()
  await page
    .getByRole('region', { name: plan!.package_name })
    .getByRole('link', { name: `Subscribe to ${plan!.package_name}` })
    .click()
  await panel(page, `Subscribe to ${plan!.package_name}`).getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByText('Your subscription is active again.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText('Active')
})

test('staff without the permission see the plan but cannot change it', async ({ page, loginAs }) => {
  const { org, plan } = await subscribedOrganisation({ plan: { maxUsers: 5, priceCents: 9900 } })
  const { createUser } = await import('#tests/factories/index')
  const staff = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
  await loginAs(staff.email, org.name)
  await page.goto('/payments/manage-subscription')
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText(plan!.package_name)
  await expect(page.getByText('Ask your admin for the Manage Subscription permission to change the plan.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Cancel Subscription' })).toHaveCount(0)
  const response = await page.goto('/payments/upgrade')
  expect(response?.status()).toBe(403)
  await expect(page.getByText("You don't have the required permissions!", { exact: false })).toBeVisible()
})
