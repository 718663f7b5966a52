// /packages/view and /packages/create: subscription plans, their switches, details and checkout link.
import { expect, test } from '#tests/e2e/fixtures'
import { ready, unique } from './helpers'

const ORIGIN = { Origin: `http://localhost:${process.env.PORT ?? 3100}` }

test('create a plan: the rules show, typed values stay, then it is listed @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('superadmin@demo.test')
  await page.goto('/packages/create')
  await ready(page, javaScriptEnabled)
  const form = page.getByRole('form', { name: 'Add package' })
  // Every CRM flag starts ticked; trial days show only for a trial plan.
  await expect(form.getByRole('checkbox', { name: 'Campaigns' })).toBeChecked()
  await expect(form.getByRole('checkbox', { name: 'Marketing' })).toBeChecked()
  await expect(form.locator('input[name=crmUserPermissions][type=checkbox]:checked')).toHaveCount(23)
  await expect(form.getByLabel('Trial Days')).toBeHidden()
  await form.getByRole('checkbox', { name: 'Trial Package' }).check()
  await expect(form.getByLabel('Trial Days')).toBeVisible()

  await form.getByLabel('Max CRM Users').fill('0')
  await form.getByRole('checkbox', { name: 'Users Upgrade Package' }).check()
  await form.getByLabel('Recurring Interval', { exact: true }).selectOption('')
  await form.getByRole('button', { name: 'Add Package' }).click()
  await expect(form.getByText('Enter Package Name')).toBeVisible()
  await expect(form.getByText('Enter Price', { exact: true })).toBeVisible()
  await expect(form.getByText('Enter Max CRM Users (at least 1)')).toBeVisible()

  const name = unique('Growth')
  await form.getByLabel('Package Name').fill(name)
  await form.getByLabel('Max Users').fill('10')
  await form.getByLabel('Price (USD)').fill('79.99')
  await form.getByLabel('Max CRM Users').fill('3')
  await form.getByRole('button', { name: 'Add Package' }).click()
  await expect(form.getByText('Select Recurring Interval')).toBeVisible()
  await expect(form.getByLabel('Package Name')).toHaveValue(name)

  await form.getByLabel('Recurring Interval', { exact: true }).selectOption('year')
  await form.getByLabel('Trial Days').fill('7')
  await form.getByRole('checkbox', { name: 'Campaigns' }).uncheck()
  await form.getByLabel('Description').fill('Growing teams.')
  await form.getByRole('button', { name: 'Add Package' }).click()
  await expect(page).toHaveURL(/\/packages\/view$/)
  await expect(page.getByText('Package Created Sucessfully')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('$79.99 / year')
  await expect(row).toContainText('Trial 7 days')

  await row.getByRole('link', { name: `Details of ${name}` }).click()
  const details = page.locator(`[aria-label="${name} details"]`)
  await expect(details).toContainText('Max CRM Users')
  await expect(details).toContainText('22 of 23')
  await expect(details.getByRole('textbox', { name: 'Checkout Link' })).toHaveValue(/^http:\/\/localhost:\d+\/checkout\?item=[a-z0-9]{24}$/)
  await expect(details.getByRole('textbox', { name: 'Description' })).toHaveValue('Growing teams.')
})

test('toggle active and visible from the table, edit the description in Details @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  await loginAs('superadmin@demo.test')
  const name = unique('Toggle')
  const created = await page.request.post('/api/packages/client/create', { headers: ORIGIN, data: { packageName: name, maxUsers: 2, price: 10, maxCrmUsers: 1 } })
  expect(created.status(), await created.text()).toBe(200)
  await page.goto(`/packages/view?q=${encodeURIComponent(name)}`)
  await ready(page, javaScriptEnabled)
  const active = page.getByRole('switch', { name: `Active ${name}` })
  await expect(active).toHaveAttribute('aria-checked', 'true')
  await active.click()
  await expect(page.getByText('Package is Deactivated!')).toBeVisible()
  await expect(page.getByRole('switch', { name: `Active ${name}` })).toHaveAttribute('aria-checked', 'false')
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Deactivated')
  await page.getByRole('switch', { name: `Active ${name}` }).click()
  await expect(page.getByText('Package is Activated!')).toBeVisible()
  await expect(page.getByRole('switch', { name: `Active ${name}` })).toHaveAttribute('aria-checked', 'true')

  await page.getByRole('switch', { name: `Visible ${name}` }).click()
  await expect(page.getByText('Changed Successfully!')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Hidden')

  await page.getByRole('link', { name: `Details of ${name}` }).click()
  const details = page.locator(`[aria-label="${name} details"]`)
  await details.getByRole('textbox', { name: 'Description' }).fill('Now with a description.')
  await details.getByRole('button', { name: 'Save Description' }).click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await page.reload()
  await expect(page.locator(`[aria-label="${name} details"]`).getByRole('textbox', { name: 'Description' })).toHaveValue('Now with a description.')
})

test('seeded plans are listed; organisation owners get 403', async ({ page, loginAs }) => {
  await loginAs('superadmin@demo.test')
  await page.goto('/packages/view')
  for (const name of ['Solo', 'Team Yearly', 'Leads Only', 'Legacy Starter']) await expect(page.getByRole('row').filter({ hasText: name }).first()).toBeVisible()
  await loginAs('owner2@demo.test')
  expect((await page.goto('/packages/view'))?.status()).toBe(403)
  expect((await page.goto('/packages/create'))?.status()).toBe(403)
})
