// The contributor's own (issue 26, ADR 0068): the earnings page with its totals, own figures and order
// links; the own-profile form (with and without JavaScript): staff fields shown, a field error kept with
// what was typed, then saved. Both pages axe clean at a desktop and a phone width.
import { createOrganisation, createUser } from '#tests/factories/index'
import { createContributor, createCustomer, createDraft, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { expect, test } from '#tests/e2e/fixtures'
// axe over the whole page (shell included) and no sideways scroll of the page, at a desktop and a phone.
import { expectAccessibleAtEveryWidth } from '#tests/e2e/portal/axe'
import { platformDb } from '#app/services/db.server'

async function writerWorld() {
  const org = await createOrganisation()
  await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  const product = await createProductWithWorkflow(org.id, { name: 'Executive Resume' })
  const customer = await createCustomer(org.id, { firstName: 'Ada', lastName: 'Lovelace' })
  const writer = await createContributor(org.id, { firstName: 'Wren', lastName: 'Writer' })
  const other = await createContributor(org.id, { firstName: 'Otto', lastName: 'Other' })
  const place = (writerUserId: number, overrides: Parameters<typeof createOrder>[2]) =>
    createOrder(org.id, { customerUserId: customer.userId, productId: product.productId, priceCents: 99_900 }, { writerUserId, ...overrides })
  return { org, writer, other, place }
}

test('a contributor reads what they earned, what is owed and paid, and their own figures', async ({ page, loginAs }) => {
  test.slow()
  const w = await writerWorld()
  const paid = await w.place(w.writer.userId, { marked_as_complete: true, amount_paid_to_writer_cents: 5000 })
  const owed = await w.place(w.writer.userId, { marked_as_complete: true, amount_paid_to_writer_cents: 7550 })
  const theirs = await w.place(w.other.userId, { marked_as_complete: true, amount_paid_to_writer_cents: 12_300 })
  await platformDb.updateTable('orders').set({ writer_paid_at: new Date() }).where('id', '=', paid.id).execute()
  await createDraft(w.org.id, owed, { rating: 4 })
  await createDraft(w.org.id, theirs, { rating: 1 })

  await loginAs(w.writer.email, w.org.name)
  await page.goto('/work/earnings')
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible()
  const totals = page.getByRole('definition')
  await expect(page.getByText('Owed to you')).toBeVisible()
  await expect(totals.filter({ hasText: '$75.5' }).first()).toBeVisible()
  await expect(totals.filter({ hasText: '$125.5' }).first()).toBeVisible()
  const figures = page.getByRole('region', { name: 'My figures' })
  await expect(figures).toContainText('4.00')
  await expect(figures).not.toContainText('1.00')

  const orders = page.getByRole('table', { name: 'Earnings per order' })
  await expect(orders.getByRole('row')).toHaveCount(3)
  await expect(orders.getByRole('row', { name: new RegExp(paid.public_id) })).toContainText('Paid')
  await expect(orders.getByRole('row', { name: new RegExp(owed.public_id) })).toContainText('Owed')
  await expect(orders.getByRole('link', { name: owed.public_id })).toHaveAttribute('href', `/work/orders/${owed.public_id}`)
  // Neither another contributor's order nor what the customer paid ($999) is anywhere on the page.
  await expect(page.locator('main')).not.toContainText(theirs.public_id)
  await expect(page.locator('main')).not.toContainText('999')
  await expect(page.getByRole('table', { name: 'Earnings by month' })).toContainText('$125.5')

  const sidebar = page.getByRole('navigation', { name: 'Main' })
  await expect(sidebar.getByRole('link', { name: 'Earnings' })).toBeVisible()
  await expect(sidebar.getByRole('link', { name: 'My profile' })).toBeVisible()
  await expectAccessibleAtEveryWidth(page, 'Earnings')
})

test('a contributor keeps their own profile up to date; staff fields stay as set @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  test.slow()
  const w = await writerWorld()
  await loginAs(w.writer.email, w.org.name)
  await page.goto('/work/profile')
  const staffSet = page.getByRole('region', { name: 'Set by your team' })
  await expect(staffSet).toContainText('Senior')
  await expect(staffSet).toContainText('Resume')
  const form = page.getByRole('region', { name: 'Contributor profile' })
  await expect(form.getByRole('textbox', { name: 'Levels' })).toHaveCount(0)
  // axe runs in the page, so only where JavaScript runs.
  if (javaScriptEnabled) await expectAccessibleAtEveryWidth(page, 'My profile')

  await form.getByLabel('Languages').fill('German, French')
  await form.getByRole('checkbox', { name: 'Tuesday' }).check()
  await form.getByLabel('Scheduling Link').fill('not a link')
  await form.getByRole('button', { name: 'Save profile' }).click()
  await expect(form.getByText('Please, enter a valid link')).toBeVisible()
  await expect(form.getByLabel('Languages')).toHaveValue('German, French')
  await expect(form.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked()

  await form.getByLabel('Scheduling Link').fill('https://cal.example/wren-new')
  await form.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Profile Updated Successfully')).toBeVisible()
  await expect(form.getByLabel('Languages')).toHaveValue('German, French')
  await expect(form.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked()
  await expect(form.getByRole('checkbox', { name: 'Monday' })).toBeChecked()
  await expect(form.getByLabel('Scheduling Link')).toHaveValue('https://cal.example/wren-new')
  await expect(staffSet).toContainText('Senior')
})
