// /leads/view (ADR 0050): the table with search, source/status/date filters and paging; a lead's panel
// (status, notes, convert to a customer, with errors shown and input kept); the CSV export of the
// filtered list; and what a leads-only user sees. @nojs specs run again without JavaScript.
import { readFile } from 'node:fs/promises'
import { expect, test } from '#tests/e2e/fixtures'
import { platformDb } from '#app/services/db.server'
import { createTenant, createUser, uniqueEmail } from '#tests/factories/index'
import { ready } from '../people/helpers'

let n = 0
async function insertLead(clientId: number, over: { email?: string; first?: string; last?: string; source?: 'crm' | 'checkout' | 'cart' | 'manual'; createdAt?: Date } = {}) {
  const email = over.email ?? uniqueEmail(`e2e-lead${n++}`)
  const publicId = `e2elead${Math.random().toString(36).slice(2, 12)}`
  const at = over.createdAt ?? new Date()
  await platformDb
    .insertInto('leads')
    .values({
      public_id: publicId,
      client_id: clientId,
      email,
      first_name: over.first ?? 'Lena',
      last_name: over.last ?? 'Lead',
      phone: null,
      source: over.source ?? 'cart',
      external_id: null,
      customer_user_id: null,
      converted_at: null,
      created_at: at,
      updated_at: at,
      last_captured_at: at,
    })
    .execute()
  return { publicId, email }
}

async function organisationWithLeads() {
  const tenant = await createTenant()
  const cart = await insertLead(tenant.org.id, { first: 'Carla', last: 'Cart', source: 'cart' })
  const crm = await insertLead(tenant.org.id, { first: 'Cyrus', last: 'Crm', source: 'crm' })
  const old = await insertLead(tenant.org.id, { first: 'Olive', last: 'Old', source: 'checkout', createdAt: new Date('2026-01-15T12:00:00Z') })
  return { ...tenant, cart, crm, old }
}

test('the table searches and filters by source, status and date @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner, cart, old } = await organisationWithLeads()
  await loginAs(owner.email, org.name)
  await page.goto('/leads/view')
  await ready(page, javaScriptEnabled)
  const table = page.getByRole('table', { name: 'Leads' })
  await expect(table.locator('tbody tr')).toHaveCount(3)
  await expect(page.getByText(/^1–3 of 3$/)).toBeVisible()

  await page.getByLabel('Source').selectOption('cart')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/source=cart/)
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table).toContainText(cart.email)

  await page.getByRole('link', { name: 'Clear filters' }).click()
  await expect(page).not.toHaveURL(/source=/)
  await expect(page.getByLabel('Source')).toHaveValue('')
  await page.getByLabel('Captured to').fill('2026-02-01')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table).toContainText(old.email)

  await page.goto('/leads/view?status=won')
  await expect(table).toContainText('No leads yet')
  await page.goto('/leads/view?from=not-a-date')
  await expect(page.getByText('Invalid date')).toBeVisible()
  await expect(table.locator('tbody tr')).toHaveCount(3)

  await page.goto('/leads/view')
  await ready(page, javaScriptEnabled)
  await page.getByRole('searchbox', { name: 'Search' }).fill('Cyrus')
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter')
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table).toContainText('Cyrus Crm')
})

test('the search box searches as you type (debounced)', async ({ page, loginAs }) => {
  const { org, owner, old } = await organisationWithLeads()
  await loginAs(owner.email, org.name)
  await page.goto('/leads/view')
  await ready(page, true)
  await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('Olive', { delay: 30 })
  await expect(page).toHaveURL(/q=Olive/)
  await expect(page.getByRole('table', { name: 'Leads' }).locator('tbody tr')).toHaveCount(1)
  await expect(page.getByRole('table', { name: 'Leads' })).toContainText(old.email)
})

