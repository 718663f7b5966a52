// /profile/security and the TOTP sign-in (ADR 0012): set up an authenticator app from the page, sign in
// with its code or a recovery code, turn it off; with and without JavaScript.
import type { Page } from '@playwright/test'
import { HOTP, Secret } from 'otpauth'
import { expect, test } from '#tests/e2e/fixtures'
import type { AuthUser } from '#app/models/account.server'
import { loadAuthUser } from '#app/models/account.server'
import { CURRENT_PASSWORD_WRONG } from '#app/models/profile.schema'
import { confirmTotpEnrollment, startTotpEnrollment, twoFactorStatus } from '#app/models/two-factor.server'
import { timeStep } from '#app/rules/two-factor'
import { platformDb } from '#app/services/db.server'
import { createOrganisation, createUser } from '#tests/factories/index'
import { clearIpLimits, logIn } from '../auth/helpers'
import { ready } from '../platform/helpers'

test.beforeAll(() => clearIpLimits(['2fa-ip']))

const codeAt = (secret: string, step: number) => new HOTP({ secret: Secret.fromBase32(secret) }).generate({ counter: step })

/** A code of a step the server has not accepted yet: the current one, else the next. */
async function freshCode(userId: number, secret: string) {
  const row = await platformDb.selectFrom('totp_credentials').select('last_used_step').where('user_id', '=', userId).executeTakeFirst()
  const now = timeStep(Date.now())
  const step = [now, now + 1].find((s) => s > (row?.last_used_step ?? -1))
  if (step === undefined) throw new Error('No unused step left in the window')
  return codeAt(secret, step)
}

async function orgOwner() {
  const org = await createOrganisation()
  const user = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  return { org, user }
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Verification code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
}

test('sets up an authenticator app, then signs in with its code @nojs', async ({ page, javaScriptEnabled }) => {
  // Two sign-ins and the setup's posts: about 30 s without JavaScript while the rest of the suite loads the machine.
  test.slow()
  const { user } = await orgOwner()
  await logIn(page, user.email, user.password, javaScriptEnabled)
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.goto('/profile')
  await page.getByRole('link', { name: 'Manage two-factor authentication' }).click()
  await expect(page).toHaveURL(/\/profile\/security$/)
  await ready(page, javaScriptEnabled)
  // A session alone cannot enrol an app: the current password first.
  const setUp = page.getByRole('region', { name: 'Set up' })
  await setUp.getByLabel('Current password').fill('wrong-password')
  await setUp.getByRole('button', { name: 'Set up authenticator app' }).click()
  await expect(setUp.getByText(CURRENT_PASSWORD_WRONG)).toBeVisible()
  // Without JavaScript the page comes back from the server, which never sends the password back.
  if (!javaScriptEnabled) await expect(setUp.getByLabel('Current password')).toHaveValue('')
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveCount(0)
  await setUp.getByLabel('Current password').fill(user.password)
  await setUp.getByRole('button', { name: 'Set up authenticator app' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')

  await ready(page, javaScriptEnabled)
  await page.getByLabel('Code from the app').fill('000000')
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByText('Incorrect verification code')).toBeVisible()
  await page.getByLabel('Code from the app').fill(await freshCode(user.id, secret))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Two-factor authentication is on.' })).toBeVisible()
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
  await page.getByRole('button', { name: 'I have saved them' }).click()
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Recovery codes left: 10')

  await page.context().clearCookies()
  await logIn(page, user.email, user.password, javaScriptEnabled)
  await expect(page).toHaveURL(/\/verify-2fa-code$/)
  await expect(page.getByText('authenticator app')).toBeVisible()
  // An authenticator makes its own codes: no resend.
  await expect(page.getByRole('button', { name: 'Resend code' })).toHaveCount(0)
  await enterCode(page, await freshCode(user.id, secret))
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('signs in with a recovery code, then turns two-factor off with the password and a code @nojs', async ({ page, javaScriptEnabled }) => {
  // As above: about 30 s without JavaScript on a loaded machine.
  test.slow()
  const { org, user } = await orgOwner()
  const account = (await loadAuthUser(user.id, org.id)) as AuthUser
  await startTotpEnrollment(account, { password: user.password }, { ip: 'e2e' })
  const secret = (await twoFactorStatus(account)).pending!.secret
  const enrolled = await confirmTotpEnrollment(account, codeAt(secret, timeStep(Date.now()) - 1), { ip: 'e2e' })
  if (!enrolled.ok) throw new Error(enrolled.message)

  await logIn(page, user.email, user.password, javaScriptEnabled)
  await expect(page).toHaveURL(/\/verify-2fa-code$/)
  await enterCode(page, enrolled.recoveryCodes[0]!)
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.goto('/profile/security')
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Recovery codes left: 9')
  await ready(page, javaScriptEnabled)
  const off = page.getByRole('region', { name: 'Turn off' })
  await off.getByLabel('Current password').fill('wrong-password')
  await off.getByLabel('Code from the app or a recovery code').fill(enrolled.recoveryCodes[1]!)
  await off.getByRole('button', { name: 'Turn off' }).click()
  await expect(off.getByText(CURRENT_PASSWORD_WRONG)).toBeVisible()
  await off.getByLabel('Current password').fill(user.password)
  await off.getByLabel('Code from the app or a recovery code').fill(await freshCode(user.id, secret))
  await off.getByRole('button', { name: 'Turn off' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Two-factor authentication is off.' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible()

  await page.context().clearCookies()
  await logIn(page, user.email, user.password, javaScriptEnabled)
  await expect(page).toHaveURL(/\/dashboard$/)
})
