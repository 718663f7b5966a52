// Project detail /project/view/{orderId}: content and empty states, tags, drafts (show/hide, tabs,
// withdraw), reopening an accepted revision, attaching files; forms also without JavaScript (@nojs).
import type { Page } from '@playwright/test'
import { completeTask, recordActivity, type OrderRow } from '#app/models/orders.server'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb, tenantDb } from '#app/services/db.server'
import { expect, test } from '#tests/e2e/fixtures'
import { createTenant } from '#tests/factories/index'
import { createContributor, createCustomer, createDraft, createOrder, createProductWithWorkflow, DEFAULT_MODULES } from '#tests/factories/orders'

const tenant = (clientId: number) => ({ db: tenantDb(clientId), clientId })

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').waitFor()
}

/** A fresh organisation (signed in as its owner) with an order of a product selling two workflows. */
async function project(loginAs: (email: string, org?: string) => Promise<void>, overrides: Parameters<typeof createOrder>[2] = {}) {
  const { org, owner } = await createTenant()
  const product = await createProductWithWorkflow(org.id, { name: 'Executive Resume' })
  const cover = await platformDb
    .insertInto('workflows')
    .values({
      public_id: newPublicId(),
      client_id: org.id,
      name: 'Cover Letter workflow',
      service_type: 'cover',
      modules: JSON.stringify(DEFAULT_MODULES.map((m) => ({ ...m, reminders: [] }))),
    })
    .executeTakeFirstOrThrow()
  await platformDb
    .insertInto('product_workflows')
    .values({ client_id: org.id, product_id: product.productId, workflow_id: Number(cover.insertId), position: 1 })
    .execute()
  const customer = await createCustomer(org.id, { firstName: 'Casey', lastName: 'Client' })
  const order = await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId }, overrides)
  await loginAs(owner.email, org.name)
  return { org, owner, order, customer }
}

const serviceOf = (order: OrderRow, i: number) => order.services[i]!

