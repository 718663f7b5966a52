// Messages in Chromium on an organisation's own host (issue 25, ADR 0063): the customer writes to the team and
// to the writer with and without JavaScript (text and a file), staff see it on the project page and answer,
// a message goes live between the staff page and the customer page, the bell counts the customer's
// notifications, and the pages pass axe at desktop and phone widths.
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { notifyPortal } from '#app/models/notifications.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { seedId } from '#db/seed/ids'
import { tenantWithSubdomain } from '#tests/security/helpers'
import { expect, loginAs, test } from '../fixtures'
import { expectAccessibleAtEveryWidth } from './axe'
import { signInToPortal } from './customer'

async function portalWithOrders() {
  const name = `Messages Co ${Math.random().toString(36).slice(2, 8)}`
  const tenant = await tenantWithSubdomain('msg', name)
  const data = await createCustomerOrders(tenant.org.id, { productName: 'Executive Resume' })
  return { ...tenant, ...data, name, origin: `http://${tenant.host}` }
}

test('a customer writes to the team and the writer, with a file; staff read it on the project page and answer @nojs', async ({ page, browser, baseURL }) => {
  test.slow()
  const w = await portalWithOrders()
  await signInToPortal(page, w.origin, w.customer.email)
  await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'Messages' }).click()
  await expect(page).toHaveURL(`${w.origin}/messages`)
  await page.getByRole('link', { name: 'Executive Resume' }).first().click()
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible()
  const list = page.getByTestId('chat-messages')
  await expect(list).toContainText('No messages yet')

  await page.getByLabel('Message', { exact: true }).fill('Hello team, <b>here</b> is my old resume.')
  await page.getByLabel('Attach a file (optional)').setInputFiles({ name: 'old-resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 my old resume') })
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(list.getByTestId('chat-message')).toHaveCount(2)
  await expect(list).toContainText('Hello team, <b>here</b> is my old resume.')
  const file = list.getByRole('link', { name: /old-resume\.pdf/ })
  await expect(file).toBeVisible()
  const downloading = page.waitForEvent('download')
  await file.click()
  expect((await downloading).suggestedFilename()).toBe('old-resume.pdf')

  // Nothing to send: said, nothing stored.
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Type a message or attach a file.')).toBeVisible()
  await expect(list.getByTestId('chat-message')).toHaveCount(2)

  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: 'Writer (Alex the Writer)' }).click()
  await expect(page.getByRole('heading', { name: 'Messages with Alex the Writer' })).toBeVisible()
  await page.getByLabel('Message', { exact: true }).fill('Hi Alex')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('chat-messages')).toContainText('Hi Alex')

  // The owner sees the customer's messages on the project page and answers.
  const staff = await browser.newContext({ javaScriptEnabled: false })
  await loginAs(staff, baseURL!, w.owner.email, w.name)
  const staffPage = await staff.newPage()
  await staffPage.goto(`${baseURL}/project/view/${w.orders.writing.public_id}`)
  const panel = staffPage.getByRole('region', { name: 'Customer messages' })
  await expect(panel).toContainText('Hello team, <b>here</b> is my old resume.')
  await expect(panel).toContainText('CUSTOMER')
  // An empty post is refused in this panel, not in the team chat beside it.
  await panel.getByRole('button', { name: 'Send' }).click()
  await expect(staffPage.getByRole('region', { name: 'Customer messages' }).getByText('Type a message or attach a file.')).toBeVisible()
  await expect(staffPage.getByRole('region', { name: 'Team Chat' }).getByText('Type a message or attach a file.')).toHaveCount(0)
  await panel.getByLabel('Message to the customer').fill('Thanks Olive, we have it.')
  await panel.getByRole('button', { name: 'Send' }).click()
  await expect(staffPage.getByRole('region', { name: 'Customer messages' })).toContainText('Thanks Olive, we have it.')
  await staff.close()

  // The customer was away: the bell counts one notification that leads back to the conversation.
  await page.goto(`${w.origin}/my-orders`)
  await expect(page.getByTestId('bell-count')).toHaveText('1')
  await page.getByRole('link', { name: /^Notifications/ }).click()
  await expect(page).toHaveURL(`${w.origin}/account/notifications`)
  await expect(page.getByTestId('notification')).toContainText('sent you a message: Thanks Olive, we have it.')
  await page.getByRole('button', { name: 'Open' }).click()
  await expect(page).toHaveURL(`${w.origin}/my-orders/${w.orders.writing.public_id}/messages`)
  await expect(page.getByTestId('chat-messages')).toContainText('Thanks Olive, we have it.')
  await expect(page.getByTestId('bell-count')).toHaveCount(0)
})

