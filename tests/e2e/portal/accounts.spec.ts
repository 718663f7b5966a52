// Customer accounts in Chromium on the demo business's own host, http://demowriting.localhost (ADR 0059), with and
// without JavaScript: sign in with a password, ask for a sign-in link and use it, reset a password, edit the
// profile, and Login As User from the back office on the platform host, there and back.
import type { Page } from '@playwright/test'
import { PASSWORD_UPDATED, RESET_LINK_SENT } from '#app/models/login.schema'
import { SIGN_IN_LINK_SENT } from '#app/models/customer-accounts.schema'
import { PASSWORD_CHANGED, PROFILE_UPDATED } from '#app/models/profile.schema'
import { platformDb } from '#app/services/db.server'
import { createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { linkFrom, waitForMail } from '#tests/mailbox'
import { tenantWithSubdomain } from '#tests/security/helpers'
import { clearIpLimits } from '../auth/helpers'
import { expect, test } from '../fixtures'
import { expectAccessibleAtEveryWidth } from './axe'

test.beforeAll(() => clearIpLimits(['reset-ip', 'sign-in-link-ip', 'auto-login-ip']))

/** The demo business's portal origin: its subdomain of the test server's host. */
function portalOrigin(baseURL: string): string {
  const url = new URL(baseURL)
  url.hostname = `demowriting.${url.hostname}`
  return url.origin
}

async function demoCustomer(firstName = 'Pia') {
  const demo = await platformDb.selectFrom('organisations').select('id').where('name', '=', 'Demo Writing Co').executeTakeFirstOrThrow()
  return createUser({ email: uniqueEmail('portal-acc'), firstName, lastName: 'Portal', memberships: [{ clientId: demo.id, role: 'customer' }] })
}

/** The back office marks hydration ([data-hydrated]); the portal's forms work before it, posting natively. */
async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
}