test('shows the project with its empty states, and 404 for an unknown order', async ({ page, loginAs }) => {
  const { order } = await project(loginAs)
  await page.goto(`/project/view/${order.public_id}`)
  await expect(page.getByRole('heading', { name: 'Projects Overview' })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Project summary' })
  await expect(summary).toContainText('Executive Resume')
  await expect(summary).toContainText('Casey Client')
  await expect(summary.getByTestId('status-percentage')).toHaveText('0%')
  await expect(summary.getByTestId('order-number')).toHaveText(order.public_id)
  await expect(summary).toContainText('No invoice')
  await expect(summary).toContainText('Not Available')
  await expect(summary).toContainText('No tags')
  await expect(page.getByRole('region', { name: 'Team Members' }).getByText('Not Assigned Yet')).toHaveCount(2)
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText('No Activity')
  await expect(page.getByRole('region', { name: 'Attached Files' })).toContainText('No Files')
  await expect(page.getByRole('region', { name: 'Team Chat' })).toBeVisible()
  await expect(page.getByText('Trying to connect to web socket...')).toHaveCount(0)
  await expect(page.getByRole('tab')).toHaveText(['Executive Resume workflow', 'Cover Letter workflow'])

  await page.goto('/project/view/nosuchorder')
  await expect(page.getByText('Oops! The page you are looking for does not exist.')).toBeVisible()
})

test('shows team, dates, activity and drafts per service tab, behind Show/Hide Drafts @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, order } = await project(loginAs, { dueDate: new Date('2031-03-15T12:00:00Z') })
  const writer = await createContributor(org.id, { firstName: 'Wendy', lastName: 'Writer' })
  const reviewer = await createContributor(org.id, { role: 'REVIEWER', firstName: 'Rory', lastName: 'Reviewer' })
  await platformDb.updateTable('orders').set({ writer_id: writer.userId, reviewer_id: reviewer.userId }).where('id', '=', order.id).execute()
  const draft = await createDraft(org.id, order, { writerUserId: writer.userId, notes: 'Resume draft notes', rating: 4 })
  await platformDb.updateTable('drafts').set({ review: 'Great work, thanks!' }).where('id', '=', draft.id).execute()
  await createDraft(org.id, order, { serviceId: serviceOf(order, 1)._id, notes: 'Cover letter notes' })
  for (let i = 1; i <= 30; i++) await recordActivity(tenant(org.id), order.id, null, `Activity entry ${i}`)

  await page.goto(`/project/view/${order.public_id}`)
  await ready(page, javaScriptEnabled)
  await expect(page.getByRole('region', { name: 'Project summary' })).toContainText('Mar 15, 2031')
  const team = page.getByRole('region', { name: 'Team Members' })
  await expect(team).toContainText('Wendy Writer')
  await expect(team).toContainText('Rory Reviewer')
  const activity = page.getByTestId('activity-list')
  await expect(activity.getByRole('listitem').first()).toContainText('Activity entry 30')
  // The list scrolls inside its 310px card instead of growing the page.
  expect(await activity.evaluate((el) => [el.clientHeight <= 310, el.scrollHeight > el.clientHeight])).toEqual([true, true])

  const history = page.getByRole('region', { name: 'Revisions History' })
  await expect(history.getByText('Resume draft notes')).toHaveCount(0)
  await history.getByRole('link', { name: 'Show Drafts' }).click()
  const first = history.getByRole('listitem', { name: 'Draft 1' })
  await expect(first).toContainText('Resume draft notes')
  await expect(first).toContainText('Wendy Writer')
  await expect(first.getByRole('img', { name: 'Rated 4 out of 5' })).toHaveText('★★★★☆')
  await expect(first).toContainText('Great work, thanks!')
  await expect(first.getByRole('link', { name: 'draft.pdf' })).toHaveAttribute('href', /^\/api\/file\/download\//)
  await expect(history.getByText('Cover letter notes')).toHaveCount(0)

  await history.getByRole('tab', { name: 'Cover Letter workflow' }).click()
  await expect(history.getByRole('tab', { name: 'Cover Letter workflow' })).toHaveAttribute('aria-selected', 'true')
  await expect(history.getByText('Cover letter notes')).toBeVisible()
  await expect(history.getByText('Resume draft notes')).toHaveCount(0)

  await history.getByRole('link', { name: 'Hide Drafts' }).click()
  await expect(history.getByText('Cover letter notes')).toHaveCount(0)
  await expect(history.getByRole('link', { name: 'Show Drafts' })).toBeVisible()
})

test('edits tags: lowercased, deduplicated, with suggestions @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, order } = await project(loginAs)
  await platformDb.insertInto('tags').values({ client_id: org.id, public_id: newPublicId(), text: 'returning customer' }).execute()
  await page.goto(`/project/view/${order.public_id}`)
  await ready(page, javaScriptEnabled)
  await page.getByRole('link', { name: 'Edit tags' }).click()
  const dialog = javaScriptEnabled ? page.getByRole('dialog', { name: 'Edit tags' }) : page.getByRole('region', { name: 'Edit tags' })
  await expect(dialog.locator('datalist option[value="returning customer"]')).toHaveCount(1)
  await dialog.getByLabel('Add tags').fill(' VIP , Rush Job, vip, returning customer')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  const tags = page.getByTestId('project-tags')
  await expect(tags).toContainText('vip')
  await expect(tags).toContainText('rush job')
  await expect(tags).toContainText('returning customer')

  await page.getByRole('link', { name: 'Edit tags' }).click()
  await dialog.getByLabel('vip', { exact: true }).uncheck()
  await dialog.getByLabel('Add tags').fill('x'.repeat(65))
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('A tag can be at most 64 characters long')).toBeVisible()
  await dialog.getByLabel('Add tags').fill('')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved Successfully!')).toBeVisible()
  await expect(tags).not.toContainText('vip')
  await expect(tags).toContainText('rush job')
})

