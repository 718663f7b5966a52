// Drafts in Chromium (issue 25, ADR 0062), with and without JavaScript: staff deliver a draft on the project page,
// the customer views it on the organisation's host (PDF frame, Word preview), asks for a revision with a file,
// staff deliver a second, the customer accepts, rates and tips, staff upload the final document and the customer
// downloads it; staff see each step on the project page. axe at 1440 and 390 px.
import type { Page } from '@playwright/test'
import { createConnectedAccount } from '#tests/factories/connect'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { docxBytes, PDF_BYTES } from '#tests/factories/draft-files'
import { tenantWithSubdomain } from '#tests/security/helpers'
import { expect, test } from '../fixtures'
import { expectAccessible, WIDTHS } from './axe'
import { signInToPortal } from './customer'

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF_BYTES })
const docx = (name: string, heading: string, text: string) => ({
  name,
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  buffer: docxBytes(heading, [text]),
})

async function deliver(staff: Page, orderId: string, files: { pdf?: ReturnType<typeof pdf>; word?: ReturnType<typeof docx> }, notes: string) {
  await staff.goto(`/project/view/${orderId}`)
  const card = staff.getByRole('region', { name: 'Deliver a draft' })
  if (files.pdf) await card.getByLabel('PDF').setInputFiles(files.pdf)
  if (files.word) await card.getByLabel('Word document').setInputFiles(files.word)
  await card.getByLabel('Notes for the customer').fill(notes)
  await card.getByRole('button', { name: 'Deliver draft' }).click()
  await expect(staff.getByText('Draft delivered')).toBeVisible()
}

