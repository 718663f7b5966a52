// Platform screens: form templates (list, create, builder, publish, clone) and contract templates.
import { expect, test } from '#tests/e2e/fixtures'

const unique = (p: string) => `${p} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

test('form templates: list, create, add a question, publish @nojs', async ({ page, loginAs }) => {
  await loginAs('superadmin@demo.test')
  await page.goto('/form-template/list')
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Resume Intake Questionnaire', exact: true })).toBeVisible()
  await page.goto('/form-template/create')
  const name = unique('Platform form')
  await page.getByLabel('Name').fill(name)
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/form-template\/template\?key=/)
  await page.getByRole('button', { name: 'Add question' }).click()
  await page.getByLabel('Question 1', { exact: true }).fill('Your goal?')
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Published Successfully!')).toBeVisible()
})

test('form template clone screen: name plus template select @nojs', async ({ page, loginAs }) => {
  await loginAs('superadmin@demo.test')
  await page.goto('/form-template/clone')
  await page.getByRole('button', { name: 'Clone' }).click()
  await expect(page.getByText('Please select a template')).toBeVisible()
  await page.getByLabel('Template').selectOption({ label: 'LinkedIn Profile Questionnaire' })
  await page.getByLabel('Name').fill(unique('Copy of LinkedIn'))
  await page.getByRole('button', { name: 'Clone' }).click()
  await expect(page).toHaveURL(/\/form-template\/template\?key=/)
  await expect(page.getByTestId('question')).toHaveCount(2)
})

test('contract templates: list, create and edit @nojs', async ({ page, loginAs }) => {
  await loginAs('superadmin@demo.test')
  await page.goto('/contract-template/create')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Enter Contract Name')).toBeVisible()
  const title = unique('Platform terms')
  await page.getByLabel('Contract Name').fill(title)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/contract-template\/list/)
  await page.getByRole('link', { name: `View ${title}` }).click()
  await page.getByLabel('Contract Name').fill(`${title} v2`)
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByRole('cell', { name: `${title} v2`, exact: true })).toBeVisible()
})

test('an organisation owner cannot open the platform template screens', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', 'Demo Writing Co')
  expect((await page.goto('/form-template/list'))?.status()).toBe(403)
  expect((await page.goto('/contract-template/list'))?.status()).toBe(403)
})
