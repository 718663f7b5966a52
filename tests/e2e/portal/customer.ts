// Signing a customer in on their organisation's host through the one sign-in page, as a person does.
import { expect, type Page } from '@playwright/test'
import { TEST_PASSWORD } from '#tests/factories/index'

export async function signInToPortal(page: Page, origin: string, email: string, password = TEST_PASSWORD) {
  await page.goto(`${origin}/login`)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`${origin}/account`)
}
