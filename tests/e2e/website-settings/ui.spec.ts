// /website-settings/ui: company details (required, e-mail), colour pickers (one open at a time with
// JavaScript, plain inputs without), social links, the images set locally and stored on Save, the
// colours theming the shell, hidden sections for leads-only users, and UPDATE_UI_CUSTOMIZATION.
import type { Page } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createTenant, createUser } from '#tests/factories/index'
import { expect, test } from '#tests/e2e/fixtures'
import { ready } from '../platform/helpers'

const PAGE = '/website-settings/ui'
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082', 'hex')

async function fillCompany(page: Page, company = 'Acme Careers') {
  const details = page.getByRole('region', { name: 'Company Details' })
  await details.getByLabel('Company Name').fill(company)
  await details.getByLabel('Company Phone').fill('+1 555 0100')
  await details.getByLabel('Company Address').fill('1 Main Street, Springfield')
  await details.getByLabel('Company Email').fill('hello@acme.example')
}

const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click()

test('company details are required and the e-mail checked; colours and links are saved and theme the shell @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto(PAGE)
  await ready(page, javaScriptEnabled)
  const details = page.getByRole('region', { name: 'Company Details' })
  await expect(details.getByLabel('Company Name')).toHaveValue(org.name)
  await details.getByLabel('Company Name').fill('')
  await save(page)
  for (const message of ['Enter Company Name', 'Enter Company Phone', 'Enter Company Address', 'Enter Company Email']) await expect(page.getByText(message)).toBeVisible()

  await fillCompany(page)
  await page.getByRole('region', { name: 'Company Details' }).getByLabel('Company Email').fill('not-an-email')
  await page.getByLabel('Top Bar Background', { exact: true }).fill('#11182')
  await page.getByRole('region', { name: 'Social Media' }).getByLabel('Twitter').fill('twitter dot com')
  await save(page)
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByText('Enter a colour as #RRGGBB, e.g. #1d4ed8')).toBeVisible()
  await expect(page.getByText('Please, enter a valid link')).toBeVisible()
  // What was typed is kept.
  await expect(page.getByRole('region', { name: 'Company Details' }).getByLabel('Company Address')).toHaveValue('1 Main Street, Springfield')

  await fillCompany(page)
  await page.getByLabel('Top Bar Background', { exact: true }).fill('#111827')
  await page.getByLabel('Top Bar Text', { exact: true }).fill('#FFF')
  await page.getByLabel('Sidebar Background', { exact: true }).fill('#0d9488')
  await page.getByRole('region', { name: 'Social Media' }).getByLabel('Twitter').fill('https://twitter.com/acme')
  await save(page)
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await expect(page.getByLabel('Top Bar Text', { exact: true })).toHaveValue('#ffffff')
  await expect(page.getByRole('region', { name: 'Social Media' }).getByLabel('Twitter')).toHaveValue('https://twitter.com/acme')

  // The colours theme the portal: the top bar and the sidebar take them at once.
  await expect(page.locator('header.portal-topbar')).toHaveCSS('background-color', 'rgb(17, 24, 39)')
  await expect(page.locator('header.portal-topbar')).toHaveCSS('color', 'rgb(255, 255, 255)')
  await expect(page.locator('aside.portal-sidebar')).toHaveCSS('background-color', 'rgb(13, 148, 136)')
  await expect(page.locator('header.portal-topbar')).toContainText('Acme Careers')
  const row = await platformDb.selectFrom('website_customizations').selectAll().where('client_id', '=', org.id).executeTakeFirstOrThrow()
  expect(row).toMatchObject({ company_email: 'hello@acme.example', top_bar_bg_color: '#111827', side_bar_text_color: null, twitter_link: 'https://twitter.com/acme' })
})

