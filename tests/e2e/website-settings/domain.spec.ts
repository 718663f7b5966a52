// /website-settings/domain: the subdomain and custom domain cards and modals (with and without
// JavaScript), the CNAME and e-mail instructions, https only once verified, and WRITE_DOMAIN.
import type { Page } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createTenant, createUser } from '#tests/factories/index'
import { expect, test } from '#tests/e2e/fixtures'
import { ready } from '../platform/helpers'

const PAGE = '/website-settings/domain'
const PORT = process.env.PORT ?? '3100'

const suffix = () => Math.random().toString(36).slice(2, 8)
const modal = (page: Page, javaScriptEnabled: boolean, name: string) => page.getByRole(javaScriptEnabled ? 'dialog' : 'region', { name, exact: true })

async function tenantWithSubdomain() {
  const tenant = await createTenant()
  const sub = `dom${suffix()}`
  await platformDb.updateTable('organisations').set({ subdomain: sub }).where('id', '=', tenant.org.id).execute()
  return { ...tenant, sub }
}

test('edits the subdomain: required, format, taken, then saved @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner, sub } = await tenantWithSubdomain()
  const other = await tenantWithSubdomain()
  await loginAs(owner.email, org.name)
  await page.goto(PAGE)
  await ready(page, javaScriptEnabled)
  const card = page.getByRole('region', { name: 'Portal subdomain' })
  await expect(card.getByTestId('subdomain-url')).toHaveText(`http://${sub}.localhost:${PORT}`)
  await expect(card.getByRole('link', { name: 'Open subdomain' })).toHaveAttribute('href', `http://${sub}.localhost:${PORT}`)
  await card.getByRole('link', { name: 'Edit subdomain' }).click()

  const form = modal(page, javaScriptEnabled, 'Subdomain')
  await expect(form.getByRole('textbox', { name: 'Subdomain' })).toHaveValue(sub)
  await form.getByRole('textbox', { name: 'Subdomain' }).fill('')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByText('Enter Subdomain')).toBeVisible()
  await modal(page, javaScriptEnabled, 'Subdomain').getByRole('textbox', { name: 'Subdomain' }).fill('a-b')
  await modal(page, javaScriptEnabled, 'Subdomain').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Subdomain must be 3 to 20 alphanumeric characters')).toBeVisible()
  await modal(page, javaScriptEnabled, 'Subdomain').getByRole('textbox', { name: 'Subdomain' }).fill(other.sub.toUpperCase())
  await modal(page, javaScriptEnabled, 'Subdomain').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Subdomain is already taken')).toBeVisible()
  // What was typed stays in the field.
  await expect(modal(page, javaScriptEnabled, 'Subdomain').getByRole('textbox', { name: 'Subdomain' })).toHaveValue(other.sub.toUpperCase())

  const fresh = `new${suffix()}`
  await modal(page, javaScriptEnabled, 'Subdomain').getByRole('textbox', { name: 'Subdomain' }).fill(fresh)
  await modal(page, javaScriptEnabled, 'Subdomain').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await expect(modal(page, javaScriptEnabled, 'Subdomain')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Portal subdomain' }).getByTestId('subdomain-url')).toHaveText(`http://${fresh}.localhost:${PORT}`)
  // Issue 27: once the dialog has submitted and closed, focus is back on the control that opened it.
  if (javaScriptEnabled) await expect(page.getByRole('region', { name: 'Portal subdomain' }).getByRole('link', { name: 'Edit subdomain' })).toBeFocused()
})

