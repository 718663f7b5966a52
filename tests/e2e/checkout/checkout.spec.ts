// /checkout in the browser, with JavaScript and without: the order details, promo codes, the
// subdomain check (silent suffix with JavaScript, a clear error without), a declined card, and the
// new owner landing on the dashboard (ADR 0035).
import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { CHECKOUT_SUCCESS, PACKAGE_UNAVAILABLE, PROMO_UNAVAILABLE } from '#app/models/checkout.schema'
import { SUBDOMAIN_FORMAT, SUBDOMAIN_TAKEN } from '#app/rules/subdomain'
import { seedId } from '#db/seed/ids'
import { clearIpLimits } from '../auth/helpers'
import { expect, test } from '../fixtures'

const TEAM = seedId('client-package:team')
const SOLO = seedId('client-package:solo')
const uid = () => randomBytes(4).toString('hex')

async function fillAccount(page: Page, o: { businessName: string; subDomain?: string; email?: string }) {
  await page.getByLabel('First Name').fill('Nora')
  await page.getByLabel('Last Name').fill('New')
  await page.getByLabel('Email').fill(o.email ?? `nora.${uid()}@buyer.test`)
  await page.getByLabel('Password').fill('Secret-pass-2026')
  await page.getByLabel('Business Name').fill(o.businessName)
  if (o.subDomain !== undefined) await page.getByLabel('Subdomain').fill(o.subDomain)
  await page.getByLabel('Address').fill('5 Elm Street')
  await page.getByLabel('City').fill('Denver')
  await page.getByLabel('Postal Code').fill('80202')
  await page.getByLabel('Website').fill('norawrites.test')
}

// Declines from this machine's address count against the card-testing limit: start each run with none.
test.beforeAll(() => clearIpLimits(['checkout-attempt-ip', 'promo-miss-ip']))

