// /payments/invoices: Invoices and Receipts from Stripe (amounts in cents shown as money, status, date,
// links), and Pay Now on an open invoice with the default card.
import { expect, test } from '#tests/e2e/fixtures'
import { createUser } from '#tests/factories/index'
import { setDecline, subscribedOrganisation } from '#tests/integration/billing-fixtures'
import { emulatorUrl, ready, stripeSdk } from './helpers'

const table = (page: import('@playwright/test').Page) => page.getByRole('table', { name: 'Invoices and Receipts' })

test('lists the invoice of a new subscription with money, status, date and links', async ({ page, loginAs }) => {
  const { stripe, payments } = stripeSdk()
  const o = await subscribedOrganisation(stripe, payments, emulatorUrl())
  await loginAs(o.owner.email, o.org.name)
  await page.goto('/payments/invoices')
  await expect(page.getByRole('heading', { name: 'Invoices and Receipts', level: 1 })).toBeVisible()
  const rows = table(page).locator('tbody tr')
  await expect(rows).toHaveCount(1)
  const invoice = await stripe.invoices.retrieve(o.sub.latestInvoiceId!)
  const row = rows.first()
  await expect(row).toContainText(invoice.number!)
  await expect(row).toContainText('$29')
  await expect(row).toContainText('Paid')
  await expect(row).toContainText(new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }).format(invoice.created * 1000))
  await expect(row.getByRole('link', { name: `View invoice ${invoice.number}` })).toHaveAttribute('href', invoice.hosted_invoice_url!)
  await expect(row.getByRole('link', { name: /PDF/ })).toHaveAttribute('href', invoice.invoice_pdf!)
  await expect(row.getByRole('link', { name: /Receipt of invoice/ })).toHaveAttribute('href', /\/_emulator\/receipts\/ch_/)
  await expect(row.getByRole('button', { name: /Pay Now/ })).toHaveCount(0)
})

test('pays an open invoice with the default card: a decline shows Stripe’s message, then it pays @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { stripe, payments } = stripeSdk()
  const o = await subscribedOrganisation(stripe, payments, emulatorUrl(), { pastDue: true })
  const open = (await stripe.invoices.list({ customer: o.customer.id, status: 'open' })).data[0]!
  await loginAs(o.owner.email, o.org.name)
  await page.goto('/payments/invoices')
  await ready(page, javaScriptEnabled)
  const row = table(page).getByRole('row', { name: new RegExp(open.number!) })
  await expect(row).toContainText('Open')
  await row.getByRole('button', { name: `Pay Now invoice ${open.number}` }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()

  await setDecline(emulatorUrl(), o.visa.id, 'none')
  await table(page)
    .getByRole('row', { name: new RegExp(open.number!) })
    .getByRole('button', { name: `Pay Now invoice ${open.number}` })
    .click()
  await expect(page.getByText('Invoice paid successfully.')).toBeVisible()
  await expect(table(page).getByRole('row', { name: new RegExp(open.number!) })).toContainText('Paid')
  await expect(table(page).getByRole('button', { name: /Pay Now/ })).toHaveCount(0)
})

test('staff who may read invoices but not charge a card see no Pay Now', async ({ page, loginAs }) => {
  const { stripe, payments } = stripeSdk()
  const o = await subscribedOrganisation(stripe, payments, emulatorUrl(), { pastDue: true })
  const reader = await createUser({ memberships: [{ clientId: o.org.id, role: 'user', permissions: ['READ_SUBSCRIPTION_INVOICES'] }] })
  await loginAs(reader.email, o.org.name)
  await page.goto('/payments/invoices')
  await expect(table(page).locator('tbody tr')).toHaveCount(2)
  await expect(table(page).getByText('Open')).toBeVisible()
  await expect(table(page).getByRole('button', { name: /Pay Now/ })).toHaveCount(0)
})
