// Package status in the shell: past-due and trial banners, and the locked sidebar.
import { expect, test } from '#tests/e2e/fixtures'
import { createOrganisation, createUser } from '#tests/factories/index'

const DAY = 24 * 3600 * 1000

test('a past-due organisation sees when it will be locked @nojs', async ({ page, loginAs }) => {
  const org = await createOrganisation({ packageStatus: 'past_due', paymentDueSince: new Date(Date.now() - 3 * DAY) })
  const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  await loginAs(owner.email)
  await page.goto('/dashboard')
  await expect(page.getByText('You have a past due invoice and you account will be locked in 5 days')).toBeVisible()
})

test('a trial organisation sees the days left', async ({ page, loginAs }) => {
  // Whole days are counted down, so half a day of margin keeps the figure at 10 while the test runs.
  const org = await createOrganisation({ packageStatus: 'trial', trialEndsAt: new Date(Date.now() + 10.5 * DAY) })
  const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  await loginAs(owner.email)
  await page.goto('/dashboard')
  await expect(page.getByText('Your trial ends in 10 days')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/payments/upgrade')
})

test('an ended trial says it has expired', async ({ page, loginAs }) => {
  const org = await createOrganisation({ packageStatus: 'trial', trialEndsAt: new Date(Date.now() - 2 * DAY) })
  const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  await loginAs(owner.email)
  await page.goto('/dashboard')
  await expect(page.getByText('Your trial has expired')).toBeVisible()
})

test('an active organisation shows no account banner', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(page.getByText(/past due invoice|trial/)).toHaveCount(0)
})

test('a locked account sees only Dashboard and Billing in the sidebar', async ({ page, loginAs }) => {
  const org = await createOrganisation({ packageStatus: 'canceled' })
  const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  await loginAs(owner.email)
  const response = await page.goto('/dashboard')
  expect(response?.status()).toBe(200)
  const nav = page.getByRole('navigation', { name: 'Main' })
  // Dashboard, and the Billing section (collapsed) with the pages to pay and reactivate.
  await expect(nav.getByRole('link')).toHaveText(['Dashboard'])
  await expect(nav.getByRole('button', { name: 'Billing' })).toBeVisible()
})
