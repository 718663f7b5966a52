// "My orders" in Chromium on an organisation's own host (issue 25, ADR 0060), with and without JavaScript: the list
// from the header, an order's timeline, team and documents, another customer's order as a 404, axe at desktop and
// phone widths, and the demo customer's seeded orders.
import { TEST_PASSWORD } from '#tests/factories/index'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { tenantWithSubdomain } from '#tests/security/helpers'
import { expect, test } from '../fixtures'
import { expectAccessibleAtEveryWidth } from './axe'
import { signInToPortal } from './customer'

async function portalWithOrders() {
  const tenant = await tenantWithSubdomain('myo')
  const data = await createCustomerOrders(tenant.org.id, { productName: 'Executive Resume' })
  return { ...tenant, ...data, origin: `http://${tenant.host}` }
}

test('a customer finds their orders from the header and follows one to its timeline @nojs', async ({ page }) => {
  const w = await portalWithOrders()
  await signInToPortal(page, w.origin, w.customer.email)
  await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'My orders' }).click()
  await expect(page).toHaveURL(`${w.origin}/my-orders`)
  await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible()
  const items = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem')
  // Own orders only, newest first: no test, hidden or other customer's order.
  await expect(items).toHaveCount(3)
  await expect(items.nth(0)).toContainText('Due soon')
  await expect(items.nth(0)).toContainText('Waiting on the team')
  await expect(items.nth(1)).toContainText('On track')
  await expect(items.nth(1)).toContainText('Waiting on you')
  await expect(items.nth(2)).toContainText('Completed')
  await expect(items.nth(2)).toContainText('Nothing waiting')

  await items.nth(0).getByRole('link', { name: 'Executive Resume' }).click()
  await expect(page).toHaveURL(`${w.origin}/my-orders/${w.orders.writing.public_id}`)
  await expect(page.getByRole('heading', { name: 'Executive Resume', level: 1 })).toBeVisible()
  const steps = page.getByRole('region', { name: 'Progress' }).getByRole('listitem')
  await expect(steps).toHaveText([/Upload Documents\s*Done/, /Follow Up Questions\s*Done/, /Revision Process\s*Next · the team’s part/, /Final Document\s*Later/])
  await expect(page.getByRole('region', { name: 'Your team' })).toContainText('Writer: Alex the Writer')
  await expect(page.getByRole('region', { name: 'Your team' })).not.toContainText('Realname')
  const documents = page.getByRole('region', { name: 'Documents' })
  await expect(documents).toContainText('Interview checklist')
  await documents.getByRole('link', { name: 'Signed agreement' }).click()
  await expect(page).toHaveURL(`${w.origin}/agreements/${w.orders.writing.public_id}`)
  await expect(page.getByText('We write, you read.')).toBeVisible()

  // The account page links here too.
  await page.goto(`${w.origin}/account`)
  await page.getByRole('main').getByRole('link', { name: 'My orders' }).click()
  await expect(page).toHaveURL(`${w.origin}/my-orders`)
})

test("another customer's order is not found, and a signed-out visitor is sent to sign in @nojs", async ({ page }) => {
  const w = await portalWithOrders()
  await page.goto(`${w.origin}/my-orders`)
  await expect(page).toHaveURL(`${w.origin}/login?redirectTo=%2Fmy-orders`)
  await page.getByLabel('Email', { exact: true }).fill(w.customer.email)
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`${w.origin}/my-orders`)
  const res = await page.goto(`${w.origin}/my-orders/${w.orders.othersOrder.public_id}`)
  expect(res?.status()).toBe(404)
  await expect(page.getByText('Nora')).toHaveCount(0)
})

test('the demo customer holds Demo Writing Co orders in several states', async ({ page, baseURL }) => {
  const url = new URL(baseURL!)
  url.hostname = `demowriting.${url.hostname}`
  await signInToPortal(page, url.origin, 'customer@demo.test', 'Demo-pass-2026')
  await page.goto(`${url.origin}/my-orders`)
  const items = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem')
  await expect(items).toHaveCount(4)
  await expect(page.getByText('Waiting on you').first()).toBeVisible()
  await expect(page.getByText('Waiting on the team').first()).toBeVisible()
  await expect(page.getByText('Completed').first()).toBeVisible()
})

test('My orders and an order page pass axe at desktop and phone widths', async ({ page }) => {
  // Several pages, each checked at two widths: more than the default 30 s on a loaded machine.
  test.slow()
  const w = await portalWithOrders()
  await signInToPortal(page, w.origin, w.customer.email)
  await page.goto(`${w.origin}/my-orders`)
  await expectAccessibleAtEveryWidth(page, 'my orders')
  await page.goto(`${w.origin}/my-orders/${w.orders.writing.public_id}`)
  await expectAccessibleAtEveryWidth(page, 'order page')
  await page.goto(`${w.origin}/my-orders/${w.orders.brief.public_id}`)
  await expectAccessibleAtEveryWidth(page, 'order page without team or agreement')
})
