// /profile: the profile card; the role shows for staff, not for the owner.
import { expect, test } from '#tests/e2e/fixtures'

test('staff see their role and company', async ({ page, loginAs }) => {
  await loginAs('staff@demo.test')
  const response = await page.goto('/profile')
  expect(response?.status()).toBe(200)
  const card = page.getByRole('region', { name: 'Profile details' })
  await expect(card).toContainText('Stan Staff')
  await expect(card).toContainText('staff@demo.test')
  await expect(card.getByText('Role')).toBeVisible()
  // The role in words that still name it (issue 27: no raw values).
  await expect(card).toContainText('Staff user')
  await expect(card).toContainText('Demo Writing Co')
})

test('the owner sees no role', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/profile')
  const card = page.getByRole('region', { name: 'Profile details' })
  await expect(card).toContainText('Olivia Owner')
  await expect(card.getByText('Role')).toHaveCount(0)
})
