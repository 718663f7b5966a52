// My work (/work) in the browser, with and without JavaScript: a writer sees only their orders, filters
// them, claims an order of the open pool; the board moves a card by drag and drop (JS) or its move form.
import { saveWebsiteSettings } from '#app/models/organisation-settings.server'
import { tenantDb } from '#app/services/db.server'
import { createOrganisation, createUser } from '#tests/factories/index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { expect, test } from '#tests/e2e/fixtures'
// axe over the whole page (shell included) and no sideways scroll of the page, at a desktop and a phone.
import { expectAccessibleAtEveryWidth } from '#tests/e2e/portal/axe'

async function writerWorld(settings: { enable_open_pool?: boolean; enable_boards?: boolean }) {
  const org = await createOrganisation()
  await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  await saveWebsiteSettings({ db: tenantDb(org.id), clientId: org.id }, settings)
  const resume = await createProductWithWorkflow(org.id, { name: 'Executive Resume' })
  const linkedin = await createProductWithWorkflow(org.id, { name: 'LinkedIn Makeover' })
  const poolProduct = await createProductWithWorkflow(org.id, { name: 'Graduate CV' })
  const customer = await createCustomer(org.id, { firstName: 'Ada', lastName: 'Lovelace' })
  const writer = await createContributor(org.id, { firstName: 'Wendy' })
  const other = await createContributor(org.id, { firstName: 'Otto' })
  const refs = (productId: number) => ({ customerUserId: customer.userId, productId })
  const day = 86_400_000
  await createOrder(org.id, refs(resume.productId), { writerUserId: writer.userId, dueDate: new Date(Date.now() + day), priority: 'urgent', completedTasks: ['previous_document'] })
  await createOrder(org.id, refs(linkedin.productId), { writerUserId: writer.userId, dueDate: new Date(Date.now() + 10 * day) })
  await createOrder(org.id, refs(resume.productId), { writerUserId: other.userId })
  await createOrder(org.id, refs(poolProduct.productId))
  return { org, writer }
}

test('a writer sees only their orders, filters them and claims an order of the open pool @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  test.slow(javaScriptEnabled, 'axe at two widths')
  const { org, writer } = await writerWorld({ enable_open_pool: true })
  await loginAs(writer.email, org.name)
  await page.goto('/work')
  await expect(page.getByRole('heading', { level: 1, name: 'My work' })).toBeVisible()
  const mine = page.getByRole('list', { name: 'My orders' })
  // Most urgent first; the other writer's order is not here.
  await expect(mine.getByTestId('work-order')).toHaveCount(2)
  await expect(mine.getByTestId('work-order').first()).toContainText('Executive Resume')
  await expect(mine.getByTestId('work-order').first()).toContainText('Urgent')
  await expect(mine.getByTestId('work-order').first()).toContainText('Due soon')
  await expect(mine.getByTestId('work-order').first()).toContainText('Waiting on you')
  await expect(mine).not.toContainText('Lovelace')
  // axe runs in the page: the JavaScript run checks both widths.
  if (javaScriptEnabled) await expectAccessibleAtEveryWidth(page, 'My work with the open pool')

  await page.getByRole('navigation', { name: 'Filter my work' }).getByRole('link', { name: 'Waiting on the customer' }).click()
  await expect(page).toHaveURL(/filter=waiting-on-customer/)
  await expect(mine.getByTestId('work-order')).toHaveCount(1)
  await expect(mine).toContainText('LinkedIn Makeover')
  await page.getByRole('link', { name: 'Done', exact: true }).click()
  await expect(page.getByTestId('work-empty')).toContainText('No finished orders yet')

  const pool = page.getByRole('region', { name: 'Open pool' })
  await expect(pool.getByTestId('pool-order')).toHaveCount(1)
  await pool.getByRole('button', { name: 'Claim Graduate CV' }).click()
  await expect(page.getByText('The order is yours. It is now in My work.')).toBeVisible()
  await expect(page.getByTestId('pool-empty')).toBeVisible()
  await page.getByRole('link', { name: 'All open' }).click()
  await expect(page.getByRole('list', { name: 'My orders' }).getByTestId('work-order')).toHaveCount(3)
})

test('the board moves a card one column by drag and drop, or by its move form without JavaScript @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  test.slow(javaScriptEnabled, 'axe at two widths')
  const { org, writer } = await writerWorld({ enable_boards: true })
  await loginAs(writer.email, org.name)
  await page.goto('/work')
  await page.getByRole('navigation', { name: 'Show my work as' }).getByRole('link', { name: 'Board' }).click()
  await expect(page).toHaveURL(/view=board/)
  const board = page.getByTestId('work-board')
  const column = (name: string) => board.getByRole('region', { name, exact: true })
  await expect(column('Revision Process').getByTestId('board-card')).toHaveCount(1)
  await expect(column('Upload Documents').getByTestId('board-card')).toHaveCount(1)

  // The customer's task does not move: a clear refusal.
  const waiting = column('Upload Documents').getByTestId('board-card')
  await waiting.getByLabel('Move to').selectOption({ label: 'Revision Process' })
  await waiting.getByRole('button', { name: 'Move LinkedIn Makeover' }).click()
  await expect(page.getByText('This task waits on the customer; the card moves when they finish it.')).toBeVisible()

  const card = column('Revision Process').getByTestId('board-card')
  if (javaScriptEnabled) {
    await card.dragTo(column('Final Document'))
  } else {
    await card.getByLabel('Move to').selectOption({ label: 'Final Document' })
    await card.getByRole('button', { name: 'Move Executive Resume' }).click()
  }
  await expect(column('Final Document').getByTestId('board-card')).toHaveCount(1)
  await expect(column('Final Document')).toContainText('Executive Resume')
  await expect(column('Revision Process').getByTestId('board-card')).toHaveCount(0)
  if (javaScriptEnabled) await expectAccessibleAtEveryWidth(page, 'My work as a board')
})
