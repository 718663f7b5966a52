// /roles/view, /roles/create, /roles/update/{id}: platform roles with their modules.
import { expect, test } from '#tests/e2e/fixtures'
import { ready, unique } from './helpers'

test('create needs a name, then lists the role; edit changes it @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('superadmin@demo.test')
  await page.goto('/roles/create')
  await ready(page, javaScriptEnabled)
  const form = page.getByRole('form', { name: 'Create role' })
  for (const label of ['Roles', 'Users', 'Clients', 'Client Packages', 'Promotions', 'Form Template', 'Audit Logs', 'Payments', 'Contract Template']) {
    await expect(form.getByLabel(label, { exact: true })).toBeVisible()
  }
  await form.getByRole('button', { name: 'Create Role' }).click()
  await expect(form.getByText('Enter Name')).toBeVisible()

  const name = unique('Auditor')
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel('Audit Logs', { exact: true }).check()
  await form.getByLabel('Form Template', { exact: true }).check()
  await form.getByRole('button', { name: 'Create Role' }).click()
  await expect(page).toHaveURL(/\/roles\/view$/)
  await expect(page.getByText('Role Created Successfully')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('Audit Logs')
  await expect(row).toContainText('Form Template')

  await row.getByRole('link', { name: `Edit ${name}` }).click()
  await ready(page, javaScriptEnabled)
  const edit = page.getByRole('form', { name: 'Update role' })
  await expect(edit.getByLabel('Audit Logs', { exact: true })).toBeChecked()
  await edit.getByLabel('Name', { exact: true }).fill(`${name} 2`)
  await edit.getByLabel('Audit Logs', { exact: true }).uncheck()
  await edit.getByLabel('Clients', { exact: true }).check()
  await edit.getByRole('button', { name: 'Update Role' }).click()
  await expect(page).toHaveURL(/\/roles\/view$/)
  await expect(page.getByText('Role Updated Successfully')).toBeVisible()
  const updated = page.getByRole('row').filter({ hasText: `${name} 2` })
  await expect(updated).toContainText('Clients')
  await expect(updated).not.toContainText('Audit Logs')
})

test('client owners get 403 on roles', async ({ page, loginAs }) => {
  await loginAs('owner2@demo.test')
  expect((await page.goto('/roles/view'))?.status()).toBe(403)
})
