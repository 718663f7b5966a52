// Revisions Approval page: approve, reject with a reason and files (with and without JavaScript), the
// feature switched off, and no access without READ_AND_UPDATE_DRAFTS_APPROVAL.
import { platformDb } from '#app/services/db.server'
import { createDraft, createOrderWorld } from '#tests/factories/orders'
import { createOrganisation, createUser } from '#tests/factories/index'
import { expect, test } from '#tests/e2e/fixtures'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')

/** A fresh organisation with the feature as asked, its owner, and one pending draft of one order. */
async function organisationWithPendingDraft(featureOn = true) {
  const org = await createOrganisation({ settings: { enable_revisions_approval_feature: featureOn } })
  const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  const world = await createOrderWorld(org.id, 1)
  const order = world.orders[0]!
  const draft = await createDraft(org.id, order, { approval: 'pending', writerUserId: world.writer.userId, notes: 'Please check the new summary.' })
  const label = `${order.services[0]!.serviceName} of ${order.customer_name}`
  return { org, owner, order, draft, label }
}

const draftRow = (publicId: string) => platformDb.selectFrom('drafts').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow()

test('approves a pending revision @nojs', async ({ page, loginAs }) => {
  const { org, owner, draft, label } = await organisationWithPendingDraft()
  await loginAs(owner.email, org.name)
  await page.goto('/orders/revisions')
  await expect(page.getByRole('heading', { name: 'Revisions Approval' })).toBeVisible()
  const row = page.getByRole('row', { name: /Please check the new summary/ })
  await expect(row).toContainText('Wren Writer')
  await expect(row.getByRole('link', { name: 'PDF: draft.pdf' })).toBeVisible()
  await page.getByRole('button', { name: `Approve ${label}` }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Revision Approved Successfully!' })).toBeVisible()
  await expect(page.getByText('No revisions are waiting for approval')).toBeVisible()
  expect((await draftRow(draft.public_id)).approval_status).toBe('approved')
})

test('rejects with a reason and a file, keeping the typed reason on errors @nojs', async ({ page, loginAs }) => {
  const { org, owner, draft, label } = await organisationWithPendingDraft()
  await loginAs(owner.email, org.name)
  await page.goto('/orders/revisions')
  await page.getByRole('link', { name: `Reject ${label}` }).click()
  await expect(page).toHaveURL(new RegExp(`/orders/revisions/reject/${draft.public_id}$`))
  const panel = page.getByLabel('Reject Revision')
  await panel.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(panel.getByText('Please enter the reason for rejection')).toBeVisible()

  await panel.getByLabel('Reason for rejection').fill('The summary is too long.')
  await panel.getByLabel('Files for the contributor (optional)').setInputFiles({ name: 'notes, v2.pdf', mimeType: 'application/pdf', buffer: PDF })
  await panel.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(panel.getByText('Something went wrong! Please do not use any commas or apostrophes in the file name!')).toBeVisible()
  await expect(panel.getByLabel('Reason for rejection')).toHaveValue('The summary is too long.')
  expect((await draftRow(draft.public_id)).approval_status).toBe('pending')

  await panel.getByLabel('Files for the contributor (optional)').setInputFiles({ name: 'notes-v2.pdf', mimeType: 'application/pdf', buffer: PDF })
  await panel.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Revision Rejected Successfully!' })).toBeVisible()
  await expect(page).toHaveURL(/\/orders\/revisions$/)
  await expect(page.getByText('No revisions are waiting for approval')).toBeVisible()
  const row = await draftRow(draft.public_id)
  expect(row).toMatchObject({ approval_status: 'rejected', rejection_reason: 'The summary is too long.' })
  expect(row.rejection_files).toEqual([{ file: expect.objectContaining({ originalname: 'notes-v2.pdf', mimetype: 'application/pdf' }) }])
})

test('the reject dialog closes back to the list', async ({ page, loginAs }) => {
  const { org, owner, label } = await organisationWithPendingDraft()
  await loginAs(owner.email, org.name)
  await page.goto('/orders/revisions')
  await page.getByRole('link', { name: `Reject ${label}` }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Reject Revision' })).toBeVisible()
  await dialog.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL(/\/orders\/revisions$/)
  await expect(page.getByRole('button', { name: `Approve ${label}` })).toBeVisible()
})

test('explains the page when revisions approval is off', async ({ page, loginAs }) => {
  const { org, owner } = await organisationWithPendingDraft(false)
  await loginAs(owner.email, org.name)
  await page.goto('/orders/revisions')
  await expect(page.getByRole('heading', { name: 'Revisions approval is turned off' })).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(0)
})

test('staff without the permission are refused', async ({ page, loginAs }) => {
  const { org } = await organisationWithPendingDraft()
  const clerk = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
  await loginAs(clerk.email, org.name)
  const res = await page.goto('/orders/revisions')
  expect(res?.status()).toBe(403)
})
