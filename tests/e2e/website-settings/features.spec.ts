// /website-settings/features: the switches and their Save (owner-only two-factor and hide-invoices),
// the default currency behind its confirm and success dialogs, each with and without JavaScript, and
// the switches taking effect where the product uses them (revisions page, two-factor at login).
import type { Page } from '@playwright/test'
import { getWebsiteSettings } from '#app/models/organisation-settings.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { createTenant, createUser } from '#tests/factories/index'
import { expect, test } from '#tests/e2e/fixtures'
import { logIn } from '../auth/helpers'
import { ready } from '../platform/helpers'

const PAGE = '/website-settings/features'

const dialog = (page: Page, javaScriptEnabled: boolean, name: string) => page.getByRole(javaScriptEnabled ? 'dialog' : 'region', { name })

test('the owner switches features on and off and saves them @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto(PAGE)
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('heading', { name: 'Platform Features' })).toBeVisible()
  await expect(page.getByRole('switch')).toHaveCount(15)
  await page.getByRole('switch', { name: 'Enable revisions approval' }).check()
  await page.getByRole('switch', { name: 'Hide invoices' }).check()
  await page.getByRole('switch', { name: 'Enable boards' }).check()
  await page.getByRole('button', { name: 'Save', exact: true }).first().click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await expect(page.getByRole('switch', { name: 'Enable boards' })).toBeChecked()
  expect(await getWebsiteSettings(tenantForJob(org.id))).toMatchObject({ enable_revisions_approval_feature: true, hide_invoices: true, enable_boards: true, enable_2FA: false })

  await page.getByRole('switch', { name: 'Enable boards' }).uncheck()
  await page.getByRole('button', { name: 'Save', exact: true }).first().click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await expect.poll(async () => (await getWebsiteSettings(tenantForJob(org.id))).enable_boards).toBe(false)
  await expect(page.getByRole('switch', { name: 'Enable boards' })).not.toBeChecked()
  expect(await getWebsiteSettings(tenantForJob(org.id))).toMatchObject({ hide_invoices: true })

  // The revisions page follows the switch.
  await page.goto('/orders/revisions')
  await expect(page.getByRole('heading', { name: 'Revisions approval is turned off' })).toHaveCount(0)
})

test('staff see neither two-factor nor hide-invoices; without UPDATE_FEATURES the switches are read-only', async ({ page, loginAs }) => {
  const { org } = await createTenant()
  const editor = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_WEBSITE_SETTINGS', 'UPDATE_FEATURES'] }] })
  await loginAs(editor.email, org.name)
  await page.goto(PAGE)
  await expect(page.getByRole('switch')).toHaveCount(13)
  await expect(page.getByRole('switch', { name: 'Enable two-factor authentication' })).toHaveCount(0)
  await expect(page.getByRole('switch', { name: 'Hide invoices' })).toHaveCount(0)

  const reader = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_WEBSITE_SETTINGS'] }] })
  await loginAs(reader.email, org.name)
  await page.goto(PAGE)
  await expect(page.getByRole('switch', { name: 'Enable boards' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveCount(0)
  const posted = await page.request.post(PAGE, { form: { intent: 'features', enable_boards: 'true' }, headers: { Origin: new URL(page.url()).origin } })
  expect(posted.status()).toBe(403)

  const outsider = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
  await loginAs(outsider.email, org.name)
  expect((await page.goto(PAGE))?.status()).toBe(403)
})

test('changes the default currency after confirming; the success dialog closes by itself @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto(PAGE)
  await ready(page, javaScriptEnabled)
  await expect(page.getByTestId('current-currency')).toHaveText('USD ($)')
  const card = page.getByRole('region', { name: 'Default Currency' })
  if (javaScriptEnabled) {
    await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled()
  } else {
    await card.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Please select a currency')).toBeVisible()
  }
  await page.getByRole('region', { name: 'Default Currency' }).getByRole('combobox', { name: 'Currency' }).selectOption('eur')
  await page.getByRole('region', { name: 'Default Currency' }).getByRole('button', { name: 'Save' }).click()

  const confirm = dialog(page, javaScriptEnabled, 'Change Default Currency')
  await expect(confirm).toContainText('EUR (€)')
  await confirm.getByRole('link', { name: 'Cancel' }).click()
  await expect(dialog(page, javaScriptEnabled, 'Change Default Currency')).toHaveCount(0)
  expect((await platformDb.selectFrom('organisations').select('currency_type').where('id', '=', org.id).executeTakeFirstOrThrow()).currency_type).toBe('usd')

  await page.getByRole('region', { name: 'Default Currency' }).getByRole('combobox', { name: 'Currency' }).selectOption('gbp')
  await page.getByRole('region', { name: 'Default Currency' }).getByRole('button', { name: 'Save' }).click()
  await dialog(page, javaScriptEnabled, 'Change Default Currency').getByRole('button', { name: 'Yes, change it' }).click()
  await expect(page.getByText('Changed Successfully!')).toBeVisible()
  // Gone after 1.5 s, without a click.
  await expect(page.getByText('Changed Successfully!')).toHaveCount(0, { timeout: 5000 })
  await expect(page.getByTestId('current-currency')).toHaveText('GBP (£)')
  expect((await platformDb.selectFrom('organisations').select('currency_type').where('id', '=', org.id).executeTakeFirstOrThrow()).currency_type).toBe('gbp')
})

test('two-factor switched on by the owner is asked at the next login', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto(PAGE)
  await ready(page, javaScriptEnabled)
  await page.getByRole('switch', { name: 'Enable two-factor authentication' }).check()
  await page.getByRole('button', { name: 'Save', exact: true }).first().click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await page.context().clearCookies()
  await logIn(page, owner.email, owner.password, javaScriptEnabled)
  await expect(page).toHaveURL(/\/verify-2fa-code$/)
})
