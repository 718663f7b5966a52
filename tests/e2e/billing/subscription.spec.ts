// /payments/manage-subscription: cancel and keep, pause and unpause, increase max users with the
// proration preview, and a locked (past due) owner paying the open invoice to get the account back.
import { expect, test } from '#tests/e2e/fixtures'
import { platformDb } from '#app/services/db.server'
import { advanceClock, DAY, panel, ready, setDecline, subscribedOrganisation } from './subscription-setup'

test('cancel at the end of the period, then keep the subscription @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await subscribedOrganisation({ plan: { maxUsers: 5, priceCents: 9900 } })
  await loginAs(owner.email, org.name)
  await page.goto('/payments/manage-subscription')
  await ready(page, javaScriptEnabled)
  const summary = page.getByRole('region', { name: 'Subscription' })
  await expect(summary).toContainText('For teams. 5 users limit.')
  await expect(summary).toContainText('$99 / month')
  await expect(summary).toContainText('1 of 5')

  await page.getByRole('link', { name: 'Cancel Subscription' }).click()
  const dialog = panel(page, 'Cancel Subscription')
  await expect(dialog).toContainText('stays active until')
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click()
  await expect(page.getByText(/^Your subscription is canceled and ends on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Pause Subscription' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Keep Subscription' }).click()
  await expect(page.getByText('Your subscription will continue.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Cancel Subscription' })).toBeVisible()
})

test('pause from the end of the cycle, then unpause; the allowance is shown @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await subscribedOrganisation({ plan: { maxUsers: 5, priceCents: 9900 } })
  await loginAs(owner.email, org.name)
  await page.goto('/payments/manage-subscription')
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText('2 of 2')
  await page.getByRole('link', { name: 'Pause Subscription' }).click()
  const dialog = panel(page, 'Pause Subscription')
  await expect(dialog).toContainText('Pauses left this subscription year: 2 of 2')
  await dialog.getByRole('button', { name: 'Pause Subscription' }).click()
  await expect(page.getByText(/^Your subscription pauses from .+ to .+\.$/).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText('1 of 2')

  await page.getByRole('button', { name: 'Unpause' }).click()
  await expect(page.getByText('Your subscription is no longer paused.')).toBeVisible()
  // Withdrawn before it began: it does not count.
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText('2 of 2')
})

test('a running pause leaves only Cancel, and can be ended early', async ({ page, loginAs }) => {
  const { org, owner, sub, clock } = await subscribedOrganisation({ plan: { maxUsers: 5, priceCents: 9900 }, testClock: true })
  await loginAs(owner.email, org.name)
  await page.goto('/payments/manage-subscription')
  await page.getByRole('link', { name: 'Pause Subscription' }).click()
  await panel(page, 'Pause Subscription').getByRole('button', { name: 'Pause Subscription' }).click()
  await expect(page.getByText(/^Your subscription pauses from/).first()).toBeVisible()

  await advanceClock(clock!.id, sub!.currentPeriodEnd - clock!.frozen_time + 3600, org)
  await page.goto('/payments/manage-subscription')
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText('Paused')
  const actions = page.getByRole('group', { name: 'Subscription actions' })
  await expect(actions.getByRole('link')).toHaveText(['Cancel Subscription'])
  await page.getByRole('button', { name: 'End pause now' }).click()
  await expect(page.getByText('Your subscription is no longer paused.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText('Active')
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText('1 of 2')
})

test('increase max users: preview the proration, then add @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await subscribedOrganisation({ plan: { maxUsers: 2, priceCents: 2000 } })
  await loginAs(owner.email, org.name)
  await page.goto('/payments/manage-subscription')
  await ready(page, javaScriptEnabled)
  await page.getByRole('link', { name: 'Increase Max Users' }).click()
  const dialog = panel(page, 'Increase Max Users')
  await expect(dialog).toContainText('each adds 2 users for $20 per month')
  await dialog.getByLabel('Quantity').fill('0')
  await dialog.getByRole('button', { name: 'Preview' }).click()
  await expect(dialog.getByText('Quantity must be at least 1')).toBeVisible()
  await dialog.getByLabel('Quantity').fill('2')
  await dialog.getByRole('button', { name: 'Preview' }).click()
  const preview = dialog.getByLabel('Proration preview')
  await expect(preview).toContainText('Max users after6')
  await expect(preview).toContainText('Due now (prorated)')
  await expect(preview).toContainText('$60 / month')
  await dialog.getByRole('button', { name: 'Add Users' }).click()
  await expect(page.getByText('Max users increased to 6.')).toBeVisible()
  const summary = page.getByRole('region', { name: 'Subscription' })
  await expect(summary).toContainText('1 of 6')
  await expect(summary).toContainText('$60 / month')
})

test('a locked owner sees only Dashboard and Billing, pays the open invoice and is unlocked @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner, sub, card, clock } = await subscribedOrganisation({ plan: { maxUsers: 5, priceCents: 1500 }, testClock: true })
  await setDecline(card!.id, 'generic_decline')
  await advanceClock(clock!.id, sub!.currentPeriodEnd - clock!.frozen_time + 60, org)
  // Past due for 9 days by our clock: the account is locked.
  await platformDb
    .updateTable('organisations')
    .set({ payment_due_since: new Date(Date.now() - 9 * DAY * 1000) })
    .where('id', '=', org.id)
    .execute()
  await loginAs(owner.email, org.name)

  expect((await page.goto('/orders/view'))?.status()).toBe(403)
  await page.goto('/dashboard')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link')).toHaveText(['Dashboard'])
  await expect(nav.getByRole('button', { name: 'Billing' })).toBeVisible()

  await page.goto('/payments/manage-subscription')
  await ready(page, javaScriptEnabled)
  await expect(page.getByText('You have a past due invoice of $15.')).toBeVisible()
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page.getByText('Your card was declined.')).toBeVisible()

  await setDecline(card!.id, 'none')
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page.getByText('The invoice is paid.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText('Active')
  expect((await page.goto('/orders/view'))?.status()).toBe(200)
})
