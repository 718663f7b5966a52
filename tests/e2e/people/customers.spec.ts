// /customers/view and /customers/create: paging, search, archive view, toggles, create with the order dialog, login as.
import { expect, test } from '#tests/e2e/fixtures'
import { platformDb } from '#app/services/db.server'
import { uniqueEmail } from '#tests/factories/index'
import { demoId, membership, newCustomer, ready } from './helpers'

test('the customer table pages, searches and shows archived customers @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('owner@demo.test')
  await page.goto('/customers/view')
  await ready(page, javaScriptEnabled)
  const table = page.getByRole('table', { name: 'Customers' })
  await expect(table.locator('tbody tr')).toHaveCount(50)
  await expect(page.getByText(/^1–50 of \d+$/)).toBeVisible()

  await page.getByLabel('Rows per page').selectOption('100')
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/size=100/)
  await expect(table.locator('tbody tr')).toHaveCount(100)

  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(table.locator('tbody tr').first()).toContainText('101')

  await page.getByRole('searchbox', { name: 'Search' }).fill('customer007@demo')
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter')
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table).toContainText('customer007@demo-customers.test')

  await page.goto('/customers/view')
  await page.getByRole('switch', { name: 'Show Archived Customers' }).click()
  await expect(page.getByRole('heading', { name: 'Archived Customers' })).toBeVisible()
  await expect(table).toContainText('customer025@demo-customers.test')
  await expect(table).not.toContainText('customer001@demo-customers.test')
})

test('sorting by email goes both ways', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/customers/view?q=demo-customers')
  await page.getByRole('link', { name: /^Email/ }).click()
  await expect(page).toHaveURL(/sort=email&dir=asc/)
  await expect(page.getByRole('table', { name: 'Customers' }).locator('tbody tr').first()).toContainText('customer001@demo-customers.test')
  await page.getByRole('link', { name: /^Email/ }).click()
  await expect(page).toHaveURL(/dir=desc/)
  await expect(page.getByRole('table', { name: 'Customers' }).locator('tbody tr').first()).toContainText('customer299@demo-customers.test')
})

test('active and archive toggles save @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const customer = await newCustomer()
  await loginAs('owner@demo.test')
  await page.goto(`/customers/view?q=${encodeURIComponent(customer.email)}`)
  await ready(page, javaScriptEnabled)
  const active = page.getByRole('switch', { name: 'Active Toggle Customer' })
  await expect(active).toHaveAttribute('aria-checked', 'true')
  await active.click()
  await expect(page.getByRole('switch', { name: 'Active Toggle Customer' })).toHaveAttribute('aria-checked', 'false')
  await expect(page.getByText('Changed Successfully!')).toBeVisible()
  await expect.poll(async () => (await membership(customer.email)).active).toBe(false)

  await page.getByRole('switch', { name: 'Archive Toggle Customer' }).click()
  await expect.poll(async () => (await membership(customer.email)).archived).toBe(true)
  await page.goto(`/customers/view?q=${encodeURIComponent(customer.email)}`)
  await expect(page.getByText('No Record Found')).toBeVisible()
  await page.goto(`/customers/view?archived=true&q=${encodeURIComponent(customer.email)}`)
  await expect(page.getByRole('table', { name: 'Customers' })).toContainText(customer.email)
})

