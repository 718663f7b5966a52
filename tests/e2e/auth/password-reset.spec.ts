import { PASSWORD_UPDATED, PASSWORDS_DIFFER, RESET_LINK_SENT } from '#app/models/login.schema'
import { createOrganisation, createUser } from '#tests/factories/index'
import { linkFrom, waitForMail } from '#tests/mailbox'
import { expect, test } from '../fixtures'
import { clearIpLimits, logIn } from './helpers'

test.beforeAll(() => clearIpLimits(['reset-ip']))

test.describe('forgotten password', () => {
  test('a reset link sets a new password once @nojs', async ({ page, javaScriptEnabled }) => {
    const org = await createOrganisation()
    const user = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const newPassword = 'Brand-new-pass-2026'

    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    const since = new Date()
    await page.getByLabel('Email').fill(user.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText(RESET_LINK_SENT)).toBeVisible()

    const link = linkFrom(await waitForMail(user.email, /reset your password/i, since), /forgot-password-2\//)
    await page.goto(link)
    await page.getByLabel('New Password').fill(newPassword)
    await page.getByLabel('Confirm Password').fill(newPassword)
    await page.getByRole('button', { name: 'Update password' }).click()
    await expect(page.getByText(PASSWORD_UPDATED)).toBeVisible()
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 })

    await logIn(page, user.email, newPassword, javaScriptEnabled)
    await expect(page).toHaveURL(/\/dashboard$/)

    // The link works once.
    await page.goto(link)
    await page.getByLabel('New Password').fill('Another-pass-2026')
    await page.getByLabel('Confirm Password').fill('Another-pass-2026')
    await page.getByRole('button', { name: 'Update password' }).click()
    await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.')
  })

  test('the confirmation must match @nojs', async ({ page }) => {
    await page.goto('/forgot-password-2/not-a-real-code')
    await page.getByLabel('New Password').fill('Long-enough-1')
    await page.getByLabel('Confirm Password').fill('Long-enough-2')
    await page.getByRole('button', { name: 'Update password' }).click()
    await expect(page.getByText(PASSWORDS_DIFFER)).toBeVisible()
  })

  test('an unknown address gets the same answer @nojs', async ({ page }) => {
    await page.goto('/forgot-password')
    await page.getByLabel('Email').fill('nobody-at-all@example.test')
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText(RESET_LINK_SENT)).toBeVisible()
    await page.getByRole('link', { name: 'Back to login' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })
})
