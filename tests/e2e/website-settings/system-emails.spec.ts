// System Emails (/website-settings/system-emails): the four channel tabs, the preview with sample data,
// customise and reset (WRITE_SYSTEM_EMAILS_TEMPLATES), the spec's validation message, preview only without it.
import { createTenant, createUser } from '#tests/factories/index'
import { expect, test } from '#tests/e2e/fixtures'

const PAGE = '/website-settings/system-emails'
const ORDER_RECEIVED = 'Sent to the customer after their order is placed.'

test('four channel tabs, each with its default templates @nojs', async ({ page, loginAs }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto(PAGE)
  const tabs = page.getByRole('navigation', { name: 'E-mail channels' }).getByRole('link')
  await expect(tabs).toHaveText(['Admin to Customer', 'Admin to Contributor', 'Contributor to Customer', 'Customer to Contributor'])
  await expect(page.getByText(ORDER_RECEIVED)).toBeVisible()
  await tabs.filter({ hasText: 'Admin to Contributor' }).click()
  await expect(page).toHaveURL(/between=adminToWriter/)
  await expect(page.getByText('Sent to the contributor when one or more orders are assigned to them.')).toBeVisible()
  await expect(page.getByText(ORDER_RECEIVED)).toHaveCount(0)
  await tabs.filter({ hasText: 'Contributor to Customer' }).click()
  await expect(page.getByText('Sent to the customer when the first draft of their resume is uploaded.')).toBeVisible()
  await tabs.filter({ hasText: 'Customer to Contributor' }).click()
  await expect(page.getByText('Sent to the contributor when the customer books an appointment.')).toBeVisible()
  // A setting that stops an e-mail is said on its card.
  await expect(page.getByText('Not sent while customer rating is turned off')).toHaveCount(0)
})

test('previews a template with sample data @nojs', async ({ page, loginAs }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto(PAGE)
  await page.getByRole('link', { name: `Preview ${ORDER_RECEIVED}` }).click()
  await expect(page.getByTestId('preview-subject')).toHaveText('We received your order K7Q2M9XW')
  const frame = page.frameLocator('iframe[title="E-mail preview"]')
  await expect(frame.getByText('Thank you for your order')).toBeVisible()
  await expect(frame.getByText('Hi Jane,')).toBeVisible()
  await expect(frame.getByRole('link', { name: 'View your order' })).toBeVisible()
  await expect(frame.getByText(`You receive this e-mail because you have an account with ${org.name}.`)).toBeVisible()
})

test('customise: the spec message for a blank subject, save, preview unsaved changes, reset to default @nojs', async ({ page, loginAs }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto(PAGE)
  page.on('dialog', (d) => d.accept())
  await page.getByRole('link', { name: `Edit ${ORDER_RECEIVED}` }).click()
  await expect(page.getByLabel('Subject')).toHaveValue('We received your order {{orderId}}')
  await page.getByLabel('Subject').fill('')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Please enter the email subject')).toBeVisible()

  await page.getByLabel('Subject').fill('Order {{orderId}} is in')
  await page.getByLabel('Title', { exact: true }).fill('Brand new title')
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByTestId('preview-subject')).toHaveText('Order K7Q2M9XW is in')
  await expect(page.frameLocator('iframe[title="E-mail preview"]').getByText('Brand new title')).toBeVisible()
  // The preview saved nothing and kept what was typed.
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Brand new title')

  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('successfully saved.')).toBeVisible()
  await expect(page).toHaveURL(/between=adminToCustomer$/, { timeout: 10_000 })
  const card = page.getByRole('region', { name: ORDER_RECEIVED })
  await expect(card.getByText('Customised')).toBeVisible()
  await expect(card.getByText('Order {{orderId}} is in')).toBeVisible()

  await card.getByRole('button', { name: `Reset ${ORDER_RECEIVED} to default` }).click()
  await expect(page.getByText('Deleted!')).toBeVisible()
  await expect(page).toHaveURL(/between=adminToCustomer$/, { timeout: 10_000 })
  await expect(card.getByText('Default')).toBeVisible()
  await expect(card.getByText('We received your order {{orderId}}')).toBeVisible()
})

test('without WRITE_SYSTEM_EMAILS_TEMPLATES the screen is preview only @nojs', async ({ page, loginAs }) => {
  const { org } = await createTenant()
  const reader = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_SYSTEM_EMAILS_TEMPLATES'] }] })
  await loginAs(reader.email, org.name)
  await page.goto(PAGE)
  await expect(page.getByRole('link', { name: `Preview ${ORDER_RECEIVED}` })).toBeVisible()
  await expect(page.getByRole('link', { name: `Edit ${ORDER_RECEIVED}` })).toHaveCount(0)
  // An edit link typed by hand shows the preview, not the form.
  await page.goto(`${PAGE}?between=adminToCustomer&edit=order_received`)
  await expect(page.getByTestId('preview-subject')).toHaveText('We received your order K7Q2M9XW')
  await expect(page.getByLabel('Subject')).toHaveCount(0)
})

test('staff without READ_SYSTEM_EMAILS_TEMPLATES are refused', async ({ page, loginAs }) => {
  const { org } = await createTenant()
  const staff = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
  await loginAs(staff.email, org.name)
  expect((await page.goto(PAGE))?.status()).toBe(403)
})
