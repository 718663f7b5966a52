// /clients/view: owners, counts, trial labels and 'Login As Client' (new window, impersonation recorded).
import { expect, test } from '#tests/e2e/fixtures'
import { createOrganisation, createUser } from '#tests/factories/index'
import { ready, unique } from './helpers'

const DAY = 24 * 3600 * 1000

test('lists clients with counts and trial labels', async ({ page, loginAs }) => {
  const running = await createOrganisation({ name: unique('Trial Running'), packageStatus: 'trial', trialEndsAt: new Date(Date.now() + 6.5 * DAY) })
  const ended = await createOrganisation({ name: unique('Trial Ended'), packageStatus: 'trial', trialEndsAt: new Date(Date.now() - 2 * DAY) })
  const runningOwner = await createUser({ firstName: 'Rita', lastName: 'Running', memberships: [{ clientId: running.id, role: 'client' }] })
  const endedOwner = await createUser({ firstName: 'Ed', lastName: 'Ended', memberships: [{ clientId: ended.id, role: 'client' }] })
  await createUser({ memberships: [{ clientId: running.id, role: 'user', permissions: ['WRITER'] }] })
  await createUser({ memberships: [{ clientId: running.id, role: 'customer' }] })
  await createUser({ memberships: [{ clientId: running.id, role: 'customer' }] })

  await loginAs('superadmin@demo.test')
  expect((await page.goto('/clients/view'))?.status()).toBe(200)
  const table = page.getByRole('table', { name: 'Clients' })
  for (const header of ['Name', 'Email', 'Active', '# of Contributors', '# of Customers']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  }
  await page.goto(`/clients/view?q=${encodeURIComponent(running.name)}`)
  const row = table.getByRole('row').filter({ hasText: runningOwner.email })
  await expect(row).toContainText('Rita Running (trial - 6 days left)')
  await expect(row.getByRole('cell').nth(3)).toHaveText('1')
  await expect(row.getByRole('cell').nth(4)).toHaveText('2')
  await page.goto(`/clients/view?q=${encodeURIComponent(ended.name)}`)
  await expect(table.getByRole('row').filter({ hasText: endedOwner.email })).toContainText('(trial - expired)')
  await page.goto('/clients/view?q=owner%40demo.test')
  await expect(table.getByRole('row').filter({ hasText: 'owner@demo.test' })).not.toContainText('trial')
})

test('Login As Client opens the client in a new window as its owner @nojs', async ({ page, loginAs, javaScriptEnabled, context }) => {
  await loginAs('superadmin@demo.test')
  await page.goto('/clients/view?q=Rival%20Resumes')
  await ready(page, javaScriptEnabled)
  const popup = context.waitForEvent('page')
  await page.getByRole('button', { name: 'Login As Client Rival Resumes' }).click()
  const client = await popup
  await client.getByRole('button', { name: 'Sign in as Oscar Rival' }).click()
  await client.waitForURL(/\/dashboard$/)
  await expect(client.getByText('Signed in as Oscar Rival')).toBeVisible()
})

test('staff with the clients module may open it; others get 403', async ({ page, loginAs }) => {
  await loginAs('support@demo.test')
  expect((await page.goto('/clients/view'))?.status()).toBe(200)
  await loginAs('owner@demo.test')
  expect((await page.goto('/clients/view'))?.status()).toBe(403)
})

test('pages on the server (50, 100 or 200 rows) and searches @nojs', async ({ page, loginAs }) => {
  const org = await createOrganisation({ name: unique('Paged Org') })
  await loginAs('superadmin@demo.test')
  await page.goto('/clients/view')
  await expect(page.getByLabel('Rows per page').locator('option')).toHaveText(['50', '100', '200'])
  await expect(page.getByLabel('Rows per page')).toHaveValue('50')
  await page.getByLabel('Search').fill(org.name)
  await page.getByLabel('Search').press('Enter')
  await expect(page).toHaveURL(/q=Paged/)
  await expect(page.getByRole('table', { name: 'Clients' }).locator('tbody tr')).toHaveCount(1)
  await expect(page.getByRole('table', { name: 'Clients' })).toContainText(org.name)
})
