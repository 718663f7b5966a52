// The orders list's dialogs: Settings (due date, priority, mark as completed with its confirmation) and Assign
// (contributor with message and file, the scheduling-link warning); forms also without JavaScript (@nojs).
import type { Page } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { expect, test } from '#tests/e2e/fixtures'
import { createTenant } from '#tests/factories/index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow, DEFAULT_MODULES } from '#tests/factories/orders'

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const orderRow = (publicId: string) => platformDb.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow()

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
}

/** A fresh organisation (signed in as its owner) with one order, a contributor and the list open. */
async function ordersList(
  page: Page,
  loginAs: (email: string, org?: string) => Promise<void>,
  javaScriptEnabled: boolean,
  opts: { modules?: { id: string; title: string }[] } = {},
) {
  const { org, owner } = await createTenant()
  const product = await createProductWithWorkflow(org.id, { name: 'Executive Resume', modules: opts.modules })
  const customer = await createCustomer(org.id, { firstName: 'Casey', lastName: 'Client' })
  const order = await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId })
  const writer = await createContributor(org.id, { firstName: 'Wren', lastName: 'Writer' })
  await loginAs(owner.email, org.name)
  await page.goto('/orders/view?size=50')
  await ready(page, javaScriptEnabled)
  const row = page.getByRole('row', { name: new RegExp(order.public_id) })
  return { org, order, writer, row }
}

const settingsLink = (page: Page, id: string) => page.getByRole('link', { name: `Settings of the order of Casey Client (${id})` })
const assignLink = (page: Page, id: string) => page.getByRole('link', { name: `Assign the order of Casey Client (${id})` })

test('sets the due date from Settings, refusing a day before today @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { order } = await ordersList(page, loginAs, javaScriptEnabled)
  await settingsLink(page, order.public_id).click()
  await expect(page).toHaveURL(new RegExp(`/orders/view/settings/${order.public_id}\\?size=50$`))
  const dialog = javaScriptEnabled ? page.getByRole('dialog', { name: 'Settings' }) : page.getByRole('region', { name: 'Settings' })
  await dialog.getByLabel('Due Date').fill(day(-1))
  await dialog.getByRole('button', { name: 'Save Due Date' }).click()
  await expect(dialog.getByText('Due date cannot be before today')).toBeVisible()
  await expect(dialog.getByLabel('Due Date')).toHaveValue(day(-1))
  await dialog.getByLabel('Due Date').fill(day(10))
  await dialog.getByRole('button', { name: 'Save Due Date' }).click()
  await expect(page).toHaveURL(/\/orders\/view\?size=50$/)
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  expect((await orderRow(order.public_id)).due_date!.toISOString().slice(0, 10)).toBe(day(10))
})

test('changes the priority, and asks for an amount @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { order } = await ordersList(page, loginAs, javaScriptEnabled)
  await settingsLink(page, order.public_id).click()
  const dialog = javaScriptEnabled ? page.getByRole('dialog', { name: 'Settings' }) : page.getByRole('region', { name: 'Settings' })
  await dialog.getByRole('button', { name: 'Save Amount' }).click()
  await expect(dialog.getByText('Please select an amount!')).toBeVisible()
  await dialog.getByRole('radio', { name: /Urgent/ }).check()
  await dialog.getByRole('button', { name: 'Save Priority' }).click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  expect((await orderRow(order.public_id)).priority).toBe('urgent')
  await settingsLink(page, order.public_id).click()
  await expect(page.getByRole('radio', { name: /Urgent/ })).toBeChecked()
})

test('assigns a contributor with a message and a file @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { order, writer, row } = await ordersList(page, loginAs, javaScriptEnabled)
  await expect(row).toContainText('No Contributor Assigned')
  await assignLink(page, order.public_id).click()
  const dialog = javaScriptEnabled ? page.getByRole('dialog') : page.getByRole('region', { name: /^Assign: Executive Resume/ })
  await expect(dialog.getByRole('link', { name: 'Contributor' })).toHaveAttribute('aria-current', 'page')
  await expect(dialog).toContainText('Total 0 · Pending 0 · Completed 0')
  await expect(dialog).toContainText('Levels: Senior')
  await dialog.getByRole('radio', { name: 'Wren Writer' }).check()
  await dialog.getByLabel('Message to the Contributor (optional)').fill('Lead with the summary.')
  await dialog.getByLabel('File for the Contributor (optional)').setInputFiles({ name: 'brief.txt', mimeType: 'text/plain', buffer: Buffer.from('Focus on leadership.') })
  await dialog.getByRole('button', { name: 'Assign Contributor' }).click()
  await expect(page).toHaveURL(/\/orders\/view\?size=50$/)
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(order.public_id) })).toContainText('Wren Writer')
  const saved = await orderRow(order.public_id)
  expect(saved.writer_id).toBe(writer.userId)
  const files = await platformDb.selectFrom('order_files').select('kind').where('order_id', '=', saved.id).execute()
  expect(files).toEqual([{ kind: 'to_writer' }])
})

