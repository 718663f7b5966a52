// The Team Chat on /project/view/{orderId}: two people chatting live in two browsers, role labels and YOU,
// empty messages never sent, a file attached with progress, removed, then sent (image preview at most
// 300px), a failed upload, the connection notice and reconnect when pongs stop, sending on a closed
// socket, and the plain post form without JavaScript (@nojs).
import type { BrowserContext, Page } from '@playwright/test'
import { expect, loginAs, test } from '#tests/e2e/fixtures'
import { createTenant } from '#tests/factories/index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082', 'hex')
const CONNECTING = 'Trying to connect to web socket...'

async function world() {
  const { org, owner } = await createTenant()
  const product = await createProductWithWorkflow(org.id, { name: 'Executive Resume' })
  const customer = await createCustomer(org.id)
  // The contributor also follows orders, so the project page (READ_ORDERS) opens for them.
  const writer = await createContributor(org.id, { firstName: 'Wendy', lastName: 'Writer', extraPermissions: ['READ_ORDERS'] })
  const order = await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId }, { writerUserId: writer.userId })
  return { org, owner, writer, order }
}

/** The page open, the script running and the socket subscribed (the notice gone). */
async function openChat(page: Page, orderId: string) {
  await page.goto(`/project/view/${orderId}`)
  await page.locator('[data-hydrated]').waitFor()
  const chat = page.getByRole('region', { name: 'Team Chat' })
  await expect(chat.getByText(CONNECTING)).toHaveCount(0)
  return chat
}

test('two people chat live on one order; labels show ADMIN, CONTRIBUTOR and YOU; empty messages are not sent', async ({ page, browser, baseURL }) => {
  const w = await world()
  await loginAs(page.context(), baseURL!, w.owner.email, w.org.name)
  const other: BrowserContext = await browser.newContext()
  try {
    await loginAs(other, baseURL!, w.writer.email, w.org.name)
    const writerPage = await other.newPage()
    const ownerChat = await openChat(page, w.order.public_id)
    const writerChat = await openChat(writerPage, w.order.public_id)
    await expect(ownerChat.getByText('No messages yet')).toBeVisible()
    // The order area's way into the admin-contributor chat: the same conversation as /chat.
    await expect(ownerChat.getByRole('link', { name: 'Message Wendy Writer privately' })).toHaveAttribute('href', `/chat?writer=${w.writer.publicId}`)
    await expect(writerChat.getByRole('link', { name: /privately/ })).toHaveCount(0)

    // Blank: nothing goes out.
    await ownerChat.getByLabel('Message', { exact: true }).fill('   ')
    await ownerChat.getByRole('button', { name: 'Send' }).click()
    await ownerChat.getByLabel('Message', { exact: true }).fill('Hello Wendy, the brief is attached.')
    await ownerChat.getByLabel('Message', { exact: true }).press('Enter')
    const atWriter = writerChat.getByTestId('chat-message')
    await expect(atWriter).toHaveCount(1)
    await expect(atWriter.first()).toContainText('Hello Wendy, the brief is attached.')
    await expect(atWriter.first()).toContainText('ADMIN')
    await expect(ownerChat.getByTestId('chat-message').first()).toContainText('YOU')
    await expect(ownerChat.getByLabel('Message', { exact: true })).toHaveValue('')

    await writerChat.getByLabel('Message', { exact: true }).fill('Thanks, starting today.')
    await writerChat.getByRole('button', { name: 'Send' }).click()
    const second = ownerChat.getByTestId('chat-message').nth(1)
    await expect(second).toContainText('Thanks, starting today.')
    await expect(second).toContainText('CONTRIBUTOR')
    await expect(second).toContainText('Wendy Writer')
    await expect(ownerChat.getByTestId('chat-message')).toHaveCount(2)
    // The panel is 420px high and scrolls.
    expect(await ownerChat.getByTestId('chat-messages').evaluate((el) => el.getBoundingClientRect().height)).toBe(420)
  } finally {
    await other.close()
  }
})

