// Products: create and edit forms, the list with tags and settings dialog, cart settings, permissions.
import { expect, test } from '#tests/e2e/fixtures'

const uid = () => Math.random().toString(36).slice(2, 8)

test('creates a product, with the spec messages first @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/products/create')
  await page.getByRole('button', { name: 'Create Product' }).click()
  await expect(page.getByText('Enter Product Name')).toBeVisible()
  await expect(page.getByText('Enter Product Price')).toBeVisible()
  await expect(page.getByText('Please select at-least one service')).toBeVisible()
  const name = `Form product ${uid()}`
  await page.getByLabel('Product Name').fill(name)
  await page.getByLabel('Product Price').fill('129.50')
  await page.getByLabel('Resume Writing', { exact: true }).check()
  await page.getByRole('button', { name: 'Create Product' }).click()
  await expect(page).toHaveURL(/\/products\/view$/)
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('$129.5')
})

test('edits a product and keeps the typed values on an error @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/products/view')
  const res = await page.request.post('/api/client/packages/create', {
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    data: { packageName: `Edit me ${uid()}`, packagePrice: 10, packageServices: [] },
  })
  expect(res.status()).toBe(400)
  const services = await (await page.request.get('/api/client/service/all')).json()
  const created = await (
    await page.request.post('/api/client/packages/create', {
      headers: { 'Sec-Fetch-Site': 'same-origin' },
      data: { packageName: `Edit me ${uid()}`, packagePrice: 10, packageServices: [services.services[0]._id] },
    })
  ).json()
  const id = created.package._id
  await page.goto(`/products/update/${id}`)
  await page.getByLabel('Product Name').fill('Renamed product')
  for (const box of await page.getByRole('switch').all()) if (await box.isChecked()) await box.uncheck()
  await page.getByRole('button', { name: 'Update Product' }).click()
  await expect(page.getByText('Please select at-least one workflow')).toBeVisible()
  await expect(page.getByLabel('Product Name')).toHaveValue('Renamed product')
  await page.getByLabel('Cover Letter', { exact: true }).check()
  await page.getByRole('button', { name: 'Update Product' }).click()
  await expect(page).toHaveURL(/\/products\/view$/)
  await expect(page.getByRole('row', { name: /Renamed product/ }).first()).toContainText('Cover Letter')
})

test('settings dialog switches, tags and links', async ({ page, loginAs, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await loginAs('owner@demo.test')
  await page.goto('/products/view')
  const services = await (await page.request.get('/api/client/service/all')).json()
  const name = `Switch product ${uid()}`
  const created = await (
    await page.request.post('/api/client/packages/create', {
      headers: { 'Sec-Fetch-Site': 'same-origin' },
      data: { packageName: name, packagePrice: 50, packageServices: [services.services[0]._id] },
    })
  ).json()
  const id = created.package._id
  await page.goto('/products/view')
  await page.getByRole('link', { name: `Settings for ${name}` }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('switch', { name: 'Active' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Product is Deactivated!' })).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Deactivated')
  await dialog.getByRole('switch', { name: 'Purchasable' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Changed Successfully!' })).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Checkout Link' })).toHaveValue(new RegExp(`/checkout\\?item=${id}$`))
  await expect(dialog.getByRole('textbox', { name: 'Add to Cart Link' })).toHaveValue(new RegExp(`/cart\\?addItem=${id}&redirectTo=`))
  await dialog.getByRole('button', { name: 'Copy Checkout Link' }).click()
  await expect(dialog.getByText('Copied to clipboard')).toBeVisible()
  await dialog.getByRole('switch', { name: 'Archived' }).click()
  await expect(dialog.getByRole('switch', { name: 'Archived' })).toHaveAttribute('aria-checked', 'true')
  await dialog.getByRole('link', { name: 'Close' }).last().click()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
  await page.getByRole('switch', { name: 'Show Archived Products' }).click()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Archived')
  await page.getByRole('link', { name: `Settings for ${name}` }).click()
  await page.getByRole('dialog').getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveURL(new RegExp(`/products/update/${id}$`))
})

test('edits the cart redirect link @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/products/cart-settings')
  await page.getByRole('link', { name: 'Edit' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Redirect Link').fill('not a link')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Please, enter a valid link')).toBeVisible()
  const link = `https://www.demowriting.example/after-cart-${uid()}`
  await page.getByRole('dialog').getByLabel('Redirect Link').fill(link)
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await expect(page).toHaveURL(/\/products\/cart-settings$/, { timeout: 5000 })
  await expect(page.getByRole('textbox', { name: 'Cart Redirect Link' })).toHaveValue(link)
})

test('staff without product permissions are refused; other organisations get 404', async ({ page, loginAs }) => {
  await loginAs('staff@demo.test')
  expect((await page.goto('/products/view'))?.status()).toBe(403)
  expect((await page.goto('/products/cart-settings'))?.status()).toBe(403)
  await loginAs('owner@demo.test')
  await page.goto('/products/view')
  const href = await page.getByRole('link', { name: /Settings for Resume Basic/ }).getAttribute('href')
  const id = new URLSearchParams(href!.split('?')[1]).get('settings')
  await loginAs('owner2@demo.test')
  expect((await page.goto(`/products/update/${id}`))?.status()).toBe(404)
})

test('searches products on the server @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/products/view')
  await expect(page.getByLabel('Rows per page').locator('option')).toHaveText(['50', '100', '200'])
  await page.getByLabel('Search').fill('Resume Basic')
  await page.getByLabel('Search').press('Enter')
  await expect(page).toHaveURL(/search=Resume/)
  await expect(page.getByRole('link', { name: /Settings for Resume Basic/ })).toBeVisible()
  await page.getByLabel('Search').fill('no product has this name')
  await page.getByLabel('Search').press('Enter')
  await expect(page.getByText('No Record Found')).toBeVisible()
})

test('Escape closes the settings dialog', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/products/view')
  await page.locator('[data-hydrated]').waitFor()
  await page.getByRole('link', { name: /Settings for Resume Basic/ }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).not.toHaveURL(/settings=/)
})