async function signInWithPassword(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/login`)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

test('a customer signs in with a password on the business’s own host, and a wrong one gets the generic error @nojs', async ({ page, baseURL }) => {
  const origin = portalOrigin(baseURL!)
  const customer = await demoCustomer()
  await signInWithPassword(page, origin, customer.email, 'Not-the-password-1')
  await expect(page.getByRole('alert')).toHaveText('Email or Password Incorrect')
  await signInWithPassword(page, origin, customer.email, TEST_PASSWORD)
  await expect(page).toHaveURL(`${origin}/account`)
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Account details' })).toContainText(customer.email)
  await page.getByRole('button', { name: 'Sign out' }).last().click()
  await expect(page).toHaveURL(`${origin}/login`)
  await page.goto(`${origin}/account`)
  await expect(page).toHaveURL(`${origin}/login?redirectTo=%2Faccount`)
})

test('the demo customer signs in with the demo password @nojs', async ({ page, baseURL }) => {
  const origin = portalOrigin(baseURL!)
  await signInWithPassword(page, origin, 'customer@demo.test', 'Demo-pass-2026')
  await expect(page).toHaveURL(`${origin}/account`)
})

test('a customer asks for a sign-in link and uses it once @nojs', async ({ page, baseURL }) => {
  const origin = portalOrigin(baseURL!)
  const customer = await demoCustomer('Lina')
  await page.goto(`${origin}/login`)
  await page.getByRole('link', { name: 'E-mail me a sign-in link' }).click()
  await expect(page).toHaveURL(`${origin}/login/link`)
  const since = new Date()
  await page.getByLabel('Email').fill(customer.email)
  await page.getByRole('button', { name: 'Send me a link' }).click()
  await expect(page.getByText(SIGN_IN_LINK_SENT)).toBeVisible()

  const link = linkFrom(await waitForMail(customer.email, /sign-in link/i, since), /\/login\/link\//)
  expect(new URL(link).origin).toBe(origin)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Sign in as Lina Portal?' })).toBeVisible()
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(`${origin}/account`)
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible()

  await page.goto(link)
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.')
})

test('a customer resets a forgotten password on the business’s host and signs in with the new one @nojs', async ({ page, baseURL }) => {
  const origin = portalOrigin(baseURL!)
  const customer = await demoCustomer('Rita')
  const newPassword = 'Portal-reset-2026'
  await page.goto(`${origin}/login`)
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(`${origin}/forgot-password`)
  const since = new Date()
  await page.getByLabel('Email').fill(customer.email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText(RESET_LINK_SENT)).toBeVisible()
  const link = linkFrom(await waitForMail(customer.email, /reset your password/i, since), /forgot-password-2\//)
  expect(new URL(link).origin).toBe(origin)
  await page.goto(link)
  await page.getByLabel('New Password').fill(newPassword)
  await page.getByLabel('Confirm Password').fill(newPassword)
  await page.getByRole('button', { name: 'Update password' }).click()
  await expect(page.getByText(PASSWORD_UPDATED)).toBeVisible()
  await expect(page).toHaveURL(`${origin}/login`, { timeout: 8_000 })
  await signInWithPassword(page, origin, customer.email, newPassword)
  await expect(page).toHaveURL(`${origin}/account`)
})

test('a customer edits their name and changes their password with the current one @nojs', async ({ page, baseURL }) => {
  const origin = portalOrigin(baseURL!)
  const customer = await demoCustomer('Edda')
  await signInWithPassword(page, origin, customer.email, TEST_PASSWORD)
  await expect(page).toHaveURL(`${origin}/account`)
  const profile = page.getByRole('region', { name: 'Update profile' })
  await profile.getByLabel('First Name').fill('Edith')
  await profile.getByRole('button', { name: 'Update Profile' }).click()
  await expect(page.getByText(PROFILE_UPDATED)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Account details' })).toContainText('Edith Portal')

  const password = page.getByRole('region', { name: 'Change password' })
  await password.getByLabel('Current Password').fill('Wrong-current-1')
  await password.getByLabel('New Password').fill('Edith-new-pass-2026')
  await password.getByLabel('Confirm Password').fill('Edith-new-pass-2026')
  await password.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByText('Your current password is incorrect')).toBeVisible()
  const again = page.getByRole('region', { name: 'Change password' })
  await again.getByLabel('Current Password').fill(TEST_PASSWORD)
  await again.getByLabel('New Password').fill('Edith-new-pass-2026')
  await again.getByLabel('Confirm Password').fill('Edith-new-pass-2026')
  await again.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByText(PASSWORD_CHANGED)).toBeVisible()
})

test('Login As User from the back office lands in the portal as the customer, without credential forms, and goes back @nojs', async ({
  page,
  loginAs,
  baseURL,
  javaScriptEnabled,
}) => {
  const origin = portalOrigin(baseURL!)
  const customer = await demoCustomer('Ines')
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto(`/customers/view?q=${encodeURIComponent(customer.email)}`)
  await ready(page, javaScriptEnabled)
  const opened = page.waitForEvent('popup')
  await page.getByRole('button', { name: /^Login As User/ }).click()
  const popup = await opened
  await expect(popup.getByRole('heading', { name: 'Sign in as Ines Portal of Demo Writing Co?' })).toBeVisible()
  await popup.getByRole('button', { name: 'Sign in as Ines Portal' }).click()
  if (!javaScriptEnabled) await popup.getByRole('button', { name: 'Continue as Ines Portal' }).click()
  await expect(popup).toHaveURL(`${origin}/account`)
  await expect(popup.getByRole('status').filter({ hasText: 'You are signed in as Ines Portal' })).toBeVisible()
  await expect(popup.getByRole('region', { name: 'Change password' })).toContainText('You are signed in as someone else')
  await expect(popup.getByLabel(/^Current Password/)).toHaveCount(0)

  await popup.getByRole('button', { name: 'Return to your account' }).click()
  await expect(popup).toHaveURL(`${new URL(baseURL!).origin}/customers/view`)
  await expect(popup.getByRole('table', { name: 'Customers' })).toBeVisible()
  await popup.goto(`${origin}/account`)
  await expect(popup).toHaveURL(`${origin}/login?redirectTo=%2Faccount`)
})

test(`the account pages pass axe at desktop and phone widths`, async ({ page }) => {
  test.slow()
  const world = await tenantWithSubdomain('a11yacc')
  // A dark brand bar and footer, as in the shop's own axe walk.
  await platformDb
    .insertInto('website_customizations')
    .values({
      client_id: world.org.id,
      company_phone: '+1 555 0100',
      company_address: '1 Main Street',
      company_email: 'hello@example.test',
      top_bar_bg_color: '#125320',
      footer_bg_color: '#125320',
    })
    .execute()
  const customer = await createUser({ firstName: 'Axe', lastName: 'Customer', memberships: [{ clientId: world.org.id, role: 'customer' }] })
  const origin = `http://${world.host}`
  await signInWithPassword(page, origin, customer.email, 'Wrong-pass-2026')
  await expect(page.getByRole('alert')).toBeVisible()
  await expectAccessibleAtEveryWidth(page, 'sign-in with an error')
  await page.goto(`${origin}/login/link`)
  await expectAccessibleAtEveryWidth(page, 'sign-in link')
  await page.goto(`${origin}/forgot-password`)
  await expectAccessibleAtEveryWidth(page, 'forgot password')
  await signInWithPassword(page, origin, customer.email, TEST_PASSWORD)
  await expect(page).toHaveURL(`${origin}/account`)
  await expectAccessibleAtEveryWidth(page, 'account')
})