test('sets a custom domain, shows the CNAME and e-mail records, and https only once verified @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner, sub } = await tenantWithSubdomain()
  await loginAs(owner.email, org.name)
  await page.goto(PAGE)
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('region', { name: 'CNAME Setup' })).toHaveCount(0)
  await page.getByRole('region', { name: 'Portal custom domain' }).getByRole('link', { name: 'Edit custom domain' }).click()

  const form = modal(page, javaScriptEnabled, 'Custom Domain')
  await form.getByRole('textbox', { name: 'Custom Domain' }).fill('')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Enter Custom Domain')).toBeVisible()
  await modal(page, javaScriptEnabled, 'Custom Domain').getByRole('textbox', { name: 'Custom Domain' }).fill('not a domain')
  await modal(page, javaScriptEnabled, 'Custom Domain').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Enter a valid domain name, e.g. portal.example.com')).toBeVisible()
  await modal(page, javaScriptEnabled, 'Custom Domain').getByRole('textbox', { name: 'Custom Domain' }).fill(`x.${sub}.localhost`)
  await modal(page, javaScriptEnabled, 'Custom Domain').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('This domain belongs to the platform: use the subdomain instead')).toBeVisible()

  const custom = `portal.${sub}.example`
  await modal(page, javaScriptEnabled, 'Custom Domain').getByRole('textbox', { name: 'Custom Domain' }).fill(custom.toUpperCase())
  await modal(page, javaScriptEnabled, 'Custom Domain').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()

  const card = page.getByRole('region', { name: 'Portal custom domain' })
  await expect(card.getByTestId('custom-domain')).toHaveText(custom)
  // The save queued a check at once; against real DNS this name has no records.
  await expect(card).toContainText(/Pending verification|Verification failed/)
  await expect(card.getByRole('link', { name: 'Open custom domain' })).toHaveCount(0)
  const setup = page.getByRole('region', { name: 'CNAME Setup' })
  await expect(setup.getByRole('row', { name: new RegExp(`CNAME ${custom.replace(/\./g, '\\.')} ${sub}\\.localhost`) })).toBeVisible()
  await expect(setup.getByRole('row', { name: new RegExp(`TXT bounce\\.${custom.replace(/\./g, '\\.')} v=spf1 include:_spf\\.localhost ~all`) })).toBeVisible()
  await expect(setup.getByRole('row', { name: new RegExp(`TXT dd1\\._domainkey\\.${custom.replace(/\./g, '\\.')} v=DKIM1; k=rsa; p=`) })).toBeVisible()
  await expect(page.getByRole('region', { name: 'System Emails' })).toContainText(`no-reply@${sub}.localhost`)

  // The scheduled check found the records (as the DNS integration test shows): the card turns secure.
  await platformDb
    .updateTable('organisation_domains')
    .set({
      cname_status: 'verified',
      cname_verified_at: new Date(),
      cname_checked_at: new Date(),
      email_status: 'verified',
      email_records: JSON.stringify({ spf: true, dkim: true }),
    })
    .where('client_id', '=', org.id)
    .execute()
  await page.goto(PAGE)
  await expect(card.getByTestId('custom-domain')).toHaveText(`https://${custom}`)
  await expect(card.getByRole('link', { name: 'Open custom domain' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'System Emails' })).toContainText(`no-reply@${custom}`)
})

test('Check DNS now queues a check', async ({ page, loginAs }) => {
  const { org, owner, sub } = await tenantWithSubdomain()
  await platformDb
    .insertInto('organisation_domains')
    .values({ client_id: org.id, custom_domain: `check.${sub}.example` })
    .execute()
  await loginAs(owner.email, org.name)
  await page.goto(PAGE)
  await page.getByRole('button', { name: 'Check DNS now' }).click()
  await expect(page.getByText('The DNS check has started.')).toBeVisible()
})

test('without WRITE_DOMAIN the cards are read-only and saving is refused; without READ_WEBSITE_SETTINGS the page is', async ({ page, loginAs }) => {
  const { org, sub } = await tenantWithSubdomain()
  const reader = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_WEBSITE_SETTINGS'] }] })
  await loginAs(reader.email, org.name)
  await page.goto(`${PAGE}?edit=subdomain`)
  await expect(page.getByRole('region', { name: 'Portal subdomain' })).toContainText(sub)
  await expect(page.getByRole('link', { name: 'Edit subdomain' })).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Subdomain' })).toHaveCount(0)
  const posted = await page.request.post(PAGE, { form: { intent: 'subdomain', subDomain: `hack${suffix()}` }, headers: { Origin: new URL(page.url()).origin } })
  expect(posted.status()).toBe(403)
  expect((await platformDb.selectFrom('organisations').select('subdomain').where('id', '=', org.id).executeTakeFirstOrThrow()).subdomain).toBe(sub)

  const outsider = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
  await loginAs(outsider.email, org.name)
  expect((await page.goto(PAGE))?.status()).toBe(403)
})
