// /checkout of a one-time plan, with JavaScript and without (ADR 0046): the price is due today whatever
// the plan's trial flag says, nothing renews, and the new owner lands on the dashboard.
import { randomBytes } from 'node:crypto'
import { CHECKOUT_SUCCESS } from '#app/models/checkout.schema'
import { createPlan } from '#tests/factories/subscriptions'
import { clearIpLimits } from '../auth/helpers'
import { expect, test } from '../fixtures'

const uid = () => randomBytes(4).toString('hex')
let planId = ''

test.beforeAll(async () => {
  await clearIpLimits(['checkout-attempt-ip'])
  planId = (await createPlan({ name: `Lifetime ${uid()}`, oneTime: true, priceCents: 14900, maxUsers: 1, trialDays: 7 })).public_id
})

test('a one-time plan is paid today, once, and opens the portal @nojs', async ({ page }) => {
  await page.goto(`/checkout?item=${planId}`)
  await expect(page.getByTestId('due-today')).toHaveText('$149')
  await expect(page.getByText('$149 once, nothing renews.')).toBeVisible()
  await page.getByLabel('First Name').fill('Ona')
  await page.getByLabel('Last Name').fill('Time')
  await page.getByLabel('Email').fill(`ona.${uid()}@buyer.test`)
  await page.getByLabel('Password').fill('Secret-pass-2026')
  await page.getByLabel('Business Name').fill('Ona Writes')
  await page.getByLabel('Subdomain').fill(`ona${uid()}`)
  await page.getByLabel('Address').fill('5 Elm Street')
  await page.getByLabel('City').fill('Denver')
  await page.getByLabel('Postal Code').fill('80202')
  await page.getByLabel('Website').fill('onawrites.test')
  await page.getByLabel('Card (test mode)').selectOption('pm_card_visa')
  await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled()
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByText(CHECKOUT_SUCCESS)).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 8_000 })
})