test('a file is uploaded with progress, can be removed before sending, and is sent as a preview', async ({ page, browser, baseURL }) => {
  const w = await world()
  await loginAs(page.context(), baseURL!, w.owner.email, w.org.name)
  const other = await browser.newContext()
  try {
    await loginAs(other, baseURL!, w.writer.email, w.org.name)
    const writerPage = await other.newPage()
    const chat = await openChat(page, w.order.public_id)
    const writerChat = await openChat(writerPage, w.order.public_id)
    await chat.getByLabel('Attach a file').setInputFiles({ name: "client's photo.png", mimeType: 'image/png', buffer: PNG })
    await expect(chat.getByText('Please do not use any commas or apostrophes in the file name!')).toBeVisible()

    await chat.getByLabel('Attach a file').setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: PNG })
    const pending = chat.getByTestId('chat-upload')
    await expect(pending).toContainText('first.png')
    await expect(pending).toContainText('100%')
    await pending.getByRole('button', { name: 'Remove' }).click()
    await expect(pending).toHaveCount(0)

    await chat.getByLabel('Attach a file').setInputFiles({ name: 'headshot.png', mimeType: 'image/png', buffer: PNG })
    await expect(chat.getByTestId('chat-upload')).toContainText('100%')
    await chat.getByRole('button', { name: 'Send' }).click()
    const image = writerChat.getByRole('img', { name: 'headshot.png' })
    await expect(image).toBeVisible()
    expect(await image.evaluate((el) => [getComputedStyle(el).maxWidth, getComputedStyle(el).maxHeight])).toEqual(['300px', '300px'])
    await expect(chat.getByTestId('chat-message')).toHaveCount(1)
    // The removed upload was never sent.
    await expect(writerChat.getByText('first.png')).toHaveCount(0)
  } finally {
    await other.close()
  }
})

test('a failed upload says so', async ({ page, loginAs }) => {
  const w = await world()
  await loginAs(w.owner.email, w.org.name)
  await page.route('**/api/file/upload', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":false}' }))
  const chat = await openChat(page, w.order.public_id)
  await chat.getByLabel('Attach a file').setInputFiles({ name: 'brief.png', mimeType: 'image/png', buffer: PNG })
  await expect(chat.getByText('Something went wrong!', { exact: true })).toBeVisible()
})

test('no pong within 20 s: the notice shows, sending says so, and the chat reconnects with its history', async ({ page, loginAs }) => {
  const w = await world()
  await loginAs(w.owner.email, w.org.name)
  await page.clock.install()
  let dropPongs = false
  let subscribes = 0
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((message) => {
      // The team chat's own socket (the page's customer messages panel keeps another, ADR 63).
      if (String(message).includes('"subscribe"') && String(message).includes('"project"')) subscribes++
      server.send(message)
    })
    server.onMessage((message) => {
      if (dropPongs && String(message).includes('"pong"')) return
      ws.send(message)
    })
  })
  const chat = await openChat(page, w.order.public_id)
  await chat.getByLabel('Message', { exact: true }).fill('Before the outage')
  await chat.getByLabel('Message', { exact: true }).press('Enter')
  await expect(chat.getByTestId('chat-message')).toHaveCount(1)

  dropPongs = true
  await page.clock.runFor(60_000)
  await expect(chat.getByText(CONNECTING)).toHaveCount(0)
  await page.clock.runFor(20_000)
  await expect(chat.getByText(CONNECTING)).toBeVisible()
  await chat.getByLabel('Message', { exact: true }).fill('Sent into the void')
  await chat.getByRole('button', { name: 'Send' }).click()
  await expect(chat.getByText('Something went wrong, please refresh browser and try again')).toBeVisible()

  dropPongs = false
  await page.clock.runFor(3_000)
  await expect(chat.getByText(CONNECTING)).toHaveCount(0)
  // Subscribed again on the new socket, which brought the history back.
  expect(subscribes).toBe(2)
  await expect(chat.getByTestId('chat-message')).toHaveCount(1)
  await chat.getByLabel('Message', { exact: true }).fill('After the outage')
  await chat.getByRole('button', { name: 'Send' }).click()
  await expect(chat.getByTestId('chat-message')).toHaveCount(2)
})

test('posts a message and a file with the plain form @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const w = await world()
  await loginAs(w.owner.email, w.org.name)
  await page.goto(`/project/view/${w.order.public_id}`)
  const chat = javaScriptEnabled ? await openChat(page, w.order.public_id) : page.getByRole('region', { name: 'Team Chat' })
  await chat.getByRole('button', { name: 'Send' }).click()
  if (!javaScriptEnabled) await expect(chat.getByText('Type a message or attach a file.')).toBeVisible()
  await expect(chat.getByTestId('chat-message')).toHaveCount(0)
  await chat.getByLabel('Message', { exact: true }).fill('Sent from the plain form')
  await chat.getByRole('button', { name: 'Send' }).click()
  await expect(chat.getByTestId('chat-message')).toHaveCount(1)
  await expect(chat.getByTestId('chat-message')).toContainText('Sent from the plain form')
  await expect(chat.getByTestId('chat-message')).toContainText('YOU')
  if (!javaScriptEnabled) {
    await chat.getByLabel('Attach a file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: PNG })
    await chat.getByRole('button', { name: 'Send' }).click()
    await expect(chat.getByRole('img', { name: 'notes.png' })).toBeVisible()
  }
})
