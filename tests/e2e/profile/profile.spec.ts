// /profile: card, details form, password change (with and without JavaScript) and avatar upload; e-mail and
// password changes need the current password and are closed to log-in-as sessions (ADR 13).
import { expect, test } from '#tests/e2e/fixtures'
import { platformDb } from '#app/services/db.server'
import { verifyPassword } from '#app/services/password.server'
import { createTenant, createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { sessionCookie } from '#tests/factories/session'
import { linkFrom, waitForMail } from '#tests/mailbox'
import { ready } from '../platform/helpers'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082', 'hex')

async function freshOwner(loginAs: (email: string) => Promise<void>) {
  const { owner } = await createTenant()
  await loginAs(owner.email)
  return owner
}

test('updates the name at once; a new e-mail needs the current password and waits for its link @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const owner = await freshOwner(loginAs)
  await page.goto('/profile')
  await ready(page, javaScriptEnabled)
  const form = page.getByRole('region', { name: 'Update profile' })
  await form.getByLabel('First Name').fill('')
  await form.getByLabel('Email').fill('')
  await form.getByRole('button', { name: 'Update Profile' }).click()
  await expect(form.getByText('Enter First Name')).toBeVisible()
  await expect(form.getByText('Enter Email')).toBeVisible()

  const email = uniqueEmail('profile')
  await form.getByLabel('First Name').fill('Priya')
  await form.getByLabel('Last Name').fill('Profile')
  await form.getByLabel('Email').fill(email)
  await form.getByRole('button', { name: 'Update Profile' }).click()
  await expect(form.getByText('Enter your current password')).toBeVisible()

  const since = new Date(Date.now() - 1000)
  await page.getByRole('region', { name: 'Update profile' }).getByLabel('First Name').fill('Priya')
  await page.getByRole('region', { name: 'Update profile' }).getByLabel('Last Name').fill('Profile')
  await page.getByRole('region', { name: 'Update profile' }).getByLabel('Email').fill(email)
  await page
    .getByRole('region', { name: 'Update profile' })
    .getByLabel(/^Current Password/)
    .fill(TEST_PASSWORD)
  await page.getByRole('region', { name: 'Update profile' }).getByRole('button', { name: 'Update Profile' }).click()
  await expect(page.getByText('Profile Updated Successfully')).toBeVisible()
  const card = page.getByRole('region', { name: 'Profile details' })
  await expect(card).toContainText('Priya Profile')
  // The address changes only when the link sent to it is opened.
  await expect(card).toContainText(owner.email)
  await expect(card).toContainText(`pending confirmation for ${email}`)
  await waitForMail(owner.email, /change of your e-mail address was requested/i, since)

  const link = linkFrom(await waitForMail(email, /confirm your new e-mail/i, since), /\/confirm-email\//)
  await page.goto(link)
  await page.getByRole('button', { name: `Confirm ${email}` }).click()
  await expect(page.getByText('Your e-mail address has been changed.')).toBeVisible()
  await page.goto('/profile')
  await expect(page.getByRole('region', { name: 'Profile details' })).toContainText(email)
  await expect(page.getByText('pending confirmation')).toHaveCount(0)
})

test('an e-mail used by someone else in the organisation is refused @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await createTenant()
  const colleague = await createUser({ memberships: [{ clientId: org.id, role: 'user' }] })
  await loginAs(owner.email)
  await page.goto('/profile')
  await ready(page, javaScriptEnabled)
  const form = page.getByRole('region', { name: 'Update profile' })
  await form.getByLabel('Email').fill(colleague.email)
  await form.getByLabel(/^Current Password/).fill(TEST_PASSWORD)
  await form.getByRole('button', { name: 'Update Profile' }).click()
  await expect(form.getByText('Email already exists')).toBeVisible()
  await expect(form.getByLabel('Email')).toHaveValue(colleague.email)
  // Without JavaScript the page is rendered anew: the current password is never sent back into it.
  if (!javaScriptEnabled) await expect(form.getByLabel(/^Current Password/)).toHaveValue('')
})