test('withdraws a draft with a reason; it is struck through and cannot be withdrawn again @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, order } = await project(loginAs)
  await createDraft(org.id, order, { notes: 'To be withdrawn' })
  await page.goto(`/project/view/${order.public_id}?drafts=1`)
  await ready(page, javaScriptEnabled)
  await page.getByRole('link', { name: 'Withdraw Draft 1' }).click()
  const dialog = javaScriptEnabled ? page.getByRole('dialog', { name: 'Withdraw Draft' }) : page.getByRole('region', { name: 'Withdraw Draft' })
  await expect(dialog).toContainText('You will not be able to revert this.')
  await dialog.getByRole('button', { name: 'Yes, withdraw it' }).click()
  await expect(dialog.getByText('Please provide a reason')).toBeVisible()
  await dialog.getByLabel('Reason').fill('Sent the wrong version')
  await dialog.getByRole('button', { name: 'Yes, withdraw it' }).click()
  await expect(page.getByText('Deleted!')).toBeVisible()
  const item = page.getByRole('listitem', { name: 'Draft 1' })
  await expect(item).toHaveAttribute('data-withdrawn', 'true')
  await expect(item).toContainText('Sent the wrong version')
  await expect(item.locator('.line-through')).toContainText('To be withdrawn')
  await expect(item.getByRole('link', { name: /Withdraw/ })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText('Reason: Sent the wrong version')
})

