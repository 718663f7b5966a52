// /profile: card, details form, password change (with and without JavaScript) and avatar upload.
import { expect, test } from '#tests/e2e/fixtures'
import { createTenant, createUser, uniqueEmail } from '#tests/factories/index'
import { ready } from '../platform/helpers'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082', 'hex')

async function freshOwner(loginAs: (email: string) => Promise<void>) {
  const { owner } = await createTenant()
  await loginAs(owner.email)
  return owner
}

test('updates the name and e-mail, with the spec messages on empty fields @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await freshOwner(loginAs)
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
  await expect(page.getByText('Profile Updated Successfully')).toBeVisible()
  const card = page.getByRole('region', { name: 'Profile details' })
  await expect(card).toContainText('Priya Profile')
  await expect(card).toContainText(email)
})

test('an e-mail used by someone else in the organisation is refused @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await createTenant()
  const colleague = await createUser({ memberships: [{ clientId: org.id, role: 'user' }] })
  await loginAs(owner.email)
  await page.goto('/profile')
  await ready(page, javaScriptEnabled)
  const form = page.getByRole('region', { name: 'Update profile' })
  await form.getByLabel('Email').fill(colleague.email)
  await form.getByRole('button', { name: 'Update Profile' }).click()
  await expect(form.getByText('Email already exists')).toBeVisible()
  await expect(form.getByLabel('Email')).toHaveValue(colleague.email)
})

test('password change checks the confirmation, then succeeds @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await freshOwner(loginAs)
  await page.goto('/profile')
  await ready(page, javaScriptEnabled)
  const form = page.getByRole('region', { name: 'Change password' })
  await form.getByLabel('New Password').fill('Brand-new-pass-1')
  await form.getByRole('button', { name: 'Change Password' }).click()
  await expect(form.getByText('Enter Confirm Password')).toBeVisible()
  await form.getByLabel('New Password').fill('Brand-new-pass-1')
  await form.getByLabel('Confirm Password').fill('Different-pass-1')
  await form.getByRole('button', { name: 'Change Password' }).click()
  await expect(form.getByText('Please make sure both passwords match.')).toBeVisible()
  await form.getByLabel('New Password').fill('Brand-new-pass-1')
  await form.getByLabel('Confirm Password').fill('Brand-new-pass-1')
  await form.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByText('Password Updated Successfully')).toBeVisible()
  // This session stays signed in.
  await expect(page).toHaveURL(/\/profile$/)
})

test('uploads an avatar and shows it; other file types are refused @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await freshOwner(loginAs)
  await page.goto('/profile')
  await ready(page, javaScriptEnabled)
  const form = page.getByRole('region', { name: 'Profile image' })
  await form.getByLabel(/^Image/).setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not an image') })
  await form.getByRole('button', { name: 'Upload Image' }).click()
  await expect(page.getByText('This file type is not allowed.')).toBeVisible()
  await page.getByRole('region', { name: 'Profile image' }).getByLabel(/^Image/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('region', { name: 'Profile image' }).getByRole('button', { name: 'Upload Image' }).click()
  await expect(page.getByText('Profile Image Updated Successfully')).toBeVisible()
  const img = page.getByRole('img', { name: 'Profile image' })
  await expect(img).toHaveAttribute('src', /^\/api\/file\/avatar_[\w-]+\.png$/)
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
})
