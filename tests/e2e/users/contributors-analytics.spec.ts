// /client/users/contributors/analytics for the demo owner (seeded orders, drafts with ratings, a
// contributor chat; rollups built by the seed): without JavaScript a GET form of checkboxes and every
// figure as tables, the URL keeping the selection and the range; with it the five charts (ApexCharts,
// loaded lazily), 'Unexpected Error!!' in a widget whose call fails; the permission denial.
import { expect, test } from '#tests/e2e/fixtures'
import { formatDaysHours, formatRating } from '#app/rules/contributors-analytics'
import { createTenant, createUser } from '#tests/factories/index'

const DEMO_ORG = 'Demo Writing Co'
const PAGE = '/client/users/contributors/analytics'
const WIDGETS = ['Order Tracker', 'First Draft Rating', 'Chat Response Time', 'First Draft Response Time', 'Final Delivery Response Time']

test('without JavaScript: pick contributors and a range, read every figure as tables @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'the charts are the next test')
  await loginAs('owner@demo.test', DEMO_ORG)
  expect((await page.goto(PAGE))?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contributors Analytics')
  for (const name of WIDGETS) await expect(page.getByRole('table', { name, exact: true }), name).toBeVisible()
  await expect(page.getByRole('figure', { name: /chart$/ })).toHaveCount(0)
  // Nothing selected: every contributor, in the default range (24 hours).
  await expect(page.getByRole('navigation', { name: 'Order tracker range' }).getByRole('link', { name: 'Last 24 hours' })).toHaveAttribute('aria-current', 'page')
  const everyone = await page.getByRole('table', { name: 'Order Tracker' }).locator('tbody tr').count()
  expect(everyone).toBeGreaterThan(1)

  const form = page.getByRole('form', { name: 'Choose contributors' })
  await form.getByRole('checkbox', { name: 'Wendy Writer' }).check()
  await form.getByLabel('Order tracker range').selectOption('6Months')
  await form.getByRole('button', { name: 'Show analytics' }).click()
  await expect(page).toHaveURL(/[?&]w=[^&]+.*range=6Months/)
  await expect(form.getByRole('checkbox', { name: 'Wendy Writer' })).toBeChecked()
  await expect(form.getByLabel('Order tracker range')).toHaveValue('6Months')
  await expect(page.getByRole('navigation', { name: 'Order tracker range' }).getByRole('link', { name: 'Last 6 months' })).toHaveAttribute('aria-current', 'page')

  // The same figures as the JSON calls, shown as the page shows them.
  const wendy = (await (await page.request.get('/api/client/writers/analytics')).json()).writers.find((w: { writerName: string }) => w.writerName === 'Wendy Writer')
  const call = async (metric: string, filter = '') =>
    (
      await (
        await page.request.post(`/api/client/writers/analytics/${metric}${filter}`, { headers: { Origin: new URL(page.url()).origin }, data: { selectedWriters: [wendy._id] } })
      ).json()
    ).data[0]
  const tracker = await call('order-tracker', '?filter=6Months')
  const row = (name: string) => page.getByRole('table', { name, exact: true }).locator('tbody tr')
  await expect(row('Order Tracker')).toHaveCount(1)
  await expect(row('Order Tracker').first()).toContainText('Wendy Writer')
  await expect(row('Order Tracker').first().locator('td').first()).toHaveText(tracker.writerOrders.toLocaleString('en-US'))
  expect(tracker.writerOrders).toBeGreaterThan(0)
  const rating = await call('first-draft-rating')
  await expect(row('First Draft Rating').first().locator('td').first()).toHaveText(formatRating(rating.avgRatingWithTwoDecimal))
  expect(rating.avgRatingWithTwoDecimal).toBeGreaterThanOrEqual(1)
  const chat = await call('chat-response-time')
  await expect(row('Chat Response Time').first().locator('td').first()).toHaveText(formatDaysHours(chat.avgChatTimeInDays))
  const firstDraft = await call('first-draft-response-time')
  await expect(row('First Draft Response Time').first().locator('td').first()).toHaveText(formatDaysHours(firstDraft.avgFirstDraftResTimeInDays))
  const final = await call('final-delivery-response-time')
  await expect(row('Final Delivery Response Time').first().locator('td').first()).toHaveText(formatDaysHours(final.avgFinalDocResTimeInDays))
  await expect(row('Final Delivery Response Time').first().locator('td').first()).toHaveText(/day|hour/)

  // A range link keeps the selection.
  await page.getByRole('navigation', { name: 'Order tracker range' }).getByRole('link', { name: 'Last 30 days' }).click()
  await expect(page).toHaveURL(/range=30Days/)
  await expect(row('Order Tracker')).toHaveCount(1)
  await expect(form.getByRole('checkbox', { name: 'Wendy Writer' })).toBeChecked()
})

