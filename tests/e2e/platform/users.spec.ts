// /users/view, /users/create, /users/update/{id}: platform users list, create and edit; who may open them.
import { expect, test } from '#tests/e2e/fixtures'
import { uniqueEmail } from '#tests/factories/index'
import { ready, unique } from './helpers'

test('superadmin lists platform users with their role and an edit link', async ({ page, loginAs }) => {
  await loginAs('superadmin@demo.test')
  const response = await page.goto('/users/view?q=support%40demo.test')
  expect(response?.status()).toBe(200)
  const table = page.getByRole('table', { name: 'Users' })
  for (const header of ['Name', 'Email', 'Role', 'Active']) await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  const row = table.getByRole('row').filter({ hasText: 'support@demo.test' })
  await expect(row).toContainText('Sue Support')
  await expect(row).toContainText('Support')
  await expect(row.getByRole('link', { name: 'Edit Sue Support' })).toHaveAttribute('href', /^\/users\/update\/\w{24}$/)
  await expect(table).not.toContainText('owner@demo.test')
})

test('create shows the spec messages, then returns to the list @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('superadmin@demo.test')
  await page.goto('/users/create')
  await ready(page, javaScriptEnabled)
  const form = page.getByRole('form', { name: 'Create user' })
  await form.getByRole('button', { name: 'Create User' }).click()
  await expect(form.getByText('Enter First Name')).toBeVisible()
  await expect(form.getByText('Enter Last name')).toBeVisible()
  await expect(form.getByText('Enter Email')).toBeVisible()
  await expect(form.getByText('Enter Password')).toBeVisible()

  const email = uniqueEmail('e2e-platform')
  const first = unique('Pia')
  await form.getByLabel('First Name').fill(first)
  await form.getByLabel('Last Name').fill('Platform')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill('Long-enough-1')
  await form.getByLabel('Role').selectOption({ label: 'Billing' })
  await form.getByRole('button', { name: 'Create User' }).click()
  await expect(page).toHaveURL(/\/users\/view$/)
  await expect(page.getByText('User Created Successfully')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row).toContainText(first)
  await expect(row).toContainText('Billing')

  await row.getByRole('link', { name: /^Edit / }).click()
  await ready(page, javaScriptEnabled)
  const edit = page.getByRole('form', { name: 'Update user' })
  await expect(edit.getByLabel('Email')).toBeDisabled()
  await expect(edit.getByLabel('Email')).toHaveValue(email)
  await edit.getByLabel('First Name').fill(`${first} Edited`)
  await edit.getByLabel('Role').selectOption({ label: 'Support' })
  await edit.getByRole('button', { name: 'Update User' }).click()
  await expect(page).toHaveURL(/\/users\/view$/)
  await expect(page.getByText('User Updated Successfully')).toBeVisible()
  const updated = page.getByRole('row').filter({ hasText: email })
  await expect(updated).toContainText(`${first} Edited`)
  await expect(updated).toContainText('Support')

  // The Active switch posts a form, so it works without JavaScript too.
  await updated.getByRole('switch').click()
  await expect(page.getByRole('row').filter({ hasText: email }).getByRole('switch')).toHaveAttribute('aria-checked', 'false')
})

test('client owners and staff without the users module get 403', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  expect((await page.goto('/users/view'))?.status()).toBe(403)
  await expect(page.getByText("You don't have the required permissions!", { exact: false })).toBeVisible()
  await loginAs('billing@demo.test')
  expect((await page.goto('/users/create'))?.status()).toBe(403)
})

test('platform staff see only their modules in the sidebar', async ({ page, loginAs }) => {
  await loginAs('support@demo.test')
  expect((await page.goto('/users/view'))?.status()).toBe(200)
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Audit Logs' })).toBeVisible()
  // Clients has only a 'View' item, so Support's sidebar shows no Clients section.
  await expect(nav.getByRole('button')).toHaveText(['Users'])
  await nav.getByRole('button', { name: 'Users' }).click()
  await expect(nav.locator('a[href="/users/create"]')).toHaveCount(1)
  // Only superadmin sees the 'View' items (back-office section 6).
  await expect(nav.locator('a[href="/users/view"]')).toHaveCount(0)
  await expect(nav.locator('a[href="/roles/create"]')).toHaveCount(0)
  await expect(nav.locator('a[href="/dashboard"]')).toHaveCount(0)
})
