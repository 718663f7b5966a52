// The orders list at 1280 and 390 px (issue 27, ADR 0074): all of the spec's columns fit 1280 px without a
// sideways scroll, a person's column choice is kept on the server (it survives a reload), and on a phone each
// row is a card of label: value pairs that keeps its customer link and row actions.
import type { Page } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createUser } from '#tests/factories/index'
import { expect, test } from '#tests/e2e/fixtures'

const DEMO_ORG = 'Demo Writing Co'

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
}

/** How far the page and the table's own scroller overflow sideways (0 when they fit). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    // The table's frame is its own (keyboard-focusable) sideways scroller.
    const frame = document.querySelector('table[aria-label="Orders"]')!.parentElement!
    return { page: document.documentElement.scrollWidth - window.innerWidth, table: frame.scrollWidth - frame.clientWidth }
  })

test('orders: columns fit 1280 px, a chosen set survives a reload, rows are cards at 390 px @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  // A person of their own: the choice is per person, and the demo accounts' lists stay as other specs expect.
  const org = await platformDb.selectFrom('organisations').select('id').where('name', '=', DEMO_ORG).executeTakeFirstOrThrow()
  const person = await createUser({ firstName: 'Cora', lastName: 'Columns', memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS', 'UPDATE_ORDERS'] }] })
  await loginAs(person.email, DEMO_ORG)
  await page.setViewportSize({ width: 1280, height: 800 })
  // Opened with the picker's panel open (what its 'Columns' link does): one page load fewer.
  await page.goto('/orders/view?columns=edit')
  await ready(page, javaScriptEnabled)
  const table = page.getByRole('table', { name: 'Orders' })
  for (const header of ['Customer Email', 'Purchased Date', 'Activity Log', 'Order Status', 'Project Status', 'Contributor', 'Actions']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible()
  }
  expect(await overflow(page)).toEqual({ page: 0, table: 0 })
  const first = table.locator('tbody tr').first()
  const id = (await first.locator('input[name="ids"]').getAttribute('value'))!
  await expect(first.getByRole('link', { name: /^Settings/ })).toBeInViewport()
  await expect(first.locator('td').nth(2).getByRole('link')).toHaveAttribute('href', `/project/view/${id}`)

  await expect(page.getByRole('link', { name: 'Columns', exact: true })).toHaveAttribute('aria-expanded', 'true')
  const picker = page.getByRole('group', { name: 'Columns shown' })
  await picker.getByLabel('Customer Email').uncheck()
  await picker.getByLabel('Order Status').uncheck()
  await page.getByRole('button', { name: 'Save columns' }).click()
  await expect(table.getByRole('columnheader', { name: 'Customer Email' })).toHaveCount(0)
  await expect(page).not.toHaveURL(/columns=edit/)
  await expect(picker).toHaveCount(0)
  // Without JavaScript the post's redirect was already a fresh page from the server; with it, read it again.
  if (javaScriptEnabled) {
    await page.reload()
    await ready(page, javaScriptEnabled)
  }
  await expect(table.getByRole('columnheader', { name: 'Order Status' })).toHaveCount(0)
  await expect(table.getByRole('columnheader', { name: 'Customer Email' })).toHaveCount(0)
  await expect(table.getByRole('columnheader', { name: 'Project Status' })).toBeVisible()

  await page.setViewportSize({ width: 390, height: 800 })
  await expect(first.locator('td').first()).toHaveCSS('display', 'block')
  await expect(first.getByRole('link', { name: /^Settings/ })).toBeVisible()
  await expect(first.locator('td[data-label="Customer"]').getByRole('link')).toHaveAttribute('href', `/project/view/${id}`)
  expect((await overflow(page)).page).toBeLessThanOrEqual(0)
  const box = (await first.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(390)
})
