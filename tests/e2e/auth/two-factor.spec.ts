import { CODE_RESENT } from '#app/models/login.schema'
import { createOrganisation, createUser } from '#tests/factories/index'
import { codeFrom, waitForMail } from '#tests/mailbox'
import { expect, test } from '../fixtures'
import { clearIpLimits, logIn } from './helpers'
import type { Page } from '@playwright/test'

test.beforeAll(() => clearIpLimits(['2fa-ip']))

async function twoFactorLogin(page: Page, javaScriptEnabled: boolean) {
  const org = await createOrganisation({ settings: { enable_2FA: true } })
  const user = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  const since = new Date()
  await logIn(page, user.email, user.password, javaScriptEnabled)
  await expect(page).toHaveURL(/\/verify-2fa-code$/)
  const code = codeFrom(await waitForMail(user.email, /verification code/i, since))
  return { user, code }
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Verification code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
}

test.describe('two-factor login', () => {
  test('the e-mailed code finishes the login @nojs', async ({ page, javaScriptEnabled }) => {
    const { code } = await twoFactorLogin(page, javaScriptEnabled)
    await enterCode(page, code)
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('a wrong code is refused, the right one still works @nojs', async ({ page, javaScriptEnabled }) => {
    const { code } = await twoFactorLogin(page, javaScriptEnabled)
    await enterCode(page, code === '000000' ? '111111' : '000000')
    await expect(page.getByRole('alert')).toHaveText('Incorrect verification code')
    await expect(page).toHaveURL(/\/verify-2fa-code$/)
    await enterCode(page, code)
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('resend sends a second code that works @nojs', async ({ page, javaScriptEnabled }) => {
    const { user, code: first } = await twoFactorLogin(page, javaScriptEnabled)
    const since = new Date()
    await page.getByRole('button', { name: 'Resend code' }).click()
    await expect(page.getByText(CODE_RESENT)).toBeVisible()
    const second = await waitForMail(user.email, /verification code/i, since)
    const code = codeFrom(second)
    if (code !== first) {
      await enterCode(page, first)
      await expect(page.getByRole('alert')).toHaveText('Incorrect verification code')
    }
    await enterCode(page, code)
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('too many wrong codes end the challenge @nojs', async ({ page, javaScriptEnabled }) => {
    const { code } = await twoFactorLogin(page, javaScriptEnabled)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) {
      await enterCode(page, wrong)
      await expect(page.getByRole('alert')).toHaveText('Incorrect verification code')
    }
    await enterCode(page, wrong)
    await expect(page.getByRole('alert')).toHaveText('Too many incorrect codes. Please log in again.')
    await page.getByRole('link', { name: 'log in again' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('a code is required', async ({ page }) => {
    await twoFactorLogin(page, true)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByText('Code is required')).toBeVisible()
  })
})