test('reopens an accepted revision and the percentage drops @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, order } = await project(loginAs)
  const resume = serviceOf(order, 0)._id
  await completeTask(tenant(org.id), order, { serviceId: resume, taskId: 'previous_document' })
  await completeTask(tenant(org.id), order, { serviceId: resume, taskId: 'revision_process' })
  await page.goto(`/project/view/${order.public_id}`)
  await ready(page, javaScriptEnabled)
  await expect(page.getByTestId('status-percentage')).toHaveText('33%')
  const history = page.getByRole('region', { name: 'Revisions History' })
  await expect(history.getByText('Revision Accepted')).toBeVisible()
  await history.getByRole('link', { name: 'Reopen Revision' }).click()
  const dialog = javaScriptEnabled ? page.getByRole('dialog', { name: 'Reopen Revision' }) : page.getByRole('region', { name: 'Reopen Revision' })
  await expect(dialog).toContainText('You will not be able to revert this.')
  await dialog.getByRole('button', { name: 'Yes, reopen it' }).click()
  await expect(page.getByText('Reopened successfully!')).toBeVisible()
  // With JavaScript the page reloads by itself 1.5 s later.
  await expect(page.getByTestId('status-percentage')).toHaveText('16%')
  await expect(history.getByText('Revision Accepted')).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/project/view/${order.public_id}$`))
  // The other service never had an accepted revision.
  await history.getByRole('tab', { name: 'Cover Letter workflow' }).click()
  await expect(history.getByRole('link', { name: 'Reopen Revision' })).toHaveCount(0)
})

test('a marked-as-complete order shows its accepted revision without Reopen', async ({ page, loginAs }) => {
  const { order } = await project(loginAs, { completedTasks: ['revision_process'], marked_as_complete: true })
  await page.goto(`/project/view/${order.public_id}`)
  await expect(page.getByText('Revision Accepted')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Reopen Revision' })).toHaveCount(0)
  await expect(page.getByTestId('status-percentage')).toHaveText('100%')
})

test('attaches a file, and refuses names with commas or apostrophes @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { order } = await project(loginAs)
  await page.goto(`/project/view/${order.public_id}`)
  await ready(page, javaScriptEnabled)
  const files = page.getByRole('region', { name: 'Attached Files' })
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')
  await files.getByLabel('Attach a file').setInputFiles({ name: "client's brief.pdf", mimeType: 'application/pdf', buffer: pdf })
  await files.getByRole('button', { name: 'Upload' }).click()
  await expect(files.getByText('Please do not use any commas or apostrophes in the file name!')).toBeVisible()
  await files.getByLabel('Attach a file').setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: pdf })
  await files.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('File uploaded successfully!')).toBeVisible()
  await expect(files.getByRole('link', { name: 'brief.pdf' })).toHaveAttribute('href', /^\/api\/file\/download\//)
  await expect(files).not.toContainText('No Files')
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText('attached the file brief.pdf')
})

test('a reader without UPDATE_ORDERS sees the project but no change controls', async ({ page, loginAs }) => {
  const { org, order } = await project(loginAs, { completedTasks: ['revision_process'] })
  await createDraft(org.id, order)
  const { createUser } = await import('#tests/factories/index')
  const reader = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
  await loginAs(reader.email, org.name)
  await page.goto(`/project/view/${order.public_id}?drafts=1&editTags=1&reopen=${serviceOf(order, 0)._id}`)
  await expect(page.getByRole('heading', { name: 'Projects Overview' })).toBeVisible()
  await expect(page.getByText('Revision Accepted')).toBeVisible()
  for (const name of ['Edit tags', 'Reopen Revision', 'Withdraw Draft 1']) await expect(page.getByRole('link', { name })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Upload' })).toHaveCount(0)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // The values, not the controls (issue 27).
  await expect(page.getByRole('region', { name: 'Project summary' }).getByTestId('priority')).toHaveText('Medium')
  await expect(page.getByRole('region', { name: 'Manage order' })).toHaveCount(0)
})

test('sets the due date, priority, contributor and reviewer on the order page @nojs', async ({ page, loginAs, javaScriptEnabled }) => {
  const { org, order } = await project(loginAs)
  await createContributor(org.id, { firstName: 'Wendy', lastName: 'Writer' })
  await createContributor(org.id, { role: 'REVIEWER', firstName: 'Rory', lastName: 'Reviewer' })
  await page.goto(`/project/view/${order.public_id}`)
  await ready(page, javaScriptEnabled)
  // With JavaScript nothing reloads the document: this mark survives every save.
  if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { keptMark: 'kept' }))
  const manage = page.getByRole('region', { name: 'Manage order' })
  const summary = page.getByRole('region', { name: 'Project summary' })

  const dueDate = manage.getByLabel('Due Date')
  await dueDate.fill('2020-01-02')
  await manage.getByRole('button', { name: 'Save Due Date' }).click()
  await expect(manage.getByText('Due date cannot be before today')).toBeVisible()
  await expect(dueDate).toHaveValue('2020-01-02')
  await dueDate.fill('2031-04-20')
  await manage.getByRole('button', { name: 'Save Due Date' }).click()
  await expect(summary.getByTestId('due-date')).toHaveText('Apr 20, 2031')

  await manage.getByRole('radio', { name: 'Urgent' }).check()
  await manage.getByRole('button', { name: 'Save Priority' }).click()
  await expect(summary.getByTestId('priority')).toHaveText('Urgent')

  await manage.getByLabel('Contributor').selectOption({ label: 'Wendy Writer' })
  await manage.getByRole('button', { name: 'Save Contributor' }).click()
  await expect(page.getByRole('region', { name: 'Team Members' })).toContainText('Wendy Writer')
  await manage.getByLabel('Reviewer').selectOption({ label: 'Rory Reviewer' })
  await manage.getByRole('button', { name: 'Save Reviewer' }).click()
  await expect(page.getByRole('region', { name: 'Team Members' })).toContainText('Rory Reviewer')
  await expect(manage.getByLabel('Contributor')).toHaveValue(/.+/)
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText('Contributor Wendy Writer assigned')
  if (javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { keptMark?: string }).keptMark)).toBe('kept')
})
