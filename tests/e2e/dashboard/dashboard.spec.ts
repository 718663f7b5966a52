// /dashboard's Sales tab for the demo owner (a year of seeded orders, rollups built by the seed): every
// figure as server-rendered tables without JavaScript; with it the charts (ApexCharts, loaded lazily),
// 'Unexpected Error!!' in a widget whose call fails and nothing for an aborted one; the landing tabs.
import { expect, test } from '#tests/e2e/fixtures'
import { createTenant, createUser } from '#tests/factories/index'

const DEMO_ORG = 'Demo Writing Co'
const WIDGETS = ['Sales History', 'Orders History', 'Order Status', 'Top Selling Products', 'Products History', 'Contributors', 'Top Contributors']
const CHARTS = ['Sales History', 'Orders History', 'Order Status', 'Products History', 'Contributors']
const MONEY = /^\$\d{1,3}(,\d{3})*(\.\d{2})?$/

/** The same grouping and symbol rule as the page (app/rules/dashboard.ts), from the API's number. */
const money = (n: number) => `$${Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** A staff member with exactly these permissions, in an organisation of its own (the demo's people stay as seeded). */
async function staffWith(permissions: string[]) {
  const { org } = await createTenant()
  const user = await createUser({ firstName: 'Pat', lastName: 'Projects', memberships: [{ clientId: org.id, role: 'user', permissions }] })
  return { email: user.email, orgName: org.name }
}

test('without JavaScript the owner reads every figure as tables @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'the charts are the next test')
  await loginAs('owner@demo.test', DEMO_ORG)
  expect((await page.goto('/dashboard'))?.status()).toBe(200)
  await expect(page.getByRole('link', { name: 'Sales', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('region', { name: 'Your account' })).toContainText('Olivia Owner')

  const earnings = page.getByRole('region', { name: 'Total Earnings' })
  const api = await (await page.request.get('/api/client/homepage/analytics/total-sales-earnings')).json()
  for (const [label, key] of [
    ['Month Revenue', 'monthRevenue'],
    ['Month Tips', 'monthTips'],
    ['Total Revenue', 'totalRevenue'],
    ['Total Tips', 'totalTips'],
  ] as const) {
    await expect(earnings.getByText(label, { exact: true })).toBeVisible()
    await expect(earnings.getByText(money(api[key]), { exact: true }).first()).toBeVisible()
  }
  // A year of demo orders: some revenue and tips ever.
  expect(api.totalRevenue).toBeGreaterThan(0)
  expect(api.totalTips).toBeGreaterThan(0)

  for (const name of WIDGETS) await expect(page.getByRole('table', { name, exact: true }), name).toBeVisible()
  await expect(page.getByRole('figure', { name: /chart$/ })).toHaveCount(0)

  const sales = page.getByRole('table', { name: 'Sales History' })
  await expect(sales.locator('tbody tr')).toHaveCount(6)
  for (const cell of await sales.locator('tbody td').allTextContents()) expect(cell).toMatch(MONEY)
  await expect(page.getByRole('table', { name: 'Orders History' }).locator('tbody tr')).toHaveCount(6)
  const status = page.getByRole('table', { name: 'Order Status' })
  await expect(status.getByRole('rowheader')).toHaveText(['Completed', 'Pending'])

  const top = await page.getByRole('table', { name: 'Top Selling Products' }).locator('tbody tr').count()
  expect(top).toBeGreaterThan(0)
  expect(top).toBeLessThanOrEqual(10)
  const contributors = await page.getByRole('table', { name: 'Top Contributors' }).locator('tbody tr').count()
  expect(contributors).toBeGreaterThan(0)
  expect(contributors).toBeLessThanOrEqual(10)
  // The demo's favourite contributor has the most orders.
  await expect(page.getByRole('table', { name: 'Top Contributors' }).locator('tbody tr').first()).toContainText('Wendy Writer')

  for (const label of ['Total Orders', 'Pending Orders', 'Completed Orders']) await expect(page.getByRole('region', { name: label })).toBeVisible()
  const counts = (await (await page.request.get('/api/client/homepage')).json()).data
  await expect(page.getByTestId('totalOrders').getByRole('paragraph').nth(1)).toHaveText(counts.totalOrders.toLocaleString('en-US'))
})

test('with JavaScript the owner sees the charts, and the figures one click away', async ({ page, loginAs, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'charts need JavaScript')
  const chartScripts: string[] = []
  page.on('request', (r) => {
    if (/apex/i.test(r.url())) chartScripts.push(r.url())
  })
  await loginAs('owner@demo.test', DEMO_ORG)
  await page.goto('/dashboard')
  for (const name of CHARTS) {
    const chart = page.getByRole('figure', { name: `${name} chart` })
    await expect(chart, name).toBeVisible({ timeout: 15_000 })
    // ApexCharts loads when a chart scrolls into view (ADR 0073).
    await chart.scrollIntoViewIfNeeded()
    await expect(chart.locator('svg').first(), name).toBeVisible({ timeout: 15_000 })
  }
  // The library came as its own lazily loaded chunk.
  expect(chartScripts.length).toBeGreaterThan(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  // The tables stay one click away; the lists have no chart and show theirs.
  const widget = page.getByRole('region', { name: 'Sales History' })
  await expect(widget.getByRole('table')).toBeHidden()
  await widget.getByText('Show figures').click()
  await expect(widget.getByRole('table', { name: 'Sales History' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Top Selling Products' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Top Contributors' })).toBeVisible()
})

test('pages without charts do not load ApexCharts', async ({ page, loginAs, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'about the browser bundle')
  const chartScripts: string[] = []
  page.on('request', (r) => {
    if (/apex/i.test(r.url())) chartScripts.push(r.url())
  })
  await loginAs('owner@demo.test', DEMO_ORG)
  await page.goto('/orders/view')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(chartScripts).toEqual([])
})

test("a failing call shows 'Unexpected Error!!' in its widget only; an aborted one shows nothing", async ({ page, loginAs, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the calls are made by the browser')
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  await page.route('**/api/client/homepage/analytics/sales-history', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: false, error: 'boom' }) }),
  )
  // Held until the page leaves: the widget aborts it on the way out.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/client/homepage/analytics/products-history', async (route) => {
    await held
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }).catch(() => {})
  })
  await loginAs('owner@demo.test', DEMO_ORG)
  await page.goto('/dashboard')
  await expect(page.getByRole('region', { name: 'Sales History' }).getByRole('alert')).toHaveText('Unexpected Error!!')
  await expect(page.getByRole('figure', { name: 'Orders History chart' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('region', { name: 'Orders History' }).getByRole('alert')).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(1)
  // Leave for the Projects tab while products-history is still pending: its abort is no error.
  await page.getByRole('link', { name: 'Projects', exact: true }).click()
  await expect(page.getByRole('table', { name: 'Projects' })).toBeVisible()
  release()
  await expect(page.getByText('Unexpected Error!!')).toHaveCount(0)
  expect(errors).toEqual([])
})

test('a staff member with only READ_ORDERS gets the Projects tab alone @nojs', async ({ page, loginAs }) => {
  const staff = await staffWith(['READ_ORDERS'])
  await loginAs(staff.email, staff.orgName)
  expect((await page.goto('/dashboard'))?.status()).toBe(200)
  const tabs = page.getByRole('navigation', { name: 'Dashboard' })
  await expect(tabs.getByRole('link')).toHaveText(['Projects'])
  await expect(tabs.getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('table', { name: 'Projects' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Total Earnings' })).toHaveCount(0)
  // Asking for the Sales tab by its address still shows the first available one.
  await page.goto('/dashboard?tab=sales')
  await expect(tabs.getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('region', { name: 'Total Earnings' })).toHaveCount(0)
  expect((await page.request.get('/api/client/homepage/analytics/sales-history')).status()).toBe(403)
})

test('the owner has both tabs, Sales first, and switches with links @nojs', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', DEMO_ORG)
  await page.goto('/dashboard')
  const tabs = page.getByRole('navigation', { name: 'Dashboard' })
  await expect(tabs.getByRole('link')).toHaveText(['Sales', 'Projects'])
  await expect(tabs.getByRole('link', { name: 'Sales' })).toHaveAttribute('aria-current', 'page')
  await tabs.getByRole('link', { name: 'Projects' }).click()
  await expect(page).toHaveURL(/tab=projects/)
  await expect(page.getByRole('table', { name: 'Projects' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Total Earnings' })).toHaveCount(0)
  await tabs.getByRole('link', { name: 'Sales' }).click()
  await expect(page.getByRole('region', { name: 'Total Earnings' })).toBeVisible()
})

test('a staff member with only VIEW_DASHBOARD gets the Sales tab alone', async ({ page, loginAs }) => {
  const staff = await staffWith(['VIEW_DASHBOARD'])
  await loginAs(staff.email, staff.orgName)
  await page.goto('/dashboard?tab=projects')
  const tabs = page.getByRole('navigation', { name: 'Dashboard' })
  await expect(tabs.getByRole('link')).toHaveText(['Sales'])
  await expect(page.getByRole('region', { name: 'Total Earnings' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Projects' })).toHaveCount(0)
})
