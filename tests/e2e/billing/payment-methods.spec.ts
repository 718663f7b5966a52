// /payments/methods: add a card, set the default, a declined card shows Stripe's message, and a locked
// past-due owner pays with the card they add and gets the whole back office back.
import { expect, test } from '#tests/e2e/fixtures'
import { createTenant, createUser } from '#tests/factories/index'
import { subscribedOrganisation } from '#tests/integration/billing-fixtures'
import { emulatorUrl, ready, stripeSdk } from './helpers'

const table = (page: import('@playwright/test').Page) => page.getByRole('table', { name: 'Payment Methods' })

test('adds cards and sets the default @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto('/payments/methods')
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('heading', { name: 'Payment Methods', level: 1 })).toBeVisible()
  await expect(table(page)).toContainText('No Record Found')

  const form = page.getByRole('form', { name: 'Add card' })
  await form.getByRole('button', { name: 'Add Card' }).click()
  await expect(form.getByText('Select a card')).toBeVisible()

  await form.getByLabel('Card', { exact: true }).selectOption('pm_card_visa')
  await form.getByRole('button', { name: 'Add Card' }).click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  const visa = table(page).getByRole('row', { name: /Visa •••• 4242/ })
  await expect(visa).toContainText('Default')
  await expect(visa).toContainText(/12\/\d{4}/)

  await page.getByRole('form', { name: 'Add card' }).getByLabel('Card', { exact: true }).selectOption('pm_card_mastercard')
  await page.getByRole('form', { name: 'Add card' }).getByRole('button', { name: 'Add Card' }).click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  const mastercard = table(page).getByRole('row', { name: /Mastercard •••• 4444/ })
  await expect(mastercard.getByRole('button', { name: 'Set Mastercard ending 4444 as default' })).toBeVisible()

  await mastercard.getByRole('button', { name: /Set Mastercard/ }).click()
  await expect(page.getByText('Changed Successfully!')).toBeVisible()
  await expect(table(page).getByRole('row', { name: /Mastercard •••• 4444/ })).toContainText('Default')
  await expect(
    table(page)
      .getByRole('row', { name: /Visa •••• 4242/ })
      .getByRole('button', { name: /Set Visa/ }),
  ).toBeVisible()
})

test("a locked past-due owner: a declining card shows Stripe's message, a good one pays and unlocks @nojs", async ({ page, loginAs, javaScriptEnabled }) => {
  const { stripe, payments } = stripeSdk()
  const o = await subscribedOrganisation(stripe, payments, emulatorUrl(), { pastDue: true })
  await loginAs(o.owner.email, o.org.name)
  // Locked: the back office is closed, billing stays open.
  await page.goto('/orders/view')
  await expect(page.getByText('Your subscription is not active. Please go to Billing to reactivate it.')).toBeVisible()
  await page.goto('/payments/methods')
  await ready(page, javaScriptEnabled)
  await expect(page.getByText('While an invoice is open, the card you add or make default pays it at once.')).toBeVisible()

  const form = page.getByRole('form', { name: 'Add card' })
  await form.getByLabel('Card', { exact: true }).selectOption('pm_card_chargeDeclined')
  await form.getByRole('button', { name: 'Add Card' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
  // The choice is kept, and the declined card was not added.
  await expect(page.getByRole('form', { name: 'Add card' }).getByLabel('Card', { exact: true })).toHaveValue('pm_card_chargeDeclined')
  await expect(table(page).getByRole('row', { name: /0002/ })).toHaveCount(0)

  await page.getByRole('form', { name: 'Add card' }).getByLabel('Card', { exact: true }).selectOption('pm_card_mastercard')
  await page.getByRole('form', { name: 'Add card' }).getByRole('button', { name: 'Add Card' }).click()
  await expect(page.getByText(/Saved Successfully! Paid invoice /)).toBeVisible()
  await expect(table(page).getByRole('row', { name: /Mastercard •••• 4444/ })).toContainText('Default')
  await page.goto('/orders/view')
  await expect(page.getByRole('heading', { name: /Orders/, level: 1 })).toBeVisible()
})

test('staff with read access see the cards without the forms', async ({ page, loginAs }) => {
  const { org } = await createTenant()
  const reader = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_PAYMENT_METHOD'] }] })
  await loginAs(reader.email, org.name)
  await page.goto('/payments/methods')
  await expect(page.getByRole('heading', { name: 'Payment Methods', level: 1 })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Add card' })).toHaveCount(0)
  const denied = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
  await loginAs(denied.email, org.name)
  await page.goto('/payments/methods')
  await expect(page.getByText("You don't have the required permissions!", { exact: false })).toBeVisible()
})
