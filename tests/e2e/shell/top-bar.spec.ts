// The top bar: profile menu (Profile, Logout) with and without JavaScript, the notification bell, and brand
// colours that keep its text and the sidebar's readable (ADR 0071).
import { contrastRatio, MIN_TEXT_CONTRAST } from '#app/rules/contrast'
import { platformDb } from '#app/services/db.server'
import { expect, test } from '#tests/e2e/fixtures'
import { createTenant } from '#tests/factories/index'

test('the profile menu reaches Profile and Logout @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('owner@demo.test')
  await page.goto('/dashboard')
  if (javaScriptEnabled) {
    await page.locator('[data-hydrated]').waitFor()
    await page.getByRole('button', { name: 'User menu' }).click()
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    await page.getByRole('menuitem', { name: 'Logout' }).click()
  } else {
    await page.locator('summary', { hasText: 'user menu' }).click()
    await expect(page.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    await page.getByRole('link', { name: 'Logout' }).click()
  }
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
})

test('the profile menu opens the profile page', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/dashboard')
  await page.locator('[data-hydrated]').waitFor()
  await page.getByRole('button', { name: 'User menu' }).click()
  await page.getByRole('menuitem', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
})

test('the notification bell shows that there are none', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/dashboard')
  await page.locator('[data-hydrated]').waitFor()
  await page.getByRole('button', { name: 'Notifications' }).click()
  await expect(page.getByText('No Notifications')).toBeVisible()
})

test('the demo green (#125320) on the top bar and sidebar keeps every text and icon at 4.5:1', async ({ page, loginAs }) => {
  const { org, owner } = await createTenant()
  // The organisation chose the green and left the default dark text (1.12:1): the server picks readable colours.
  await platformDb
    .insertInto('website_customizations')
    .values({
      client_id: org.id,
      company_phone: '',
      company_address: '',
      company_email: '',
      top_bar_bg_color: '#125320',
      side_bar_bg_color: '#125320',
      side_bar_text_color: '#374151',
    })
    .execute()
  await loginAs(owner.email, org.name)
  await page.goto('/profile')
  await page.locator('[data-hydrated]').waitFor()
  const pairs = await page.evaluate(() => {
    // Any CSS colour (Tailwind's are oklch) as [r, g, b, a] through a 1×1 canvas.
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
    const rgba = (colour: string) => {
      ctx.clearRect(0, 0, 1, 1)
      ctx.fillStyle = colour
      ctx.fillRect(0, 0, 1, 1)
      return [...ctx.getImageData(0, 0, 1, 1).data]
    }
    const hex = (c: number[]) =>
      `#${c
        .slice(0, 3)
        .map((n) => n.toString(16).padStart(2, '0'))
        .join('')}`
    const opaque = (el: Element | null): string => {
      for (let e = el; e; e = e.parentElement) {
        const bg = rgba(getComputedStyle(e).backgroundColor)
        if (bg[3] === 255) return hex(bg)
      }
      return '#ffffff'
    }
    const shown = [...document.querySelectorAll('header.portal-topbar *, #sidebar a, #sidebar a svg, #sidebar li, #sidebar span')].filter((e) => {
      const r = e.getBoundingClientRect()
      const ownText = [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())
      return r.width > 1 && r.height > 1 && (ownText || e.tagName === 'svg')
    })
    return shown.map((e) => ({ what: e.textContent!.trim().slice(0, 30) || e.tagName, fg: hex(rgba(getComputedStyle(e).color)), bg: opaque(e) }))
  })
  expect(pairs.length).toBeGreaterThan(5)
  expect(pairs.some((p) => p.bg === '#125320')).toBe(true)
  for (const p of pairs) expect(contrastRatio(p.fg, p.bg), `${p.what}: ${p.fg} on ${p.bg}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
})