test.describe('checkout', () => {
  test('order details follow the plan and the promo code; country and time zone default to US and New York @nojs', async ({ page, javaScriptEnabled }) => {
    await page.goto(`/checkout?item=${TEAM}&promo=welcome20`)
    const details = page.getByRole('region', { name: 'Order Details' })
    await expect(details.getByRole('row').nth(1)).toContainText('Team')
    await expect(details.getByRole('row').nth(1)).toContainText('5')
    await expect(page.getByTestId('due-today')).toHaveText('$79.2')
    await expect(page.getByText('WELCOME20: 20% off for 3 months')).toBeVisible()
    await expect(page.getByLabel('Country')).toHaveValue('US')
    await expect(page.getByLabel('Time Zone')).toHaveValue('America/New_York')
    await expect(page.getByLabel('Country').locator('option')).toHaveCount(249)

    // A trial plan charges nothing today.
    await page.goto(`/checkout?item=${SOLO}`)
    await expect(page.getByTestId('due-today')).toHaveText('$0')
    await expect(page.getByText('14-day free trial, then $29 per month.')).toBeVisible()

    // An unknown code shows in the error box; without JavaScript Apply posts the form and keeps what was typed.
    await page.getByLabel('First Name').fill('Kept')
    await page.getByRole('textbox', { name: 'Promo Code' }).fill('NOT-A-CODE')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByText(PROMO_UNAVAILABLE)).toBeVisible()
    await expect(page.getByLabel('First Name')).toHaveValue('Kept')
    await page.getByRole('textbox', { name: 'Promo Code' }).fill('TENOFF')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByText('TENOFF: $10 off once')).toBeVisible()
    await expect(page.getByLabel('First Name')).toHaveValue('Kept')
    if (javaScriptEnabled) {
      await page.getByRole('textbox', { name: 'Promo Code' }).fill('')
      await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled()
    }
  })

  test('a plan not on sale shows the error box and Pay stays disabled @nojs', async ({ page }) => {
    await page.goto(`/checkout?item=${seedId('client-package:agency')}`)
    await expect(page.getByRole('alert')).toHaveText(PACKAGE_UNAVAILABLE)
    await expect(page.getByRole('button', { name: 'Pay' })).toBeDisabled()
  })

  test('with JavaScript: the subdomain follows the business name, a taken one gets a silent suffix, then the owner lands on the dashboard', async ({ page }) => {
    await page.goto(`/checkout?item=${TEAM}`)
    const pay = page.getByRole('button', { name: 'Pay' })
    await expect(pay).toBeDisabled()
    await fillAccount(page, { businessName: 'DemoWriting' })
    // 'demowriting' belongs to the seeded organisation: a number below 10000 is appended and checked again.
    await expect(page.getByLabel('Subdomain')).toHaveValue(/^demowriting\d{1,4}$/)
    await expect(page.getByText('Available')).toBeVisible()
    await expect(pay).toBeEnabled()
    // Typed by hand, the name is checked as it is: taken stays an error.
    await page.getByLabel('Subdomain').fill('rivalresumes')
    await expect(page.getByText(SUBDOMAIN_TAKEN)).toBeVisible()
    await expect(pay).toBeDisabled()
    await page.getByLabel('Subdomain').fill('ab')
    await expect(page.getByText(SUBDOMAIN_FORMAT)).toBeVisible()
    const mine = `nora${uid()}`
    await page.getByLabel('Subdomain').fill(mine)
    await expect(page.getByText('Available')).toBeVisible()
    await page.getByLabel('Card (test mode)').selectOption('pm_card_visa')
    await pay.click()
    await expect(page.getByText(CHECKOUT_SUCCESS)).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 8_000 })
    await expect(page.getByRole('navigation').first()).toBeVisible()
  })

  test("a declined card shows the provider's message and keeps the form; another card then succeeds @nojs", async ({ page, javaScriptEnabled }) => {
    await page.goto(`/checkout?item=${TEAM}`)
    const subDomain = `dec${uid()}`
    await fillAccount(page, { businessName: 'Declined Writing', subDomain })
    await page.getByLabel('Card (test mode)').selectOption('pm_card_chargeDeclined')
    await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled()
    await page.getByRole('button', { name: 'Pay' }).click()
    await expect(page.getByText('Your card was declined.')).toBeVisible()
    await expect(page.getByLabel('Business Name')).toHaveValue('Declined Writing')
    await expect(page.getByLabel('Subdomain')).toHaveValue(subDomain)
    // The server never sends the password back (with JavaScript the page keeps it); the retry of this
    // form keeps its reservation of the name.
    if (!javaScriptEnabled) {
      await expect(page.getByLabel('Password')).toHaveValue('')
      await page.getByLabel('Password').fill('Secret-pass-2026')
    }
    await page.getByLabel('Card (test mode)').selectOption('pm_card_mastercard')
    await page.getByRole('button', { name: 'Pay' }).click()
    await expect(page.getByText(CHECKOUT_SUCCESS)).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 8_000 })
  })

  test('without JavaScript: a taken subdomain is a clear error, the corrected form goes through @nojs', async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, 'the silent suffix replaces this error when JavaScript runs')
    await page.goto(`/checkout?item=${TEAM}&referral=friend42`)
    await fillAccount(page, { businessName: 'DemoWriting', subDomain: 'demowriting' })
    await page.getByRole('button', { name: 'Pay' }).click()
    await expect(page.getByText(SUBDOMAIN_TAKEN)).toBeVisible()
    await expect(page.getByLabel('Business Name')).toHaveValue('DemoWriting')
    await page.getByLabel('Subdomain').fill(`nojs${uid()}`)
    await page.getByLabel('Password').fill('Secret-pass-2026')
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/checkout')
    await page.getByRole('button', { name: 'Pay' }).click()
    // The success page lasts the spec's one second before its Refresh: read it from the answer, not in a race with the redirect.
    expect(await (await answered).text()).toContain(CHECKOUT_SUCCESS)
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 8_000 })
  })
})
