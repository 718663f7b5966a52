// Downloadable files screens: list with sizes in kB, create with upload rules, edit, archive.
import { expect, test } from '#tests/e2e/fixtures'

const unique = (p: string) => `${p} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

test('lists seeded files with sizes in kB and page sizes 50/100/200', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto('/products/file/view')
  await expect(page.getByRole('heading', { name: 'Files', level: 1 })).toBeVisible()
  const table = page.getByRole('table', { name: 'Files' })
  await expect(table.getByRole('cell', { name: 'Welcome Guide', exact: true })).toBeVisible()
  await expect(table.getByText(/^\d+\.\d{2} kB$/).first()).toBeVisible()
  await expect(page.getByLabel('Rows per page').locator('option')).toHaveText(['50', '100', '200'])
})

test('create validates title, file and file name, then saves and archives @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto('/products/file/create')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Title cannot be empty')).toBeVisible()
  const title = unique('Checklist')
  await page.getByLabel('Title').fill(title)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Please upload the file')).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: "o'brien,cv.txt", mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Please do not use any commas or apostrophes in the file name!')).toBeVisible()
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'checklist.txt', mimeType: 'text/plain', buffer: Buffer.from('x'.repeat(1536)) })
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/products\/file\/view/)
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByText('1.50 kB')).toBeVisible()

  await row.getByRole('link', { name: `Edit ${title}` }).click()
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByText('At-least one change required in order to update')).toBeVisible()
  await page.goto('/products/file/view')
  await page.getByRole('button', { name: `Archive ${title}` }).click()
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)
  await page.getByRole('switch', { name: 'Show Archived Files' }).click()
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible()
})

test('staff without the permission is refused', async ({ page, loginAs }) => {
  await loginAs('staff@demo.test', 'Demo Writing Co')
  const response = await page.goto('/products/file/view')
  expect(response?.status()).toBe(403)
})