test('with JavaScript: the five charts, and the figures one click away', async ({ page, loginAs, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'charts need JavaScript')
  // Five charts, each from its own call, on a shared 2-core test machine.
  test.setTimeout(90_000)
  const chartScripts: string[] = []
  page.on('request', (r) => {
    if (/apex/i.test(r.url())) chartScripts.push(r.url())
  })
  await loginAs('owner@demo.test', DEMO_ORG)
  await page.goto(PAGE)
  for (const name of WIDGETS) {
    const chart = page.getByRole('figure', { name: `${name} chart` })
    await expect(chart, name).toBeVisible({ timeout: 15_000 })
    // ApexCharts loads when a chart scrolls into view (ADR 0073); the figure may be re-rendered meanwhile, so the
    // scroll is tried again on the new element rather than failing on a detached one.
    await expect(async () => chart.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass({ timeout: 15_000 })
    await expect(chart.locator('svg').first(), name).toBeVisible({ timeout: 15_000 })
  }
  expect(chartScripts.length).toBeGreaterThan(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  const widget = page.getByRole('region', { name: 'Order Tracker' })
  await expect(widget.getByRole('table')).toBeHidden()
  await widget.getByText('Show figures').click()
  await expect(widget.getByRole('table', { name: 'Order Tracker' })).toBeVisible()

  // Choosing a contributor and a range re-draws from the calls with that selection.
  const posted: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/client/writers/analytics/')) posted.push(`${r.url()} ${r.postData()}`)
  })
  const form = page.getByRole('form', { name: 'Choose contributors' })
  await form.getByRole('checkbox', { name: 'Wendy Writer' }).check()
  await form.getByLabel('Order tracker range').selectOption('7Days')
  await form.getByRole('button', { name: 'Show analytics' }).click()
  await expect(page).toHaveURL(/range=7Days/)
  await expect(async () => page.getByRole('figure', { name: 'Order Tracker chart' }).scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass({ timeout: 15_000 })
  await expect(page.getByRole('figure', { name: 'Order Tracker chart' }).locator('svg').first()).toBeVisible({ timeout: 15_000 })
  await expect.poll(() => posted.some((p) => p.includes('order-tracker?filter=7Days') && p.includes('selectedWriters'))).toBe(true)
})

test("a failing call shows 'Unexpected Error!!' in its widget only; an aborted one shows nothing", async ({ page, loginAs, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the calls are made by the browser')
  test.setTimeout(90_000)
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  await page.route('**/api/client/writers/analytics/chat-response-time', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: false, error: 'boom' }) }),
  )
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/client/writers/analytics/final-delivery-response-time', async (route) => {
    await held
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }).catch(() => {})
  })
  await loginAs('owner@demo.test', DEMO_ORG)
  await page.goto(PAGE)
  await expect(page.getByRole('region', { name: 'Chat Response Time' }).getByRole('alert')).toHaveText('Unexpected Error!!')
  await expect(page.getByRole('figure', { name: 'First Draft Rating chart' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('alert')).toHaveCount(1)
  // Leave while final-delivery is pending: its abort is no error.
  await page.getByRole('navigation', { name: 'Order tracker range' }).getByRole('link', { name: 'Last 7 days' }).click()
  await expect(page).toHaveURL(/range=7Days/)
  await page.goto('/client/users/view')
  release()
  await expect(page.getByText('Unexpected Error!!')).toHaveCount(0)
  expect(errors).toEqual([])
})

test('a staff member without READ_WRITERS_ANALYSIS gets 403 and no menu entry @nojs', async ({ page, loginAs }) => {
  const { org } = await createTenant()
  const user = await createUser({ firstName: 'Pat', lastName: 'People', memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_USERS'] }] })
  await loginAs(user.email, org.name)
  expect((await page.goto(PAGE))?.status()).toBe(403)
  await page.goto('/client/users/view')
  await expect(page.getByRole('link', { name: 'Contributors Analytics' })).toHaveCount(0)

  const allowed = await createUser({ firstName: 'Ana', lastName: 'Lyst', memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_WRITERS_ANALYSIS'] }] })
  await page.context().clearCookies()
  await loginAs(allowed.email, org.name)
  expect((await page.goto(PAGE))?.status()).toBe(200)
  await expect(page.getByText('No contributors yet.')).toBeVisible()
})