test('create: generate a password, then choose not to create an order', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test')
  await page.goto('/customers/view')
  await page.locator('[data-hydrated]').waitFor()
  await page.getByRole('link', { name: 'Create Customer' }).click()
  await expect(page).toHaveURL(/\/customers\/create$/)
  await expect(page.getByRole('switch', { name: 'Send Welcome Email' })).toBeChecked()
  await expect(page.getByRole('switch', { name: 'Active' })).toBeChecked()
  await page.getByRole('button', { name: 'Create Customer' }).click()
  await expect(page.getByText('Enter First Name')).toBeVisible()
  await expect(page.getByText('Enter Last name')).toBeVisible()
  await expect(page.getByText('Enter Email')).toBeVisible()
  await expect(page.getByText('Enter Password')).toBeVisible()

  const email = uniqueEmail('e2e-new')
  await page.getByLabel('First Name').fill('Nina')
  await page.getByLabel('Last Name').fill('New')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Generate Password' }).click()
  const password = await page.getByLabel('Password').inputValue()
  expect(password).toMatch(/^[A-Za-z0-9&#$@\-*!]{18}$/)
  await page.getByRole('button', { name: 'Create Customer' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Customer Created Successfully')).toBeVisible()
  await expect(dialog.getByText('Do you also want to create an order?')).toBeVisible()
  await dialog.getByRole('link', { name: 'No' }).click()
  await expect(page).toHaveURL(/\/customers\/view$/)
  expect((await membership(email)).role).toBe('customer')
})

test('create without JavaScript: errors keep the input, the generated password fills in, Yes opens the order form @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'the no-JS round trips')
  await loginAs('owner@demo.test')
  await page.goto('/customers/create')
  const email = uniqueEmail('e2e-nojs')
  await page.getByLabel('First Name').fill('Otto')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Create Customer' }).click()
  await expect(page.getByText('Enter Last name')).toBeVisible()
  await expect(page.getByLabel('First Name')).toHaveValue('Otto')
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
  await page.getByLabel('Last Name').fill('Offline')
  await page.getByRole('switch', { name: 'Send Welcome Email' }).uncheck()
  await page.getByRole('button', { name: 'Generate Password' }).click()
  await expect(page.getByLabel('Password')).toHaveValue(/^[A-Za-z0-9&#$@\-*!]{18}$/)
  await expect(page.getByLabel('Last Name')).toHaveValue('Offline')
  await expect(page.getByRole('switch', { name: 'Send Welcome Email' })).not.toBeChecked()
  await page.getByRole('button', { name: 'Create Customer' }).click()
  await expect(page.getByText('Customer Created Successfully')).toBeVisible()
  const m = await membership(email)
  await page.getByRole('link', { name: 'Yes' }).click()
  await expect(page).toHaveURL(/\/orders\/create\?customer=\w+/)
  expect(m.role).toBe('customer')
})

test('staff with READ_CUSTOMERS only see the list without create, toggles or login as', async ({ page, loginAs }) => {
  await loginAs('staff@demo.test')
  await page.goto('/customers/view')
  await expect(page.getByRole('table', { name: 'Customers' }).locator('tbody tr')).toHaveCount(50)
  await expect(page.getByRole('link', { name: 'Create Customer' })).toHaveCount(0)
  await expect(page.getByRole('switch', { name: /^Active / })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Login As User/ })).toHaveCount(0)
  const denied = await page.goto('/customers/create')
  expect(denied?.status()).toBe(403)
  await expect(page.getByText("You don't have the required permissions!", { exact: false })).toBeVisible()
})

test('Login As User opens a single-use link in a new window and lands in the portal as that customer', async ({ page, loginAs, baseURL }) => {
  await loginAs('support@demo-staff.test')
  await page.goto('/customers/view?q=customer002%40demo')
  await page.locator('[data-hydrated]').waitFor()
  const popup = page.waitForEvent('popup')
  await page.getByRole('button', { name: /^Login As User/ }).click()
  await expect.poll(async () => (await popup).url()).toMatch(/\/customer-portal\/auto-login\/[\w-]+$/)
  await expect((await popup).getByRole('heading', { name: /^Sign in as .+ of Demo Writing Co\?$/ })).toBeVisible()
  await (await popup).getByRole('button', { name: /^Sign in as / }).click()
  // Handed over to the organisation's own host (ADR 0059), where the portal opens at once with JavaScript.
  const portal = new URL(baseURL!)
  portal.hostname = `demowriting.${portal.hostname}`
  await expect(await popup).toHaveURL(`${portal.origin}/account`)
  await expect((await popup).getByRole('heading', { name: 'My account' })).toBeVisible()
  await expect((await popup).getByRole('status').filter({ hasText: 'You are signed in as' })).toBeVisible()
  // The admin's own session is untouched.
  await page.reload()
  await expect(page.getByRole('table', { name: 'Customers' })).toBeVisible()
})

test('the customer portal link: the confirming POST hands over to the portal, which signs in on its own host, with one audit row each @nojs', async ({
  page,
  loginAs,
  javaScriptEnabled,
}) => {
  const customer = await newCustomer('Portal')
  await loginAs('support@demo-staff.test')
  await page.goto(`/customers/view?q=${encodeURIComponent(customer.email)}`)
  await ready(page, javaScriptEnabled)
  const opened = page.waitForEvent('popup')
  await page.getByRole('button', { name: /^Login As User/ }).click()
  const popup = await opened
  await expect(popup.getByRole('heading', { name: 'Sign in as Portal Customer of Demo Writing Co?' })).toBeVisible()
  const answer = popup.waitForResponse((r) => r.request().method() === 'POST')
  await popup.getByRole('button', { name: /^Sign in as / }).click()
  // Without JavaScript Remix runs the loader after the action; it finds the link spent, which must not win.
  expect((await answer).status()).toBe(200)
  await expect(popup).toHaveURL(/\/\/demowriting\.localhost:\d+\/(login\/handoff\/[\w-]+|account)$/)
  if (!javaScriptEnabled) await popup.getByRole('button', { name: 'Continue as Portal Customer' }).click()
  await expect(popup.getByRole('heading', { name: 'My account' })).toBeVisible()
  await expect(popup.getByRole('heading', { name: 'Error' })).toHaveCount(0)
  const audit = await platformDb
    .selectFrom('audit_logs')
    .select(['action', 'status'])
    .where('action', 'in', ['login_as_handoff', 'auto_login'])
    .where('user_id', '=', customer.id)
    .orderBy('id')
    .execute()
  expect(audit).toEqual([
    { action: 'login_as_handoff', status: 'success' },
    { action: 'auto_login', status: 'success' },
  ])
})

test('with JavaScript the row switches post without navigation: each row shows its change at once, and two rows post side by side', async ({ page, loginAs }) => {
  const tag = `Rows${Date.now()}`
  const [first, second] = [await newCustomer(tag), await newCustomer(tag)]
  await loginAs('owner@demo.test')
  await page.goto(`/customers/view?q=${tag}`)
  await page.locator('[data-hydrated]').waitFor()
  const table = page.getByRole('table', { name: 'Customers' })
  await expect(table.locator('tbody tr')).toHaveCount(2)
  const switches = table.getByRole('switch', { name: `Active ${tag} Customer` })
  await expect(switches).toHaveCount(2)
  // Hold both posts: what the rows show meanwhile is the optimistic state, not the server's answer.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/customers/view**', async (route) => {
    if (route.request().method() === 'POST') await held
    await route.continue()
  })
  const history = await page.evaluate(() => window.history.length)
  await switches.nth(0).click()
  await switches.nth(1).click()
  await expect(switches.nth(0)).toHaveAttribute('aria-checked', 'false')
  await expect(switches.nth(1)).toHaveAttribute('aria-checked', 'false')
  expect((await membership(first.email)).active).toBe(true)
  release()
  await expect(table.getByRole('status').filter({ hasText: 'Changed Successfully!' }).first()).toBeVisible()
  await expect.poll(async () => [(await membership(first.email)).active, (await membership(second.email)).active]).toEqual([false, false])
  // No navigation: the same URL and history entry, and the rows keep the server's new state.
  expect(await page.evaluate(() => window.history.length)).toBe(history)
  await expect(page).toHaveURL(new RegExp(`/customers/view\\?q=${tag}$`))
  await expect(switches.nth(0)).toHaveAttribute('aria-checked', 'false')
  await expect(switches.nth(1)).toHaveAttribute('aria-checked', 'false')
})

test('Login As User for a customer deactivated since the page loaded: the row shows why, and the opened window closes', async ({ page, loginAs }) => {
  const customer = await newCustomer('Gone')
  await loginAs('support@demo-staff.test')
  await page.goto(`/customers/view?q=${encodeURIComponent(customer.email)}`)
  await page.locator('[data-hydrated]').waitFor()
  await platformDb
    .updateTable('memberships')
    .set({ active: false })
    .where('client_id', '=', await demoId())
    .where('user_id', '=', customer.id)
    .execute()
  const opened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Login As User Gone Customer' }).click()
  const popup = await opened
  await expect(page.getByRole('table', { name: 'Customers' }).getByRole('alert')).toHaveText('This user is not active')
  await expect.poll(() => popup.isClosed()).toBe(true)
})
