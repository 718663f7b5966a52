// The shell on a phone (issue 27, ADR 0070): the sidebar starts closed behind the top bar's menu button, opens
// as a drawer (JS) or is the list the menu link jumps to (no JS), closes by Escape, its close button, the
// backdrop and a followed link; no page scrolls sideways at 390 px; axe over the open drawer (every page at
// both widths is tests/e2e/a11y/every-page.spec.ts).
import type { Page } from '@playwright/test'
import { expect, test } from '#tests/e2e/fixtures'
import { expectAccessible, WIDTHS } from '#tests/e2e/portal/axe'

const [DESKTOP, PHONE] = WIDTHS as [(typeof WIDTHS)[number], (typeof WIDTHS)[number]]

async function noSidewaysScroll(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(0)
  }
}

test('on a phone the sidebar opens from the menu button and closes on a followed link; nothing scrolls sideways @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  test.slow()
  await page.setViewportSize(PHONE)
  const accounts = [
    { email: 'writer@demo.test', start: '/work', link: 'Earnings', to: /\/work\/earnings$/, pages: ['/work/earnings', '/work/profile', '/profile', '/chat'] },
    { email: 'owner@demo.test', start: '/profile', link: 'Chat', to: /\/chat$/, pages: ['/orders/view'] },
  ]
  for (const [index, account] of accounts.entries()) {
    await loginAs(account.email)
    await page.goto(account.start)
    const menu = page.getByRole(javaScriptEnabled ? 'button' : 'link', { name: 'Menu', exact: true })
    const nav = page.getByRole('navigation', { name: 'Main' })
    // The user menu is named by what it shows (initials, name) and then what it is.
    await expect(javaScriptEnabled ? page.getByRole('button', { name: /^\w+ .+, user menu$/ }) : page.locator('summary', { hasText: ', user menu' })).toHaveCount(1)
    if (javaScriptEnabled) {
      await page.locator('[data-hydrated]').waitFor()
      await expect(nav).toBeHidden()
      // The dialog element itself has no box (its backdrop and panel are fixed): its navigation shows it open.
      const dialog = page.getByRole('dialog')
      const drawer = dialog.getByRole('navigation', { name: 'Main' })
      const close = dialog.getByRole('button', { name: 'Close menu' })
      if (index === 0) {
        // Focus goes into the drawer; Escape, the close button and the backdrop close it, focus back on the button.
        await menu.click()
        await expect(close).toBeFocused()
        await page.keyboard.press('Escape')
        await expect(drawer).toBeHidden()
        await expect(menu).toBeFocused()
        await menu.click()
        await close.click()
        await expect(drawer).toBeHidden()
        await expect(menu).toBeFocused()
        await menu.click()
        await expect(drawer).toBeVisible()
        await page.mouse.click(PHONE.width - 20, PHONE.height / 2)
        await expect(drawer).toBeHidden()
        // The order page of the writer's first order.
        const order = await page.locator('main a[href^="/work/orders/"]').first().getAttribute('href')
        await noSidewaysScroll(page, [account.start, order!])
      }
      await menu.click()
      await expect(drawer).toBeVisible()
      if (index === 1) await expectAccessible(page, `the open drawer as ${account.email}`)
      await drawer.getByRole('link', { name: account.link, exact: true }).click()
      await expect(page).toHaveURL(account.to)
      await expect(drawer).toBeHidden()
      await expect(menu).toBeFocused()
    } else {
      // Without JavaScript the menu link jumps to the sidebar's list after the page's content.
      await menu.click()
      await expect(page).toHaveURL(/#sidebar$/)
      await expect(nav).toBeInViewport()
      await nav.getByRole('link', { name: account.link, exact: true }).click()
      await expect(page).toHaveURL(account.to)
      if (index === 0) {
        await page.goto(account.start)
        const order = await page.locator('main a[href^="/work/orders/"]').first().getAttribute('href')
        await noSidewaysScroll(page, [account.start, order!])
      }
    }
    await noSidewaysScroll(page, account.pages)
  }
  // From md up nothing changed: the sidebar beside the page, no menu button.
  await page.setViewportSize(DESKTOP)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole(javaScriptEnabled ? 'button' : 'link', { name: 'Menu', exact: true })).toBeHidden()
})
