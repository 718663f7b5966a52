// Workflows: list, type picker, the board (buttons, mouse, keyboard), reminders, update, permissions.
import { expect, test } from '#tests/e2e/fixtures'

const uid = () => Math.random().toString(36).slice(2, 8)

test('lists workflows and shows archived ones on demand @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/products/customer-services/all')
  const table = page.getByRole('table')
  await expect(table.getByRole('link', { name: 'Update Resume Writing', exact: true })).toBeVisible()
  await expect(table.getByText('Resume Writing (2025)')).toHaveCount(0)
  await page.getByRole('switch', { name: 'Show Archived Workflows' }).click()
  await expect(page).toHaveURL(/archived=true/)
  await expect(table.getByText('Resume Writing (2025)')).toBeVisible()
  await expect(page.getByLabel('Rows per page')).toHaveValue('50')
  await page.getByRole('link', { name: 'Create Workflow' }).click()
  await expect(page).toHaveURL(/\/products\/customer-services\/create$/)
  await page.getByRole('link', { name: /Linkedin Profile Development/ }).click()
  await expect(page.getByRole('heading', { name: 'Add New Linkedin Profile Development Workflow' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Drag Module to Workflow' })).toBeVisible()
  await expect(page.getByText('Follow Up Questions')).toHaveCount(0)
})

test('builds a custom workflow with the buttons only, with a reminder @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/products/customer-services/custom/create')
  await expect(page.getByRole('heading', { name: 'Add New Workflow' })).toBeVisible()
  await page.getByRole('button', { name: 'Add Workflow' }).click()
  await expect(page.getByText('Enter Workflow Name')).toBeVisible()
  await expect(page.getByText('Drag at least one module in Workflow column')).toBeVisible()

  const name = `Buttons flow ${uid()}`
  await page.getByLabel('Workflow Name').fill(name)
  await page.getByRole('button', { name: 'Add Upload Documents' }).click()
  await page.getByRole('button', { name: 'Add Final Document' }).click()
  await page.getByRole('button', { name: 'Add Schedule Appointment' }).click()
  await page.getByRole('button', { name: 'Move Schedule Appointment up' }).click()
  await page.getByRole('button', { name: 'Remove Final Document' }).click()
  const column = page.getByTestId('workflow-column')
  await expect(column.locator('li[data-module-id]')).toHaveCount(2)
  await expect(column.locator('li[data-module-id]').nth(1)).toHaveAttribute('data-module-id', 'schedule_appointment')
  await expect(page.getByLabel('Workflow Name')).toHaveValue(name)

  await page.getByLabel('Reminders for Upload Documents').click()
  await page.getByRole('button', { name: 'Add reminder to Upload Documents' }).click()
  const reminder = column.locator('fieldset[data-reminder="1"]')
  await expect(reminder.getByLabel('Number of days')).toHaveValue('1')
  await expect(reminder.getByText('Email subject and body are required')).toBeVisible()
  await reminder.getByLabel('Email subject').fill('Please upload')
  await reminder.getByLabel('Email body').fill('<p>We are waiting for your files</p>')
  await page.getByRole('button', { name: 'Add Workflow' }).click()
  await expect(page).toHaveURL(/\/products\/customer-services\/all$/)
  await expect(page.getByRole('dialog')).toContainText('Workflow saved successfully.')
  await expect(page.getByRole('table').getByText(name)).toBeVisible()
})

test('drags modules with the mouse and the keyboard', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/products/customer-services/custom/create')
  const column = page.getByTestId('workflow-column')
  const palette = page.getByTestId('module-palette')
  await palette.locator('li[data-module-id="previous_document"]').dragTo(column)
  await expect(column.locator('li[data-module-id="previous_document"]')).toBeVisible()
  await expect(palette.locator('li[data-module-id="previous_document"]')).toHaveCount(0)

  await page.getByRole('button', { name: 'Drag Final Document' }).focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('Space')
  await expect(column.locator('li[data-module-id]').nth(1)).toHaveAttribute('data-module-id', 'final_document')
  await page.getByRole('button', { name: 'Drag Final Document' }).focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Space')
  await expect(column.locator('li[data-module-id]').first()).toHaveAttribute('data-module-id', 'final_document')

  await page.getByLabel('Reminders for Upload Documents').click()
  await page.getByRole('button', { name: 'Add reminder to Upload Documents' }).click()
  await page.getByRole('button', { name: 'Add reminder to Upload Documents' }).click()
  const second = column.locator('fieldset[data-reminder="2"]')
  await expect(second.getByLabel('Number of days')).toHaveValue('2')
  await second.getByLabel('Number of days').fill('1')
  await expect(column.getByText("Can't have duplicate reminders").first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add Workflow' })).toBeDisabled()
})

test('updates a workflow and archives it', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/products/customer-services/all')
  const name = `Update me ${uid()}`
  const created = await page.request.post('/api/client/service/create', {
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    data: { serviceName: name, serviceType: 'resume', serviceModules: [{ id: 'previous_document', title: 'Upload Documents', reminders: [] }] },
  })
  const id = (await created.json()).newService._id
  await page.goto('/products/customer-services/all')
  await page.getByRole('link', { name: `Update ${name}` }).click()
  await expect(page).toHaveURL(new RegExp(`/products/customer-services/update/resume/${id}$`))
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Workflows / Update Workflow')
  await expect(page.getByRole('heading', { name: 'Module to Add' })).toBeVisible()
  await page.getByLabel('Workflow Name').fill(`${name} v2`)
  await page.getByLabel('Title of module 1').fill('Send your CV')
  await expect(page.getByText('old title: Upload Documents')).toBeVisible()
  await page.getByRole('button', { name: 'Update Workflow' }).click()
  await expect(page).toHaveURL(/\/products\/customer-services\/all$/)
  await expect(page.getByRole('dialog')).toContainText('Workflow updated successfully.')
  await page.getByRole('button', { name: 'OK' }).click()
  await page.getByRole('switch', { name: `Archive ${name} v2` }).click()
  await expect(page.getByRole('table').getByText(`${name} v2`)).toHaveCount(0)
})

test('staff without workflow permissions are refused; other organisations get 404', async ({ page, loginAs }) => {
  await loginAs('staff@demo.test')
  const denied = await page.goto('/products/customer-services/all')
  expect(denied?.status()).toBe(403)
  await expect(page.getByText("You don't have the required permissions!", { exact: false })).toBeVisible()

  await loginAs('owner@demo.test')
  await page.goto('/products/customer-services/all')
  const href = await page.getByRole('link', { name: 'Update Resume Writing' }).first().getAttribute('href')
  await loginAs('owner2@demo.test')
  const other = await page.goto(href!)
  expect(other?.status()).toBe(404)
})

test('searches workflows by name on the server @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/products/customer-services/all')
  const table = page.getByRole('table', { name: 'Workflows' })
  await page.getByLabel('Search').fill('Cover Letter')
  await page.getByLabel('Search').press('Enter')
  await expect(page).toHaveURL(/search=Cover/)
  await expect(table.getByRole('link', { name: 'Update Cover Letter', exact: true })).toBeVisible()
  await expect(table.getByRole('link', { name: 'Update Resume Writing', exact: true })).toHaveCount(0)
})

test('the search box searches by itself after a pause', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/products/customer-services/all')
  await page.locator('[data-hydrated]').waitFor()
  await page.getByLabel('Search').fill('Cover Letter')
  await expect(page).toHaveURL(/search=Cover/)
  await expect(page.getByRole('table', { name: 'Workflows' }).getByRole('link', { name: 'Update Resume Writing', exact: true })).toHaveCount(0)
})
