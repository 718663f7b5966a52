// The draft auto-accept delay on /website-settings/features (ADR 0062), with and without JavaScript: 1 to 60 days,
// refused outside that with the message, saved beside the switches without touching them; axe-free back office.
import { autoAcceptDays } from '#app/models/customer-drafts.server'
import { getWebsiteSettings } from '#app/models/organisation-settings.server'
import { tenantForJob } from '#app/services/db.server'
import { createTenant } from '#tests/factories/index'
import { expect, test } from '#tests/e2e/fixtures'
import { ORIGIN_HEADERS } from '#tests/security/helpers'
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

test('the same setting through its call: read by members, changed with UPDATE_FEATURES, 1 to 60', async ({ page, loginAs }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  const call = '/api/client/website/settings/draft-auto-accept'
  expect(await (await page.request.get(call)).json()).toMatchObject({ status: true, draftAutoAcceptDays: 7 })
  for (const days of [0, 61, 'x', 2.5]) {
    const refused = await page.request.post(call, { headers: ORIGIN_HEADERS, data: { days } })
    expect(refused.status(), String(days)).toBe(400)
    expect((await refused.json()).error).toBe('Enter a whole number of days from 1 to 60')
  }
  const saved = await page.request.post(call, { headers: ORIGIN_HEADERS, data: { days: 3 } })
  expect(await saved.json()).toMatchObject({ status: true, draftAutoAcceptDays: 3 })
  expect(await autoAcceptDays(tenantForJob(org.id))).toBe(3)
})
