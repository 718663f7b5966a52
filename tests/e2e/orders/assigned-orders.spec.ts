// Assigned Orders page: a reviewer's own orders with the latest-task label and the archived toggle;
// the owner (role client) has no such page.
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { createOrganisation, createUser } from '#tests/factories/index'
import { expect, test } from '#tests/e2e/fixtures'

async function reviewerWorld() {
  const org = await createOrganisation()
  const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  const product = await createProductWithWorkflow(org.id, { name: 'Executive Resume' })
  const customer = await createCustomer(org.id, { firstName: 'Ada', lastName: 'Lovelace' })
  const otherCustomer = await createCustomer(org.id, { firstName: 'Alan', lastName: 'Turing' })
  const reviewer = await createContributor(org.id, { role: 'REVIEWER' })
  const other = await createContributor(org.id, { role: 'REVIEWER', firstName: 'Otto' })
  await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId }, { reviewerUserId: reviewer.userId, completedTasks: ['previous_document'] })
  await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId }, { reviewerUserId: reviewer.userId, archived: true })
  await createOrder(org.id, { customerUserId: otherCustomer.userId, productId: product.productId }, { reviewerUserId: other.userId })
  return { org, owner, reviewer }
}

test('a reviewer sees their orders with the latest task, and the archived ones on the toggle', async ({ page, loginAs }) => {
  const { org, reviewer } = await reviewerWorld()
  await loginAs(reviewer.email, org.name)
  await page.goto('/orders/assigned-orders')
  const sidebar = page.getByRole('navigation', { name: 'Main' })
  await sidebar.getByRole('button', { name: 'Orders' }).click()
  await expect(sidebar.getByRole('link', { name: 'Assigned Orders' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Assigned Orders' })
  await expect(table.getByRole('row')).toHaveCount(2)
  const row = table.getByRole('row', { name: /Ada Lovelace/ })
  await expect(row).toContainText('Executive Resume')
  await expect(row).toContainText('Documents Submitted')
  await expect(row).toContainText('No Contributor Assigned')
  await expect(table).not.toContainText('Alan Turing')

  // The spec's 'Review Orders' button: the drafts waiting for this reviewer, in their workspace.
  await expect(page.getByRole('link', { name: 'Review Orders' })).toHaveAttribute('href', '/work#review-drafts-heading')

  await page.getByRole('switch', { name: 'Show Archived Orders' }).click()
  await expect(page.getByRole('heading', { name: 'Archived Assigned Orders' })).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table.getByRole('row', { name: /Ada Lovelace/ })).toContainText('Pending')
})

test('the owner has no assigned orders page', async ({ page, loginAs }) => {
  const { org, owner } = await reviewerWorld()
  await loginAs(owner.email, org.name)
  await page.goto('/dashboard')
  await expect(page.getByRole('link', { name: 'Assigned Orders' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Review Orders' })).toHaveCount(0)
  const res = await page.goto('/orders/assigned-orders')
  expect(res?.status()).toBe(403)
})
