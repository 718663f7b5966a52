// /chat, the Contributor Chat: the list with unread counts (cleared on opening, raised live by another
// contributor), a formatted message from the admin arriving live at the contributor and the answer
// coming back, a file attached with progress and removed, and the plain form without JavaScript (@nojs).
import type { Page, WebSocket } from '@playwright/test'
import { loadAuthUser } from '#app/models/account.server'
import { openRoom, sendChatMessage } from '#app/models/chat.server'
import { tenantOf } from '#app/models/auth-guards.server'
import { expect, loginAs, test } from '#tests/e2e/fixtures'
import { createTenant } from '#tests/factories/index'
import { createContributor } from '#tests/factories/orders'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082', 'hex')

async function world() {
  const { org, owner } = await createTenant()
  const wendy = await createContributor(org.id, { firstName: 'Wendy', lastName: 'Writer' })
  const olive = await createContributor(org.id, { firstName: 'Olive', lastName: 'Other' })
  return { org, owner, wendy, olive }
}

/** A contributor writes to the admins, as their browser would. */
async function writes(clientId: number, userId: number, content: string) {
  const user = (await loadAuthUser(userId, clientId))!
  const t = tenantOf({ ...user, clientId })
  const opened = await openRoom(t, { chatType: 'adminToWriter' })
  if (!opened.ok) throw new Error(opened.error)
  await sendChatMessage(t, opened.room, { kind: 'text', content })
}

/**
 * Resolves once the page's chat socket has sent a subscribe frame for `writerId`: from then on its composer sends
 * (use-chat-socket.ts opens for sending once subscribed). The connecting notice alone is no proof: it only shows
 * once the chat itself has hydrated, so a test can look for it before it ever appears, and then send too early.
 */
function subscribedTo(page: Page, writerId: string): Promise<void> {
  return new Promise((resolve) => {
    const onSocket = (socket: WebSocket) =>
      socket.on('framesent', ({ payload }) => {
        const frame = String(payload)
        if (!frame.includes('"type":"subscribe"') || !frame.includes(writerId)) return
        page.off('websocket', onSocket)
        resolve()
      })
    page.on('websocket', onSocket)
  })
}

async function live(page: Page) {
  await page.locator('[data-hydrated]').waitFor()
  await expect(page.getByText('Trying to connect to web socket...')).toHaveCount(0)
}

