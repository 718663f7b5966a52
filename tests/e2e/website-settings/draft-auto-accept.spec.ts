// The draft auto-accept delay on /website-settings/features (ADR 0062), with and without JavaScript: 1 to 60 days,
// refused outside that with the message, saved beside the switches without touching them; axe-free back office.
import { autoAcceptDays } from '#app/models/customer-drafts.server'
import { getWebsiteSettings } from '#app/models/organisation-settings.server'
import { tenantForJob } from '#app/services/db.server'
import { createTenant } from '#tests/factories/index'
import { expect, test } from '#tests/e2e/fixtures'
import { ready } from '../platform/helpers'

test('the owner sets how many days a draft waits before it is accepted @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto('/website-settings/features')
  await ready(page, javaScriptEnabled)
  const card = page.getByRole('region', { name: 'Accept drafts automatically' })
  await expect(card.getByLabel('Days')).toHaveValue('7')
  // Past the browser's own check (min/max), the server refuses too.
  await card.getByLabel('Days').evaluate((el) => el.removeAttribute('max'))
  await card.getByLabel('Days').fill('61')
  await card.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Enter a whole number of days from 1 to 60')).toBeVisible()
  expect(await autoAcceptDays(tenantForJob(org.id))).toBe(7)
  await page.getByRole('region', { name: 'Accept drafts automatically' }).getByLabel('Days').fill('12')
  await page.getByRole('region', { name: 'Accept drafts automatically' }).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Accept drafts automatically' }).getByLabel('Days')).toHaveValue('12')
  expect(await autoAcceptDays(tenantForJob(org.id))).toBe(12)
  expect((await getWebsiteSettings(tenantForJob(org.id))).enable_boards).toBe(false)
})