test('a draft from the back office to the customer and back, to the final document @nojs', async ({ page, context, loginAs, browser, javaScriptEnabled }) => {
  test.slow()
  const tenant = await tenantWithSubdomain('drft')
  const data = await createCustomerOrders(tenant.org.id, { productName: 'Executive Resume' })
  await createConnectedAccount({ clientId: tenant.org.id })
  const origin = `http://${tenant.host}`
  const orderId = data.orders.writing.public_id

  // Staff in their own browser context (the back office's host).
  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled })
  const staff = await staffContext.newPage()
  const { loginAs: loginStaff } = await import('../fixtures')
  await loginStaff(staffContext, test.info().project.use.baseURL!, tenant.owner.email, tenant.org.name)
  void loginAs
  void context

  await deliver(staff, orderId, { pdf: pdf('resume-v1.pdf'), word: docx('resume-v1.docx', 'Olive Owner', 'Seasoned operations leader.') }, 'Here is the first draft.')

  // The customer sees it on the order page and opens it.
  await signInToPortal(page, origin, data.customer.email)
  await page.goto(`${origin}/my-orders/${orderId}`)
  const drafts = page.getByRole('region', { name: 'Drafts' })
  await expect(drafts).toContainText('Waiting for your answer')
  await drafts.getByRole('link', { name: /Draft 1 of/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Draft 1 of/ })).toBeVisible()
  await expect(page.getByText('Here is the first draft.')).toBeVisible()
  await expect(page.locator('iframe[title^="PDF of"]')).toHaveAttribute('src', new RegExp(`/my-orders/${orderId}/drafts/.+/pdf$`))
  const preview = page.getByRole('region', { name: 'Word document' })
  await expect(preview.getByRole('heading', { name: 'Olive Owner' })).toBeVisible()
  await expect(preview).toContainText('Seasoned operations leader.')
  // axe runs in the JavaScript run only (it cannot evaluate in a page with JavaScript off, as in the other portal
  // specs); the server-rendered markup it checks is the same.
  if (javaScriptEnabled) {
    for (const size of WIDTHS) {
      await page.setViewportSize(size)
      await expectAccessible(page, `draft page at ${size.width}`)
    }
  }
  await page.setViewportSize(WIDTHS[0]!)

  // A revision with a note and a file.
  const decide = page.getByRole('region', { name: 'What do you think?' })
  await decide.getByRole('button', { name: 'Request a revision' }).click()
  if (!javaScriptEnabled) await expect(page.getByText('Tell your writer what to change')).toBeVisible()
  await decide.getByLabel('What should change?').fill('Please shorten the summary.')
  await decide.getByLabel('Files (optional, up to 5)').setInputFiles(pdf('my-notes.pdf'))
  await decide.getByRole('button', { name: 'Request a revision' }).click()
  await expect(page.getByText('Your revision request was sent to your writer.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your answer' })).toContainText('Please shorten the summary.')

  // Staff see the request with its file, and deliver a second draft.
  await staff.goto(`/project/view/${orderId}`)
  const answers = staff.getByRole('region', { name: 'Customer answers to drafts' })
  await expect(answers).toContainText('Revision requested')
  await expect(answers).toContainText('Please shorten the summary.')
  await expect(answers.getByRole('link', { name: 'my-notes.pdf' })).toBeVisible()
  await expect(staff.getByRole('region', { name: 'Activity' })).toContainText('requested a revision')
  await deliver(staff, orderId, { pdf: pdf('resume-v2.pdf') }, 'Shorter summary as asked.')

  // The customer accepts the second, rates it and tips.
  await page.goto(`${origin}/my-orders/${orderId}`)
  await page
    .getByRole('region', { name: 'Drafts' })
    .getByRole('link', { name: /Draft 2 of/ })
    .click()
  await page.getByRole('button', { name: 'Accept this draft' }).click()
  await expect(page.getByText('Thank you: you accepted this draft.')).toBeVisible()
  const rating = page.getByRole('region', { name: 'Rate this delivery' })
  await rating.getByLabel('5 out of 5').check()
  await rating.getByLabel('Review (optional)').fill('Lovely work')
  await rating.getByRole('button', { name: 'Send rating' }).click()
  await expect(page.getByText('Thank you for your rating.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your rating' })).toContainText('5 out of 5: Lovely work')
  const tip = page.getByRole('region', { name: 'Tip your writer' })
  await tip.getByLabel(/Amount/).fill('15')
  await tip.getByLabel('Card (test mode)').selectOption('pm_card_visa')
  await tip.getByRole('button', { name: 'Pay the tip' }).click()
  await expect(page.getByText('Thank you: your tip was paid.')).toBeVisible()

  // Staff see it all, then upload the final document.
  await staff.goto(`/project/view/${orderId}`)
  const activity = staff.getByRole('region', { name: 'Activity' })
  await expect(activity).toContainText('accepted the draft')
  await expect(activity).toContainText('rated the draft')
  await expect(activity).toContainText('tipped the writer')
  const final = staff.getByRole('region', { name: 'Final documents' })
  await final.getByLabel('Files').setInputFiles(pdf('resume-final.pdf'))
  await final.getByRole('button', { name: 'Upload final documents' }).click()
  await expect(staff.getByText('Final documents uploaded')).toBeVisible()
  await expect(staff.getByTestId('status-percentage')).toHaveText('100%')

  // The customer downloads it from the order page, which now reads Completed.
  await page.goto(`${origin}/my-orders/${orderId}`)
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Completed')
  const finalDocs = page.getByRole('region', { name: 'Final documents' })
  const [download] = await Promise.all([page.waitForEvent('download'), finalDocs.getByRole('link', { name: 'resume-final.pdf' }).click()])
  expect(download.suggestedFilename()).toBe('resume-final.pdf')
  // A fresh load after the download; axe in the JavaScript run only (see above).
  await page.goto(`${origin}/my-orders/${orderId}`)
  for (const size of javaScriptEnabled ? WIDTHS : []) {
    await page.setViewportSize(size)
    await expectAccessible(page, `order page with drafts at ${size.width}`)
  }
  await staffContext.close()
})

test('the demo customer has a draft waiting, a revision under way and a final document to download', async ({ page, baseURL }) => {
  const url = new URL(baseURL!)
  url.hostname = `demowriting.${url.hostname}`
  await page.goto(`${url.origin}/login`)
  await page.getByLabel('Email', { exact: true }).fill('customer@demo.test')
  await page.getByLabel('Password', { exact: true }).fill('Demo-pass-2026')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`${url.origin}/account`)
  await page.goto(`${url.origin}/my-orders`)
  const orders = page.getByRole('list', { name: 'Your orders' }).getByRole('link')
  const texts: string[] = []
  for (const href of await orders.evaluateAll((links) => links.map((l) => l.getAttribute('href')!))) {
    await page.goto(`${url.origin}${href}`)
    texts.push((await page.getByRole('region', { name: 'Drafts' }).innerText()) + ((await page.getByRole('region', { name: 'Final documents' }).count()) ? ' FINAL' : ''))
  }
  expect(texts.some((t) => t.includes('Waiting for your answer'))).toBe(true)
  expect(texts.some((t) => t.includes('You asked for a revision'))).toBe(true)
  expect(texts.some((t) => t.includes('You accepted it') && t.includes('FINAL'))).toBe(true)
})