test('password change needs the current password and checks the confirmation, then succeeds @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await freshOwner(loginAs)
  await page.goto('/profile')
  await ready(page, javaScriptEnabled)
  const form = page.getByRole('region', { name: 'Change password' })
  await form.getByLabel('New Password').fill('Brand-new-pass-1')
  await form.getByRole('button', { name: 'Change Password' }).click()
  await expect(form.getByText('Enter Confirm Password')).toBeVisible()
  await expect(form.getByText('Enter your current password')).toBeVisible()
  await form.getByLabel('Current Password').fill(TEST_PASSWORD)
  await form.getByLabel('New Password').fill('Brand-new-pass-1')
  await form.getByLabel('Confirm Password').fill('Different-pass-1')
  await form.getByRole('button', { name: 'Change Password' }).click()
  await expect(form.getByText('Please make sure both passwords match.')).toBeVisible()
  await form.getByLabel('Current Password').fill('Not-my-password-1')
  await form.getByLabel('New Password').fill('Brand-new-pass-1')
  await form.getByLabel('Confirm Password').fill('Brand-new-pass-1')
  await form.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByRole('region', { name: 'Change password' }).getByText('Your current password is incorrect')).toBeVisible()
  const again = page.getByRole('region', { name: 'Change password' })
  await again.getByLabel('Current Password').fill(TEST_PASSWORD)
  await again.getByLabel('New Password').fill('Brand-new-pass-1')
  await again.getByLabel('Confirm Password').fill('Brand-new-pass-1')
  await again.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByText('Password Updated Successfully')).toBeVisible()
  // This session stays signed in.
  await expect(page).toHaveURL(/\/profile$/)
})

test('a log-in-as session sees the credential forms closed and cannot post them @nojs', async ({ page, context, baseURL, javaScriptEnabled }) => {
  const { org, owner } = await createTenant()
  const writer = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['WRITER'] }] })
  const cookie = (await sessionCookie({ userId: writer.id, clientId: org.id, impersonatorUserId: owner.id, impersonatorClientId: org.id })).split('=').slice(1).join('=')
  await context.addCookies([{ name: '__session', value: cookie, url: baseURL!, httpOnly: true, sameSite: 'Lax' }])
  await page.goto('/profile')
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('region', { name: 'Change password' })).toContainText('You are signed in as someone else')
  await expect(page.getByRole('region', { name: 'Change password' }).getByLabel('New Password')).toHaveCount(0)
  const details = page.getByRole('region', { name: 'Update profile' })
  await expect(details.getByLabel('Email')).toHaveAttribute('readonly', '')
  await expect(details).toContainText('You are signed in as someone else')
  // A forged post is refused all the same, and nothing changes.
  const forged = await page.request.post('/profile', {
    headers: { Origin: new URL(baseURL!).origin },
    form: { intent: 'password', currentPassword: TEST_PASSWORD, password: 'Hijacked-pass-1', confirmPassword: 'Hijacked-pass-1' },
  })
  expect(forged.status()).toBe(403)
  const row = await platformDb.selectFrom('users').select('password_hash').where('id', '=', writer.id).executeTakeFirstOrThrow()
  expect(await verifyPassword(row.password_hash, TEST_PASSWORD)).toBe(true)
})

test('uploads an avatar and shows it; other file types are refused @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await freshOwner(loginAs)
  await page.goto('/profile')
  await ready(page, javaScriptEnabled)
  const form = page.getByRole('region', { name: 'Profile image' })
  await form.getByLabel(/^Image/).setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not an image') })
  await form.getByRole('button', { name: 'Upload Image' }).click()
  await expect(page.getByText('This file type is not allowed.')).toBeVisible()
  await page
    .getByRole('region', { name: 'Profile image' })
    .getByLabel(/^Image/)
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('region', { name: 'Profile image' }).getByRole('button', { name: 'Upload Image' }).click()
  await expect(page.getByText('Profile Image Updated Successfully')).toBeVisible()
  const img = page.getByRole('img', { name: 'Profile image' })
  await expect(img).toHaveAttribute('src', /^\/api\/file\/avatar_[\w-]+\.png$/)
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
})
