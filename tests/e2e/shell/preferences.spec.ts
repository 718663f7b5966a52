// Sidebar mode and language: remembered in a cookie, with and without JavaScript.
import { expect, test } from '#tests/e2e/fixtures'
import type { Page } from '@playwright/test'

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
}

test('the condensed sidebar persists across reloads @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('owner@demo.test')
  // The sidebar is the shell's, the same on every page: a light one keeps four loads quick.
  await page.goto('/profile')
  await ready(page, javaScriptEnabled)
  const sidebar = page.locator('aside[data-sidebar-mode]')
  await expect(sidebar).toHaveAttribute('data-sidebar-mode', 'default')

  // With JavaScript the switch is optimistic: wait for the cookie to be saved before reloading.
  const saved = page.waitForResponse((r) => r.url().includes('/ui-settings') && r.request().method() === 'POST')
  await page.getByRole('button', { name: 'Collapse sidebar' }).click()
  await saved
  await expect(sidebar).toHaveAttribute('data-sidebar-mode', 'condensed')
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
  // The link keeps its accessible name even when only its icon shows.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible()

  await page.reload()
  await ready(page, javaScriptEnabled)
  await expect(sidebar).toHaveAttribute('data-sidebar-mode', 'condensed')
  const savedAgain = page.waitForResponse((r) => r.url().includes('/ui-settings') && r.request().method() === 'POST')
  await page.getByRole('button', { name: 'Expand sidebar' }).click()
  await savedAgain
  await expect(sidebar).toHaveAttribute('data-sidebar-mode', 'default')
  await page.reload()
  await expect(sidebar).toHaveAttribute('data-sidebar-mode', 'default')
})

test('switching the language to German changes the menu texts and persists @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('staff@demo.test')
  await page.goto('/profile')
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible()

  await page.getByLabel('Language').selectOption('de')
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByRole('button', { name: 'Seitenleiste einklappen' })).toBeVisible()
  await expect(page.getByLabel('Sprache')).toHaveValue('de')

  await page.reload()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('button', { name: 'Seitenleiste einklappen' })).toBeVisible()
  // The page's content stays English (the spec bundles menu texts only): the translated menus say they are German.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.locator('header')).toHaveAttribute('lang', 'de')
  await expect(page.locator('aside#sidebar')).toHaveAttribute('lang', 'de')
})
