// /crm/user/view/all, /crm/user/add, /crm/user/edit/{id} and /crm/integrations (ADR 0049): the admin
// CRM account made on first visit, a user added PENDING and synced to ACTIVE by the job through the
// CRM emulator, field errors with the input kept, edit and delete, the messaging account with only
// its token's last 4 shown, the external CRM link, and the section refused without CRM.
import type { Page } from '@playwright/test'
import { expect, test } from '#tests/e2e/fixtures'
import { crmTenant } from '#tests/factories/crm'
import { createTenant } from '#tests/factories/index'

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').first().waitFor()
}

test('add a CRM user: errors first, then PENDING → ACTIVE; edit and delete @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  page.on('dialog', (dialog) => void dialog.accept())
  const { org, owner } = await crmTenant({ flags: { contactsEnabled: false }, maxCrmUsers: 3 })
  await loginAs(owner.email, org.name)
  await page.goto('/crm/user/view/all')
  await ready(page, javaScriptEnabled)
  // The admin CRM account was made from the owner; it has no edit or delete.
  const adminRow = page.getByRole('row').filter({ hasText: owner.email })
  await expect(adminRow).toContainText('Admin')
  await expect(adminRow.getByRole('button', { name: /Delete/ })).toHaveCount(0)
  await expect(adminRow.getByRole('link', { name: /Edit/ })).toHaveCount(0)

  await page.getByRole('main').getByRole('link', { name: 'Create CRM User' }).click()
  await expect(page).toHaveURL(/\/crm\/user\/add$/)
  await ready(page, javaScriptEnabled)
  const form = page.getByRole('form', { name: 'Add CRM user' })
  await expect(form.getByLabel('Contacts')).toHaveCount(0)
  await form.getByRole('button', { name: 'Add User' }).click()
  await expect(form.getByText('Enter First Name')).toBeVisible()
  await form.getByLabel('First Name').fill('Cara')
  await form.getByLabel('Last Name').fill('Mills')
  const email = `cara-${Math.random().toString(36).slice(2, 8)}@example.test`
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill('weakpass')
  await form.getByRole('button', { name: 'Add User' }).click()
  await expect(form.getByText(/Password must be at least 8 characters with an uppercase letter/)).toBeVisible()
  await expect(form.getByLabel('Email')).toHaveValue(email)

  await form.getByLabel('Password').fill('Str0ng@Pass')
  await form.getByLabel('Campaigns').uncheck()
  await form.getByRole('button', { name: 'Add User' }).click()
  await expect(page).toHaveURL(/\/crm\/user\/view\/all$/)
  await expect(page.getByText('User Created Successfully')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: email })
  // The sync job runs in the server's worker against the emulator; without JavaScript, reload to see it.
  await expect(async () => {
    if (!javaScriptEnabled) await page.reload()
    await expect(row).toContainText('ACTIVE', { timeout: 1000 })
  }).toPass({ timeout: 15_000 })

  await row.getByRole('link', { name: `Edit ${email}` }).click()
  await expect(page).toHaveURL(/\/crm\/user\/edit\//)
  await ready(page, javaScriptEnabled)
  const edit = page.getByRole('form', { name: 'Edit CRM user' })
  await expect(edit.getByLabel('Campaigns')).not.toBeChecked()
  await expect(edit.getByLabel('Funnels')).toBeChecked()
  await edit.getByLabel('First Name').fill('Carla')
  await edit.getByRole('button', { name: 'Update User' }).click()
  await expect(page.getByText('User Updated Successfully')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Carla Mills')

  await page
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('button', { name: `Delete ${email}` })
    .click()
  await expect(page.getByText('Deleted!')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0)
})

test('messaging integration: the token is never shown again, only its last 4 @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await crmTenant()
  await loginAs(owner.email, org.name)
  await page.goto('/crm/integrations')
  await ready(page, javaScriptEnabled)
  const form = page.getByRole('form', { name: 'Messaging integration' })
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByText('Enter Account SID')).toBeVisible()
  await form.getByLabel('Account SID').fill('nope')
  await form.getByLabel('Auth Token').fill('short')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByRole('alert').filter({ hasText: 'account SID or auth token is wrong' })).toBeVisible()
  // The server never sends the token back (with JavaScript the browser simply keeps what was typed).
  if (!javaScriptEnabled) await expect(form.getByLabel('Auth Token')).toHaveValue('')

  await form.getByLabel('Account SID').fill('AC1234567890')
  await form.getByLabel('Auth Token').fill('abcdefghijklmnopWXYZ')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await expect(page.getByLabel('Connected account')).toContainText('••••WXYZ')
  expect(await page.content()).not.toContain('abcdefghijklmnop')
})

test('the sidebar shows CRM with the external CRM link only when CRM is available', async ({ page, loginAs }) => {
  const { org, owner } = await crmTenant()
  await loginAs(owner.email, org.name)
  await page.goto('/dashboard')
  await page.locator('[data-hydrated]').first().waitFor()
  await page.getByRole('button', { name: 'CRM', exact: true }).click()
  await expect(page.getByRole('link', { name: 'CRM Users' })).toBeVisible()
  const external = page.getByRole('link', { name: 'Open CRM' })
  await expect(external).toHaveAttribute('href', process.env.CRM_URL ?? /.+/)
  await expect(external).toHaveAttribute('target', '_blank')

  const other = await createTenant()
  await page.context().clearCookies()
  await loginAs(other.owner.email, other.org.name)
  await page.goto('/dashboard')
  await expect(page.getByRole('button', { name: 'CRM', exact: true })).toHaveCount(0)
  await page.goto('/crm/user/view/all')
  await expect(page.getByText('CRM is not active! Please wait for the CRM to get enabled')).toBeVisible()
})

test("a CRM refusal leaves the user PENDING with the CRM's errors shown", async ({ page, loginAs }) => {
  const { org, owner } = await crmTenant()
  const { platformDb } = await import('#app/services/db.server')
  const { external_id: locationId } = await platformDb.selectFrom('crm_locations').select('external_id').where('client_id', '=', org.id).executeTakeFirstOrThrow()
  // The emulator the server talks to refuses this organisation's next user, naming the field.
  const failed = await fetch(`${process.env.CRM_API_URL}/_emulator/fail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      times: 1,
      path: `/locations/${locationId}/users`,
      status: 422,
      body: { message: 'Validation failed', crmErrors: { email: 'This email is blocked by the CRM' } },
    }),
  })
  expect(failed.status).toBe(200)
  await loginAs(owner.email, org.name)
  await page.goto('/crm/user/add')
  await ready(page, true)
  const form = page.getByRole('form', { name: 'Add CRM user' })
  await form.getByLabel('First Name').fill('Blocked')
  await form.getByLabel('Last Name').fill('Person')
  await form.getByLabel('Email').fill(`blocked-${Math.random().toString(36).slice(2, 8)}@example.test`)
  await form.getByLabel('Password').fill('Str0ng@Pass')
  await form.getByRole('button', { name: 'Add User' }).click()
  const row = page.getByRole('row').filter({ hasText: 'Blocked Person' })
  await expect(row.getByRole('alert')).toContainText('This email is blocked by the CRM', { timeout: 15_000 })
  await expect(row).toContainText('PENDING')
})
