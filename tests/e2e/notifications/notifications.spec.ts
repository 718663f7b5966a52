// /notifications and the top bar's dropdown: infinite scroll (a 'Load more' link without JavaScript),
// 'Mark all as seen', 'No Notifications', the unread badge, single clear, and a live push over the socket.
import type { Page } from '@playwright/test'
import { expect, test } from '#tests/e2e/fixtures'
import { deliver, toNotificationJson } from '#app/models/notifications.server'
import { createTenant } from '#tests/factories/index'
import { createNotifications, notificationRow } from '#tests/factories/notifications'

async function ownerWith(unread: number, seen = 0) {
  const { org, owner } = await createTenant()
  const userId = owner.accounts.get(org.id)!.id
  await createNotifications(org.id, userId, seen, { seen: true })
  const rows = await createNotifications(org.id, userId, unread, { start: seen, link: '/profile' })
  return { org, owner, userId, rows }
}

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
}

const items = (page: Page) => page.getByTestId('notifications-list').locator('li[data-seen]')
const badge = (page: Page) => page.getByTestId('notification-badge')
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })

test('lists notifications newest first, grows by scrolling or Load more, and marks all as seen @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await ownerWith(20, 5)
  await loginAs(owner.email, org.name)
  // Short enough that the first page does not already reach the end of the list.
  await page.setViewportSize({ width: 1280, height: 420 })
  await page.goto('/notifications')
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible()
  await expect(items(page)).toHaveCount(10)
  await expect(items(page).first()).toContainText('Notification 25')
  await expect(badge(page)).toHaveText('20')

  if (javaScriptEnabled) {
    // Scrolling to the end fetches the next page in place, until there is no more. One long wheel may
    // fetch both remaining pages before the count is looked at, so the first look allows either.
    await items(page).last().scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 4000)
    await expect.poll(() => items(page).count()).toBeGreaterThanOrEqual(20)
    await items(page).last().scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 4000)
    await expect(items(page)).toHaveCount(25)
    await expect(page).toHaveURL(/\/notifications$/)
  } else {
    await page.getByRole('link', { name: 'Load more' }).click()
    await expect(page).toHaveURL(/\/notifications\?page=2$/)
    await expect(items(page)).toHaveCount(20)
    await page.getByRole('link', { name: 'Load more' }).click()
    await expect(items(page)).toHaveCount(25)
  }
  await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0)
  await expect(items(page).last()).toContainText('Notification 1')
  await expect(page.locator('li[data-seen="false"]')).toHaveCount(20)

  await page.getByRole('button', { name: 'Mark all as seen' }).click()
  await expect(page.locator('li[data-seen="false"]')).toHaveCount(0)
  await expect(items(page)).toHaveCount(25)
  await expect(badge(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Mark all as seen' })).toBeDisabled()
})

test('marks one notification as seen from the page @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner, rows } = await ownerWith(2)
  await loginAs(owner.email, org.name)
  await page.goto('/notifications')
  await ready(page, javaScriptEnabled)
  await page.getByRole('button', { name: 'Mark as seen: Notification 2' }).click()
  await expect(page.locator('li[data-seen="true"]')).toHaveCount(1)
  await expect(badge(page)).toHaveText('1')
  expect((await notificationRow(rows[1]!.public_id)).seen).toBe(true)
  expect((await notificationRow(rows[0]!.public_id)).seen).toBe(false)
})

test("says 'No Notifications' when there are none @nojs", async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto('/notifications')
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('main').getByText('No Notifications')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark all as seen' })).toHaveCount(0)
  await expect(badge(page)).toHaveCount(0)
})

test('the dropdown (230px) lists the unread ones, clears one, marks all as seen and leads to the page', async ({ page, loginAs }) => {
  const { org, owner } = await ownerWith(3, 2)
  await loginAs(owner.email, org.name)
  await page.goto('/dashboard')
  await ready(page, true)
  await expect(badge(page)).toHaveText('3')
  await bell(page).click()
  const panel = page.getByTestId('notification-panel')
  await expect(panel.getByRole('listitem')).toHaveCount(3)
  await expect(panel.getByRole('listitem').first()).toContainText('Notification 5')
  expect(Math.round((await panel.boundingBox())!.width)).toBe(230)

  await panel.getByRole('button', { name: 'Clear: Notification 4' }).click()
  await expect(panel.getByRole('listitem')).toHaveCount(2)
  await expect(badge(page)).toHaveText('2')

  await panel.getByRole('button', { name: 'Mark all as seen' }).click()
  await expect(panel.getByText('No Notifications')).toBeVisible()
  await expect(badge(page)).toHaveCount(0)

  await panel.getByRole('link', { name: 'View all' }).click()
  await expect(page).toHaveURL(/\/notifications$/)
  await expect(page.locator('li[data-seen="false"]')).toHaveCount(0)
  await expect(items(page)).toHaveCount(5)
})

test('without JavaScript the dropdown shows the count, marks all as seen and links to the page @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'the script-driven dropdown is the test above')
  const { org, owner } = await ownerWith(4)
  await loginAs(owner.email, org.name)
  await page.goto('/orders/view')
  await page.locator('summary[aria-label^="Notifications"]').click()
  const panel = page.getByTestId('notification-panel')
  await expect(panel).toContainText('4 unread')
  await expect(panel.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/notifications')
  await panel.getByRole('button', { name: 'Mark all as seen' }).click()
  await expect(page).toHaveURL(/\/orders\/view$/)
  await expect(badge(page)).toHaveCount(0)
})

test('a notification pushed over the socket bumps the badge and appears in the open dropdown and on the page', async ({ page, loginAs }) => {
  const { org, owner, userId } = await ownerWith(0)
  await loginAs(owner.email, org.name)
  await page.goto('/notifications')
  await ready(page, true)
  await expect(badge(page)).toHaveCount(0)
  await bell(page).click()
  const panel = page.getByTestId('notification-panel')
  await expect(panel.getByText('No Notifications')).toBeVisible()

  const [row] = await createNotifications(org.id, userId, 1, { link: '/profile' })
  const notification = toNotificationJson({ ...row!, link: '/profile', data: JSON.parse(row!.data) })
  // The socket opens after hydration: publish until it has heard (a repeated push counts once).
  await expect
    .poll(
      async () => {
        await deliver([{ userId, notification }])
        return badge(page)
          .textContent({ timeout: 500 })
          .catch(() => null)
      },
      { timeout: 15_000, intervals: [250, 500, 1000] },
    )
    .toBe('1')
  await expect(panel.getByRole('listitem')).toHaveCount(1)
  await expect(panel).toContainText('Notification 1')
  await page.keyboard.press('Escape')
  await expect(items(page)).toHaveCount(1)
  await expect(badge(page)).toHaveText('1')
})
