// Forms: list, Add Form, the builder with autosave (JS) or explicit posts (no JS), publish, samples and clone.
import { expect, test } from '#tests/e2e/fixtures'

const unique = (p: string) => `${p} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

test('View Forms lists forms with the archived switch and samples', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto('/products/forms/list')
  await expect(page.getByRole('heading', { name: 'View Forms' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Client Intake Form', exact: true })).toBeVisible()
  await page.getByRole('switch', { name: 'Show Archived Forms' }).click()
  await expect(page.getByRole('cell', { name: 'Legacy Form', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Sample forms' }).getByText('Resume Intake Questionnaire')).toBeVisible()
})

test('builds a form without JavaScript: add, edit, reorder, delete, save, publish @nojs', async ({ page, loginAs }) => {
  test.skip(test.info().project.name !== 'no-js', 'the JavaScript builder has its own test')
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto('/products/forms/create')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText('Enter Name')).toBeVisible()
  const name = unique('Intake')
  await page.getByLabel('Name').fill(name)
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/products\/forms\/template\?key=/)

  await page.getByLabel('New question type').selectOption('short_text')
  await page.getByRole('button', { name: 'Add question' }).click()
  await page.getByLabel('Question 1', { exact: true }).fill('First')
  await page.getByLabel('New question type').selectOption('single_choice')
  await page.getByRole('button', { name: 'Add question' }).click()
  await expect(page.getByLabel('Question 1', { exact: true })).toHaveValue('First')
  await page.getByLabel('Question 2', { exact: true }).fill('Second')
  await page.getByRole('button', { name: 'Move question 2 up' }).click()
  await expect(page.getByLabel('Question 1', { exact: true })).toHaveValue('Second')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await page.getByRole('button', { name: 'Delete question 2' }).click()
  await expect(page.getByTestId('question')).toHaveCount(1)
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Published Successfully!')).toBeVisible()
  await expect(page.getByText('Published', { exact: true })).toBeVisible()
})

test('the builder autosaves after a pause and publishes with JavaScript', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto('/products/forms/create')
  const name = unique('Auto')
  await page.getByLabel('Name').fill(name)
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/products\/forms\/template\?key=/)
  await expect(page.getByTestId('form-builder')).toBeVisible()
  await page.getByLabel('New question type').selectOption('long_text')
  await page.getByRole('button', { name: 'Add question' }).click()
  await page.getByLabel('Question 1', { exact: true }).fill('Tell us about you')
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved')
  await page.reload()
  await expect(page.getByLabel('Question 1', { exact: true })).toHaveValue('Tell us about you')
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Published Successfully!')).toBeVisible()
})

test('leaving with unsaved changes asks first', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto('/products/forms/clone?key=' + (await firstSampleKey(page)) + '&flag=true')
  await page.getByLabel('Name').fill('Changed name')
  let asked = ''
  page.once('dialog', async (d) => {
    asked = d.message()
    await d.dismiss()
  })
  await page.getByRole('link', { name: 'Forms', exact: true }).first().click()
  await expect.poll(() => asked).toContain('unsaved changes')
  await expect(page).toHaveURL(/\/products\/forms\/clone/)
})

async function firstSampleKey(page: import('@playwright/test').Page) {
  await page.goto('/products/forms/list')
  const href = await page.getByRole('link', { name: 'View Resume Intake Questionnaire' }).getAttribute('href')
  return new URL(href!, 'http://x').searchParams.get('key')!
}

test('a sample is read-only and clones as "Copy of …" @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto('/products/forms/list')
  await page.getByRole('link', { name: 'View Resume Intake Questionnaire' }).click()
  await expect(page.getByText('This is a sample form: it is read-only and can only be cloned.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Clone' }).click()
  await expect(page.getByLabel('Name')).toHaveValue(/^Copy (\(\d+\) )?of Resume Intake Questionnaire$/)
  await page.getByRole('button', { name: 'Clone' }).click()
  await expect(page).toHaveURL(/\/products\/forms\/template\?key=/)
  await expect(page.getByTestId('question')).toHaveCount(7)
})

test('staff without the permission is refused', async ({ page, loginAs }) => {
  await loginAs('staff@demo.test', 'Demo Writing Co')
  expect((await page.goto('/products/forms/list'))?.status()).toBe(403)
})