test('a message goes live between the staff project page and the customer page', async ({ page, browser, baseURL }) => {
  test.slow()
  const w = await portalWithOrders()
  await signInToPortal(page, w.origin, w.customer.email)
  await page.goto(`${w.origin}/my-orders/${w.orders.writing.public_id}/messages`)
  await page.locator('[data-hydrated]').waitFor()
  await expect(page.getByText('Trying to connect to web socket...')).toHaveCount(0)

  const staff = await browser.newContext()
  await loginAs(staff, baseURL!, w.owner.email, w.name)
  const staffPage = await staff.newPage()
  await staffPage.goto(`${baseURL}/project/view/${w.orders.writing.public_id}`)
  await staffPage.locator('[data-hydrated]').waitFor()
  const panel = staffPage.getByRole('region', { name: 'Customer messages' })
  await expect(panel.getByText('Trying to connect to web socket...')).toHaveCount(0)

  await panel.getByLabel('Message to the customer').fill('Live from the team')
  await panel.getByRole('button', { name: 'Send' }).click()
  // No reload on either side.
  await expect(page.getByTestId('chat-messages')).toContainText('Live from the team')
  await expect(panel.getByTestId('chat-messages')).toContainText('Live from the team')

  await page.getByLabel('Message', { exact: true }).fill('Live from the customer')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(panel.getByTestId('chat-messages')).toContainText('Live from the customer')
  await expect(page.getByTestId('chat-messages')).toContainText('Live from the customer')
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
  await staff.close()
})

test('the demo customer finds conversations with the team and the writer @nojs', async ({ page, baseURL }) => {
  const url = new URL(baseURL!)
  url.hostname = `demowriting.${url.hostname}`
  await signInToPortal(page, url.origin, 'customer@demo.test', 'Demo-pass-2026')
  await page.goto(`${url.origin}/messages`)
  const orderId = seedId('order:demo:portal-customer:1')
  await page.locator(`a[href="/my-orders/${orderId}/messages"]`).click()
  await expect(page.getByTestId('chat-messages')).toContainText('Your writer has started.')
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('link', { name: /^Writer/ })
    .click()
  await expect(page.getByTestId('chat-messages')).toContainText('one page it is')
})

test(`the messages and notifications pages pass axe at desktop and phone widths`, async ({ page }) => {
  test.slow()
  const w = await portalWithOrders()
  // An unread notification and an unread message: the header's counts are checked too.
  await notifyPortal.customerInformed(tenantForJob(w.org.id), { orderId: w.orders.writing.id, actorUserId: null, content: 'Your draft is ready', link: '/my-orders' })
  await platformDb
    .insertInto('chat_messages')
    .values({
      public_id: `axe${Math.random().toString(36).slice(2, 12)}`,
      client_id: w.org.id,
      chat_type: 'writerToCustomer',
      order_id: w.orders.writing.id,
      writer_id: w.writer.userId,
      sent_by: w.writer.userId,
      sent_to_admin: false,
      role_label: 'WRITER',
      message_type: 'text',
      content: '<p>Hello from your writer</p>',
      file_id: null,
      created_at: new Date(),
    })
    .execute()
  await signInToPortal(page, w.origin, w.customer.email)
  await expect(page.getByTestId('bell-count')).toHaveText('1')
  await expect(page.getByRole('link', { name: 'Messages (1) unread' })).toBeVisible()
  await page.goto(`${w.origin}/my-orders/${w.orders.writing.public_id}/messages`)
  await page.getByLabel('Message', { exact: true }).fill('A message for axe to look at')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('chat-messages')).toContainText('A message for axe to look at')
  await expectAccessibleAtEveryWidth(page, 'messages')
  await page.goto(`${w.origin}/messages`)
  await expectAccessibleAtEveryWidth(page, 'messages list')
  await page.goto(`${w.origin}/account/notifications`)
  await expectAccessibleAtEveryWidth(page, 'notifications')
})