test('the reviewer tab assigns a reviewer', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, order } = await ordersList(page, loginAs, javaScriptEnabled)
  const reviewer = await createContributor(org.id, { role: 'REVIEWER', firstName: 'Riley', lastName: 'Reviewer' })
  await assignLink(page, order.public_id).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('link', { name: 'Reviewer' }).click()
  await expect(page).toHaveURL(/assignTab=reviewer/)
  await dialog.getByRole('radio', { name: 'Riley Reviewer' }).check()
  await dialog.getByRole('button', { name: 'Assign Reviewer' }).click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  expect((await orderRow(order.public_id)).reviewer_id).toBe(reviewer.userId)
})

test('warns before assigning a contributor without a scheduling link to an appointment order', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, order } = await ordersList(page, loginAs, javaScriptEnabled, { modules: [...DEFAULT_MODULES, { id: 'schedule_appointment', title: 'Schedule Appointment' }] })
  await createContributor(org.id, { firstName: 'Nolan', lastName: 'Nolink', schedulingLink: null })
  await assignLink(page, order.public_id).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('radio', { name: 'Nolan Nolink' }).check()
  await expect(dialog.getByRole('alert')).toHaveText('Contributor does not have a scheduling link attached to their profile')
  await dialog.getByRole('radio', { name: 'Wren Writer' }).check()
  await expect(dialog.getByRole('alert')).toHaveCount(0)
})

test('marks an order as completed after the confirmation @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { order } = await ordersList(page, loginAs, javaScriptEnabled)
  await settingsLink(page, order.public_id).click()
  const dialog = javaScriptEnabled ? page.getByRole('dialog', { name: 'Settings' }) : page.getByRole('region', { name: 'Settings' })
  await dialog.getByRole('link', { name: 'Mark As Completed' }).click()
  await expect(dialog.getByText('You will not be able to revert this.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Yes, Mark As Completed' }).click()
  await expect(page.getByText('Order marked as completed')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(order.public_id) })).toContainText('Completed')
  expect(await orderRow(order.public_id)).toMatchObject({ marked_as_complete: true, status_percentage: 100 })
  await settingsLink(page, order.public_id).click()
  await expect(page.getByText('This order is marked as completed.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Mark As Completed' })).toHaveCount(0)
})

test('bulk actions: archive by the bulk rule and one due date for the selected orders @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, order } = await ordersList(page, loginAs, javaScriptEnabled)
  const customer = await platformDb.selectFrom('orders').select(['customer_id', 'product_id']).where('id', '=', order.id).executeTakeFirstOrThrow()
  const second = await createOrder(org.id, { customerUserId: customer.customer_id, productId: customer.product_id! }, { archived: true })
  await page.goto(`/orders/view/bulk?size=50&ids=${order.public_id}&ids=${second.public_id}`)
  await ready(page, javaScriptEnabled)
  const dialog = javaScriptEnabled ? page.getByRole('dialog', { name: 'Bulk Actions' }) : page.getByRole('region', { name: 'Bulk Actions' })
  await expect(dialog).toContainText('2 orders selected')
  await expect(dialog).toContainText('1 of 2 archived')
  // Mixed: the action sets the flag on both; then all share it and the action clears it.
  await dialog.getByRole('button', { name: 'Archive', exact: true }).click()
  await expect(dialog).toContainText('2 of 2 archived')
  expect((await orderRow(order.public_id)).archived).toBe(true)
  await expect(dialog.getByRole('button', { name: 'Unarchive' })).toBeVisible()
  await dialog.getByLabel('Due Date For All').fill(day(4))
  await dialog.getByRole('button', { name: 'Set Due Date' }).click()
  await expect(page).toHaveURL(/\/orders\/view\?size=50$/)
  for (const id of [order.public_id, second.public_id]) expect((await orderRow(id)).due_date!.toISOString().slice(0, 10)).toBe(day(4))
})