test('a lead’s status, notes and conversion to a customer, with errors shown and input kept @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner, cart } = await organisationWithLeads()
  await loginAs(owner.email, org.name)
  await page.goto('/leads/view?source=cart')
  await ready(page, javaScriptEnabled)
  await page.getByRole('table', { name: 'Leads' }).getByRole('row').filter({ hasText: cart.email }).getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`lead=${cart.publicId}`))
  const panel = page.getByRole('region', { name: `Lead ${cart.email}` }).or(page.locator(`[aria-label="Lead ${cart.email}"]`))
  await expect(panel.getByRole('heading', { name: 'Carla Cart' })).toBeVisible()

  await panel.getByRole('form', { name: 'Change status' }).getByLabel('Status', { exact: true }).selectOption('contacted')
  await panel.getByRole('button', { name: 'Save Status' }).click()
  await expect(page.getByText('Status Changed Successfully!')).toBeVisible()
  // Back on the same filtered list, with the lead still open.
  await expect(page).toHaveURL(/source=cart/)
  await expect(panel.getByText('Status changed from New to Contacted')).toBeVisible()

  await panel.getByRole('button', { name: 'Add Note' }).click()
  await expect(panel.getByText('Enter a note')).toBeVisible()
  await panel.getByLabel('Note', { exact: true }).fill('Wants a cover letter too')
  await panel.getByRole('button', { name: 'Add Note' }).click()
  await expect(page.getByText('Note Added Successfully!')).toBeVisible()
  await expect(panel.getByText('Wants a cover letter too')).toBeVisible()

  const convert = panel.getByRole('form', { name: 'Convert to customer' })
  await convert.getByLabel('First Name').fill('')
  await convert.getByLabel('Last Name').fill('Cartwright')
  await convert.getByLabel('Send the welcome e-mail with login details').uncheck()
  await convert.getByRole('button', { name: 'Convert to Customer' }).click()
  await expect(convert.getByText('Enter First Name')).toBeVisible()
  await expect(convert.getByLabel('Last Name')).toHaveValue('Cartwright')
  await convert.getByLabel('First Name').fill('Carla')
  await convert.getByRole('button', { name: 'Convert to Customer' }).click()
  await expect(page.getByText('Lead Converted to a Customer Successfully!')).toBeVisible()
  await expect(panel.getByRole('link', { name: cart.email })).toBeVisible()
  await expect(panel.getByRole('form', { name: 'Convert to customer' })).toHaveCount(0)
  const customer = await platformDb.selectFrom('users').select(['client_id', 'last_name']).where('email', '=', cart.email).execute()
  expect(customer).toEqual([{ client_id: org.id, last_name: 'Cartwright' }])

  // A converted lead stays won: the refusal is shown on the form.
  await panel.getByRole('form', { name: 'Change status' }).getByLabel('Status', { exact: true }).selectOption('lost')
  await panel.getByRole('button', { name: 'Save Status' }).click()
  await expect(panel.getByText('A converted lead stays Won: it is a customer now')).toBeVisible()
})

test('Add Lead: errors shown with input kept, a duplicate e-mail refused, then the new lead opens @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner, cart } = await organisationWithLeads()
  await loginAs(owner.email, org.name)
  await page.goto('/leads/view')
  await ready(page, javaScriptEnabled)
  await page.getByRole('main').getByRole('link', { name: 'Create Lead' }).click()
  const form = page.getByRole('form', { name: 'Add lead' })
  await form.getByLabel('Email').fill('not-an-email')
  await form.getByLabel('First Name').fill('Mona')
  await form.getByRole('button', { name: 'Add Lead' }).click()
  await expect(form.getByText('Email is required')).toBeVisible()
  await expect(form.getByLabel('First Name')).toHaveValue('Mona')

  await form.getByLabel('Email').fill(cart.email)
  await form.getByRole('button', { name: 'Add Lead' }).click()
  await expect(form.getByText('A lead with this email already exists')).toBeVisible()
  await expect(form.getByLabel('First Name')).toHaveValue('Mona')

  const email = uniqueEmail('e2e-manual')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Last Name').fill('Manual')
  await form.getByLabel('Note').fill('Asked about LinkedIn profiles')
  await form.getByRole('button', { name: 'Add Lead' }).click()
  await expect(page.getByText('Lead Added Successfully!')).toBeVisible()
  const panel = page.locator(`[aria-label="Lead ${email}"]`)
  await expect(panel.getByRole('heading', { name: 'Mona Manual' })).toBeVisible()
  await expect(panel).toContainText('Manual')
  await expect(panel.getByText('Asked about LinkedIn profiles')).toBeVisible()
  await expect(page.getByRole('form', { name: 'Add lead' })).toHaveCount(0)
})

test('Export CSV downloads the filtered list @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner, crm } = await organisationWithLeads()
  await loginAs(owner.email, org.name)
  await page.goto('/leads/view?source=crm')
  await ready(page, javaScriptEnabled)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d\d-\d\d\.csv$/)
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')
  const lines = text.trimEnd().split('\r\n')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(`Cyrus Crm,${crm.email},,CRM,New,`)
})

test('a leads-only user sees Leads and what their permissions give, and cannot convert', async ({ page, loginAs }) => {
  const { org, cart } = await organisationWithLeads()
  const user = await createUser({ email: uniqueEmail('e2e-leads-only'), memberships: [{ clientId: org.id, role: 'user', permissions: [] }] })
  await platformDb.updateTable('memberships').set({ leads_only: true }).where('user_id', '=', user.accounts.get(org.id)!.id).execute()
  await loginAs(user.email, org.name)
  await page.goto(`/leads/view?lead=${cart.publicId}`)
  await ready(page, true)
  const nav = page.getByRole('navigation', { name: /sidebar|main/i }).first()
  await expect(nav.getByRole('link', { name: 'Leads' })).toBeVisible()
  for (const hidden of ['Orders', 'Customers', 'Products', 'Website Settings']) await expect(nav.getByText(hidden, { exact: true })).toHaveCount(0)
  await expect(page.getByRole('form', { name: 'Add a note' })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Convert to customer' })).toHaveCount(0)
})

test('Demo Writing Co has its demo leads', async ({ page, loginAs }) => {
  await loginAs('owner@demo.test', 'Demo Writing Co')
  await page.goto('/leads/view?q=demo-leads.test')
  await expect(page.getByRole('table', { name: 'Leads' })).toContainText('nora.lead@demo-leads.test')
})
