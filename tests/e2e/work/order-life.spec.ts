// One walk of an order's life in the contributor workspace (issue 26, ADR 0067), with and without JavaScript: the
// writer opens /work/orders/{id}, reads the brief, uploads a draft; the reviewer approves it on their page; the
// customer asks for a revision (a factory step through requestRevision); the writer sees it, uploads again and marks
// the revision step done. The status percentage and "needs your action" move; staff see the drafts on
// /orders/revisions and the project page. axe checks the writer's whole page at a desktop and a phone width.
import { submitDocuments, uploadDocument } from '#app/models/brief.server'
import { requestRevision } from '#app/models/customer-drafts.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { PDF_BYTES } from '#tests/factories/draft-files'
import { createOrganisation, createUser, uniqueEmail } from '#tests/factories/index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { expect, loginAs, test } from '../fixtures'
import { expectAccessibleAtEveryWidth } from '../portal/axe'

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF_BYTES })

test('a writer and a reviewer take one order from the brief to a done revision step @nojs', async ({ page, browser, javaScriptEnabled }) => {
  test.slow()
  const org = await createOrganisation({ name: `Work life ${Date.now()}`, settings: { enable_revisions_approval_feature: true, hide_customer_price: true } })
  const product = await createProductWithWorkflow(org.id, { name: 'Executive Resume' })
  const customer = await createCustomer(org.id, { firstName: 'Olive', lastName: 'Hiddenlast' })
  const writer = await createContributor(org.id, { firstName: 'Wendy', lastName: 'Writer' })
  const reviewer = await createContributor(org.id, { role: 'REVIEWER', firstName: 'Ray', lastName: 'Reviewer' })
  const owner = await createUser({ email: uniqueEmail('owner'), memberships: [{ clientId: org.id, role: 'client' }] })
  const order = await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId }, { writerUserId: writer.userId, reviewerUserId: reviewer.userId })
  const t = tenantForJob(org.id)
  const who = { id: customer.userId, firstName: 'Olive', lastName: 'Hiddenlast', impersonatorUserId: null }
  await uploadDocument(t, who, order.public_id, new File([new Uint8Array(PDF_BYTES)], 'old-cv.pdf', { type: 'application/pdf' }), order.services[0]!._id)
  await submitDocuments(t, who, order.public_id, order.services[0]!._id)
  const path = `/work/orders/${order.public_id}`
  const baseURL = test.info().project.use.baseURL!
  const emailOf = async (id: number) => (await platformDb.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email

  // The writer reads the brief: the document, the customer's first name only, no price.
  await loginAs(page.context(), baseURL, await emailOf(writer.userId), org.name)
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Executive Resume', level: 1 })).toBeVisible()
  const brief = page.getByRole('region', { name: 'Brief' })
  await expect(brief.getByRole('link', { name: 'old-cv.pdf' })).toBeVisible()
  await expect(page.getByTestId('work-customer')).toHaveText('Olive')
  await expect(page.locator('body')).not.toContainText('Hiddenlast')
  const before = await page.getByTestId('status-percentage').textContent()
  // axe over the whole page (shell included) and no sideways scroll, at a desktop and a phone; axe runs in the page.
  if (javaScriptEnabled) await expectAccessibleAtEveryWidth(page, "the writer's order page")

  // The first draft goes to the reviewer.
  const drafts = page.getByRole('region', { name: 'Drafts' })
  await drafts.getByLabel('PDF').setInputFiles(pdf('first-draft.pdf'))
  await drafts.getByRole('button', { name: /Upload draft of/ }).click()
  await expect(page.getByText('Draft uploaded: it waits for the reviewer')).toBeVisible()
  await expect(drafts.getByTestId('work-draft')).toContainText('Waiting for the reviewer')

  // The reviewer approves it on their page.
  const reviewerContext = await browser.newContext({ baseURL, javaScriptEnabled })
  await loginAs(reviewerContext, baseURL, await emailOf(reviewer.userId), org.name)
  const reviewerPage = await reviewerContext.newPage()
  await reviewerPage.goto(path)
  await reviewerPage.getByRole('button', { name: /Approve draft 1 of/ }).click()
  await expect(reviewerPage.getByText('Revision Approved Successfully!')).toBeVisible()
  await reviewerContext.close()

  // The customer asks for a revision.
  const first = await platformDb.selectFrom('drafts').select('public_id').where('order_id', '=', order.id).executeTakeFirstOrThrow()
  const email = await emailOf(customer.userId)
  const revision = await requestRevision(
    t,
    { id: customer.userId, publicId: 'x', clientId: org.id, email, firstName: 'Olive', lastName: 'Hiddenlast', impersonatorUserId: null },
    first.public_id,
    {
      notes: 'Please make it one page.',
      uploads: [],
    },
  )
  expect(revision.ok).toBe(true)

  // The writer sees it, uploads again and marks the revision step done.
  await page.goto(path)
  await expect(drafts.getByText('Please make it one page.')).toBeVisible()
  await expect(page.getByTestId('needs-action')).toBeVisible()
  await drafts.getByLabel('PDF').setInputFiles(pdf('second-draft.pdf'))
  await drafts.getByRole('button', { name: /Upload draft of/ }).click()
  await expect(page.getByText('Draft uploaded: it waits for the reviewer')).toBeVisible()
  await expect(page.getByTestId('needs-action')).toHaveCount(0)
  await page.getByRole('button', { name: /Mark Revision Process of .* done/ }).click()
  await expect(page.getByText('Step marked as done')).toBeVisible()
  await expect(page.getByTestId('status-percentage')).not.toHaveText(before ?? '')
  await expect(page.getByRole('region', { name: 'Steps' })).not.toContainText('Mark Revision Process')

  // Staff see both drafts on the project page and the second one waiting in /orders/revisions.
  const staffContext = await browser.newContext({ baseURL, javaScriptEnabled })
  await loginAs(staffContext, baseURL, owner.email, org.name)
  const staff = await staffContext.newPage()
  await staff.goto('/orders/revisions')
  await expect(staff.getByRole('cell', { name: /Executive Resume/ }).first()).toBeVisible()
  await staff.goto(`/project/view/${order.public_id}?drafts=1`)
  await expect(staff.getByRole('listitem', { name: 'Draft 2' })).toBeVisible()
  await expect(staff.getByText('second-draft.pdf')).toBeVisible()
  await staffContext.close()
})
