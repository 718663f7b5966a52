// The whole life of one order in Chromium (issue 25), with and without JavaScript: the customer, on the
// organisation's own host, uploads a document, fills the questionnaire (reloading mid-way), answers a follow-up
// question and picks an appointment; staff, in the back office, send those questions, deliver a draft, see the
// revision request, deliver a second draft and the final document; the customer accepts, rates, tips and
// downloads the final document. Staff see each step on the project page and the answers in the reports CSV; axe
// checks the draft page and the completed order at a desktop and a phone width.
import { createBriefOrders } from '#tests/factories/brief'
import { createConnectedAccount } from '#tests/factories/connect'
import { docxBytes, PDF_BYTES } from '#tests/factories/draft-files'
import { ORIGIN_HEADERS, tenantWithSubdomain } from '#tests/security/helpers'
import { expect, loginAs, test } from '../fixtures'
import { expectAccessible, WIDTHS } from './axe'
import { signInToPortal } from './customer'

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF_BYTES })
const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

test('one order from the brief to the final document, seen by staff at every step @nojs', async ({ page, browser, javaScriptEnabled }) => {
  test.setTimeout(180_000)
  const tenant = await tenantWithSubdomain('life')
  const w = await createBriefOrders(tenant.org.id, { productName: 'Executive Resume' })
  await createConnectedAccount({ clientId: tenant.org.id })
  const origin = `http://${tenant.host}`
  const orderId = w.orders.order.public_id
  const orderPage = `${origin}/my-orders/${orderId}`
  const step = async (name: string) => {
    await page.goto(orderPage)
    await page.getByRole('region', { name: 'Progress' }).getByRole('link', { name }).click()
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  }

  // axe runs in the JavaScript run only (it cannot evaluate in a page with JavaScript off); the markup is the same.
  const accessibleAtEveryWidth = async (what: string) => {
    if (!javaScriptEnabled) return
    for (const size of WIDTHS) {
      await page.setViewportSize(size)
      await expectAccessible(page, `${what} at ${size.width}`)
    }
    await page.setViewportSize(WIDTHS[0]!)
  }

  const baseURL = test.info().project.use.baseURL!
  const staffContext = await browser.newContext({ baseURL, javaScriptEnabled })
  await loginAs(staffContext, baseURL, w.owner.email, tenant.org.name)
  const staff = await staffContext.newPage()
  const project = async () => {
    await staff.goto(`/project/view/${orderId}`)
    return { brief: staff.getByRole('region', { name: 'Customer brief' }), activity: staff.getByRole('region', { name: 'Activity' }) }
  }

  // 1. Upload Documents.
  await signInToPortal(page, origin, w.customer.email)
  await step('Upload Documents')
  await page.getByLabel('Click to upload').setInputFiles(pdf('old-cv.pdf'))
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Send the chosen files' }).click()
  await expect(page.getByRole('list', { name: 'Uploaded documents' })).toContainText('old-cv.pdf')
  await page.getByRole('button', { name: 'Send my documents to the team' }).click()
  await expect(page.getByText('Thank you! Your documents were sent to your team.')).toBeVisible()

  // 2. The questionnaire, kept across a reload, then submitted.
  await step('Intake form')
  await page.getByLabel('Current job title').fill('Staff Engineer')
  await page.getByLabel('SQL', { exact: true }).check()
  if (javaScriptEnabled) await expect(page.getByText('All changes saved')).toBeVisible()
  else {
    await page.getByRole('button', { name: 'Save for later' }).click()
    // The post's answer has to arrive before the reload, or the reload races its navigation.
    await expect(page.getByText('Your answers are saved. You can finish them later.')).toBeVisible()
  }
  await page.reload()
  await expect(page.getByLabel('Current job title')).toHaveValue('Staff Engineer')
  await page.getByLabel('Senior', { exact: true }).check()
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Thank you! Your answers were sent to your team.')).toBeVisible()

  // 3. Staff see both, and send a follow-up question and a time for the call.
  let view = await project()
  await expect(view.brief).toContainText('old-cv.pdf')
  await expect(view.brief).toContainText('Staff Engineer')
  await view.brief.getByLabel('Follow-up questions for the customer (one per line)').fill('Which role do you want next?')
  await view.brief.getByRole('button', { name: 'Send questions' }).click()
  await expect(staff.getByText('Follow-up questions sent to the customer')).toBeVisible()
  view = await project()
  await view.brief.getByLabel('Time 1').fill('2030-01-02T09:00')
  await view.brief.getByRole('button', { name: 'Send to the customer' }).click()
  await expect(staff.getByRole('region', { name: 'Customer brief' })).toContainText('2030')

  // 4. The customer answers the question and books the time.
  await step('Follow Up Questions')
  await page.getByLabel('Which role do you want next?').fill('Head of data')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Thank you! Your answers were sent to your team.')).toBeVisible()
  await step('Schedule Appointment')
  await page.getByLabel('Wednesday, 2 January 2030 at 09:00 UTC').check()
  await page.getByRole('button', { name: 'Book this time' }).click()
  await expect(page.getByText('Your appointment is booked.')).toBeVisible()

  // 5. A first draft from the back office; the customer reads it and asks for a revision.
  type Upload = { name: string; mimeType: string; buffer: Buffer }
  const deliver = async (files: Upload[], notes: string) => {
    await project()
    const card = staff.getByRole('region', { name: 'Deliver a draft' })
    await card.getByLabel('PDF').setInputFiles(files[0]!)
    if (files[1]) await card.getByLabel('Word document').setInputFiles(files[1])
    await card.getByLabel('Notes for the customer').fill(notes)
    await card.getByRole('button', { name: 'Deliver draft' }).click()
    await expect(staff.getByText('Draft delivered')).toBeVisible()
  }
  await deliver([pdf('resume-v1.pdf'), { name: 'resume-v1.docx', mimeType: WORD, buffer: docxBytes('Olive Owner', ['Seasoned engineer.']) }], 'The first draft.')
  await page.goto(orderPage)
  await page
    .getByRole('region', { name: 'Drafts' })
    .getByRole('link', { name: /Draft 1 of/ })
    .click()
  await expect(page.getByRole('region', { name: 'Word document' })).toContainText('Seasoned engineer.')
  await expect(page.getByText('The first draft.')).toBeVisible()
  await expect(page.locator('iframe[title^="PDF of"]')).toHaveAttribute('src', new RegExp(`/my-orders/${orderId}/drafts/.+/pdf$`))
  await accessibleAtEveryWidth('the draft page')
  const decide = page.getByRole('region', { name: 'What do you think?' })
  await decide.getByRole('button', { name: 'Request a revision' }).click()
  await decide.getByLabel('What should change?').fill('Please lead with the database work.')
  await decide.getByLabel('Files (optional, up to 5)').setInputFiles(pdf('my-notes.pdf'))
  await decide.getByRole('button', { name: 'Request a revision' }).click()
  await expect(page.getByText('Your revision request was sent to your writer.')).toBeVisible()

  // 6. Staff see the request and deliver the second draft; the customer accepts, rates and tips.
  await project()
  const draftAnswers = staff.getByRole('region', { name: 'Customer answers to drafts' })
  await expect(draftAnswers).toContainText('Please lead with the database work.')
  await expect(draftAnswers.getByRole('link', { name: 'my-notes.pdf' })).toBeVisible()
  await deliver([pdf('resume-v2.pdf')], 'Database work first.')
  await page.goto(orderPage)
  await page
    .getByRole('region', { name: 'Drafts' })
    .getByRole('link', { name: /Draft 2 of/ })
    .click()
  await page.getByRole('button', { name: 'Accept this draft' }).click()
  await expect(page.getByText('Thank you: you accepted this draft.')).toBeVisible()
  const rating = page.getByRole('region', { name: 'Rate this delivery' })
  await rating.getByLabel('4 out of 5').check()
  await rating.getByLabel('Review (optional)').fill('Clear and quick')
  await rating.getByRole('button', { name: 'Send rating' }).click()
  await expect(page.getByText('Thank you for your rating.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your rating' })).toContainText('4 out of 5: Clear and quick')
  const tip = page.getByRole('region', { name: 'Tip your writer' })
  await tip.getByLabel(/Amount/).fill('10')
  await tip.getByLabel('Card (test mode)').selectOption('pm_card_visa')
  await tip.getByRole('button', { name: 'Pay the tip' }).click()
  await expect(page.getByText('Thank you: your tip was paid.')).toBeVisible()

  // 7. Staff see every step, then upload the final document: the order completes.
  view = await project()
  for (const entry of ['submitted', 'requested a revision', 'accepted the draft', 'rated the draft', 'tipped the writer']) await expect(view.activity).toContainText(entry)
  await expect(view.brief).toContainText('Head of data')
  const final = staff.getByRole('region', { name: 'Final documents' })
  await final.getByLabel('Files').setInputFiles(pdf('resume-final.pdf'))
  await final.getByRole('button', { name: 'Upload final documents' }).click()
  await expect(staff.getByText('Final documents uploaded')).toBeVisible()
  await expect(staff.getByTestId('status-percentage')).toHaveText('100%')

  // 8. The customer downloads the final document from a completed order.
  await page.goto(orderPage)
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Completed')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('region', { name: 'Final documents' }).getByRole('link', { name: 'resume-final.pdf' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('resume-final.pdf')
  await page.goto(orderPage)
  await accessibleAtEveryWidth('the completed order page')

  // 9. The questionnaire's answers are in the order report's CSV.
  const today = new Date().toISOString().slice(0, 10)
  const created = await staff.request.post('/api/client/create-reports', {
    headers: ORIGIN_HEADERS,
    data: { startDate: today, endDate: today, finalQuestionnaires: [w.form.publicId], reportsFields: ['orderId'] },
  })
  expect(created.status(), await created.text()).toBe(201)
  const reportId = ((await created.json()) as { report: { _id: string } }).report._id
  await expect
    .poll(async () => ((await (await staff.request.get('/api/client/reports')).json()).reports as { _id: string; status: string }[]).find((r) => r._id === reportId)?.status, {
      timeout: 30_000,
    })
    .toBe('ready')
  const csv = await staff.request.get(`/api/client/reports/${reportId}/download`)
  expect(csv.status()).toBe(200)
  const text = await csv.text()
  const row = text.split('\r\n').find((line) => line.startsWith(orderId))
  expect(row).toContain('Staff Engineer')
  expect(row).toContain('Senior')
  expect(row).toContain('SQL')
  await staffContext.close()
})