test('one colour picker is open at a time; a swatch sets the colour', async ({ page, loginAs }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto(PAGE)
  await ready(page, true)
  await page.getByRole('button', { name: 'Pick Top Bar Background' }).click()
  await expect(page.getByRole('dialog', { name: 'Top Bar Background picker' })).toBeVisible()
  await page.getByRole('button', { name: 'Pick Top Bar Text' }).click()
  await expect(page.getByRole('dialog', { name: 'Top Bar Text picker' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Top Bar Background picker' })).toHaveCount(0)
  await page.getByRole('dialog', { name: 'Top Bar Text picker' }).getByRole('button', { name: '#dc2626' }).click()
  await expect(page.getByLabel('Top Bar Text', { exact: true })).toHaveValue('#dc2626')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.getByRole('button', { name: 'Pick Footer Text' }).click()
  await page.getByRole('dialog', { name: 'Footer Text picker' }).getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('images are chosen locally, stored only on Save, and removed again @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, owner } = await createTenant()
  await loginAs(owner.email, org.name)
  await page.goto(PAGE)
  await ready(page, javaScriptEnabled)
  await fillCompany(page)
  await expect(page.getByText('Recommended height 50px')).toBeVisible()
  await expect(page.getByText('Recommended height 120px')).toHaveCount(2)

  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
  await save(page)
  await expect(page.getByText('Images must be jpeg, jpg or png')).toBeVisible()

  await fillCompany(page)
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG })
  await page.getByLabel('Login Image', { exact: true }).setInputFiles({ name: 'login.png', mimeType: 'image/png', buffer: PNG })
  if (javaScriptEnabled) await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', /^blob:/)
  // Nothing is stored before Save.
  expect((await platformDb.selectFrom('organisations').select('logo').where('id', '=', org.id).executeTakeFirstOrThrow()).logo).toBeNull()
  await save(page)
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  const logo = (await platformDb.selectFrom('organisations').select('logo').where('id', '=', org.id).executeTakeFirstOrThrow()).logo!
  expect(logo).toMatch(/\.png$/)
  await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', `/branding/${logo}`)
  const image = await page.request.get(`/branding/${logo}`)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/png')

  await fillCompany(page)
  if (javaScriptEnabled) await page.getByRole('button', { name: 'Delete Logo' }).click()
  else await page.getByLabel('Remove logo').check()
  await save(page)
  await expect.poll(async () => (await platformDb.selectFrom('organisations').select('logo').where('id', '=', org.id).executeTakeFirstOrThrow()).logo).toBeNull()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Company Details' }).getByText('No image')).toBeVisible()
  // The removed image's bytes are gone; the login image stays.
  expect((await page.request.get(`/branding/${logo}`)).status()).toBe(404)
  await expect(page.getByRole('img', { name: 'Login Image preview' })).toBeVisible()
})

test('leads-only users see the company details only; without UPDATE_UI_CUSTOMIZATION nothing can be saved', async ({ page, loginAs }) => {
  const { org } = await createTenant()
  const leads = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_WEBSITE_SETTINGS', 'UPDATE_UI_CUSTOMIZATION'] }] })
  await platformDb.updateTable('memberships').set({ leads_only: true }).where('client_id', '=', org.id).where('user_id', '=', leads.accounts.get(org.id)!.id).execute()
  await loginAs(leads.email, org.name)
  await page.goto(PAGE)
  await expect(page.getByRole('region', { name: 'Company Details' })).toBeVisible()
  for (const section of ['Color Scheme', 'Social Media', 'Welcome Images']) await expect(page.getByRole('region', { name: section })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible()

  const reader = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_WEBSITE_SETTINGS'] }] })
  await loginAs(reader.email, org.name)
  await page.goto(PAGE)
  await expect(page.getByRole('region', { name: 'Color Scheme' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0)
  const posted = await page.request.post(PAGE, {
    form: { companyName: 'Hijacked', companyPhone: '1', companyAddress: 'x', companyEmail: 'a@b.example' },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(posted.status()).toBe(403)
  expect((await platformDb.selectFrom('organisations').select('name').where('id', '=', org.id).executeTakeFirstOrThrow()).name).toBe(org.name)
})