test('unread counts, a formatted message delivered live, the answer back, and a count raised by another contributor', async ({ page, browser, baseURL }) => {
  const w = await world()
  await writes(w.org.id, w.wendy.userId, '<p>Is the brief ready?</p>')
  await loginAs(page.context(), baseURL!, w.owner.email, w.org.name)
  await page.goto('/chat')
  const list = page.getByRole('region', { name: 'Contributors' })
  await expect(list.getByRole('link', { name: /Wendy Writer/ }).getByTestId('unread-count')).toHaveText('1')
  await expect(list.getByRole('link', { name: /Olive Other/ }).getByTestId('unread-count')).toHaveCount(0)
  await expect(page.getByText('Choose a contributor to start chatting.')).toBeVisible()
  expect(await list.getByRole('list').evaluate((el) => el.getBoundingClientRect().height)).toBe(410)

  await list.getByRole('link', { name: /Wendy Writer/ }).click()
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByRole('heading', { name: 'Wendy Writer' })).toBeVisible()
  await expect(conversation.getByTestId('chat-message')).toContainText('Is the brief ready?')
  await expect(conversation.getByTestId('chat-message')).toContainText('CONTRIBUTOR')
  await expect(list.getByTestId('unread-count')).toHaveCount(0)
  expect(await conversation.getByTestId('chat-messages').evaluate((el) => el.getBoundingClientRect().height)).toBe(470)
  await live(page)

  const other = await browser.newContext()
  try {
    await loginAs(other, baseURL!, w.wendy.email, w.org.name)
    const wendy = await other.newPage()
    await wendy.goto('/chat')
    const own = wendy.getByRole('region', { name: 'Conversation' })
    await expect(own.getByRole('heading', { name: 'Admin team' })).toBeVisible()
    await expect(wendy.getByRole('region', { name: 'Contributors' })).toHaveCount(0)
    await live(wendy)

    // Empty editor: nothing is sent.
    await conversation.getByRole('button', { name: 'Send' }).click()
    const editor = conversation.getByRole('textbox', { name: 'Message' })
    await editor.click()
    await page.keyboard.type('Yes, please use the ')
    await conversation.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.type('new template')
    await conversation.getByRole('button', { name: 'Send' }).click()
    await expect(own.getByTestId('chat-message')).toHaveCount(2)
    await expect(own.locator('b, strong', { hasText: 'new template' })).toBeVisible()
    await expect(own.getByTestId('chat-message').nth(1)).toContainText('ADMIN')
    await expect(own.getByTestId('chat-message').first()).toContainText('YOU')
    await expect(editor).toHaveText('')

    await own.getByRole('textbox', { name: 'Message' }).click()
    await wendy.keyboard.type('On it!')
    await wendy.keyboard.press('Control+Enter')
    await expect(conversation.getByTestId('chat-message').nth(2)).toContainText('On it!')

    // Olive writes while the admin reads Wendy: Olive's count rises at once.
    const oliveContext = await browser.newContext()
    try {
      await loginAs(oliveContext, baseURL!, w.olive.email, w.org.name)
      const olive = await oliveContext.newPage()
      await olive.goto('/chat')
      await live(olive)
      await olive.getByRole('textbox', { name: 'Message' }).click()
      await olive.keyboard.type('Quick question')
      await olive.getByRole('button', { name: 'Send' }).click()
      await expect(list.getByRole('link', { name: /Olive Other/ }).getByTestId('unread-count')).toHaveText('1')
      await expect(conversation.getByText('Quick question')).toHaveCount(0)
    } finally {
      await oliveContext.close()
    }
  } finally {
    await other.close()
  }
})

test('a file is attached with progress, removed, attached again and sent', async ({ page, loginAs }) => {
  const w = await world()
  await loginAs(w.owner.email, w.org.name)
  await page.goto(`/chat?writer=${w.wendy.publicId}`)
  await live(page)
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await conversation.getByLabel('Attach a file').setInputFiles({ name: 'o,brien.png', mimeType: 'image/png', buffer: PNG })
  await expect(conversation.getByText('Please do not use any commas or apostrophes in the file name!')).toBeVisible()
  await conversation.getByLabel('Attach a file').setInputFiles({ name: 'wrong.png', mimeType: 'image/png', buffer: PNG })
  await expect(conversation.getByTestId('chat-upload')).toContainText('100%')
  await conversation.getByRole('button', { name: 'Remove' }).click()
  await expect(conversation.getByTestId('chat-upload')).toHaveCount(0)
  await conversation.getByLabel('Attach a file').setInputFiles({ name: 'sample.png', mimeType: 'image/png', buffer: PNG })
  await expect(conversation.getByTestId('chat-upload')).toContainText('100%')
  await conversation.getByRole('button', { name: 'Send' }).click()
  await expect(conversation.getByRole('img', { name: 'sample.png' })).toBeVisible()
  await expect(conversation.getByText('wrong.png')).toHaveCount(0)
})

test('the admin writes to a contributor with the plain form @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const w = await world()
  await loginAs(w.owner.email, w.org.name)
  const subscribed = subscribedTo(page, w.wendy.accounts.get(w.org.id)!.publicId)
  await page.goto('/chat')
  await page
    .getByRole('region', { name: 'Contributors' })
    .getByRole('link', { name: /Wendy Writer/ })
    .click()
  const conversation = page.getByRole('region', { name: 'Conversation' })
  if (javaScriptEnabled) await subscribed
  await conversation.getByRole('textbox', { name: 'Message' }).click()
  await page.keyboard.type('Sent from the plain form')
  await conversation.getByRole('button', { name: 'Send' }).click()
  await expect(conversation.getByTestId('chat-message')).toContainText('Sent from the plain form')
  await expect(conversation.getByTestId('chat-message')).toContainText('YOU')
})
