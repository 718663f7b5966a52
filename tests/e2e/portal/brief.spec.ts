// The customer's brief in Chromium on an organisation's own host (issue 25, ADR 0061), with and without JavaScript:
// upload a document, fill the questionnaire (reload mid-way and find the answers kept, required items on submit),
// answer follow-up questions, pick an appointment; the drop zone under hide_click_to_upload; staff see the answers
// on the project page and send questions from it; axe at desktop and phone widths.
import type { Page } from '@playwright/test'
import { proposeAppointment, sendFollowUpQuestions } from '#app/models/brief.server'
import { tenantForJob } from '#app/services/db.server'
import { platformDb } from '#app/services/db.server'
import { createBriefOrders } from '#tests/factories/brief'
import { tenantWithSubdomain } from '#tests/security/helpers'
import { expect, loginAs, test } from '../fixtures'
import { expectAccessibleAtEveryWidth } from './axe'
import { signInToPortal } from './customer'

async function portalWithBrief(settings: Record<string, boolean> = {}) {
  const tenant = await tenantWithSubdomain('brf')
  if (Object.keys(settings).length)
    await platformDb
      .updateTable('organisation_settings')
      .set({ settings: JSON.stringify(settings) })
      .where('client_id', '=', tenant.org.id)
      .execute()
  const data = await createBriefOrders(tenant.org.id, { productName: 'Executive Resume' })
  const staff = { ...tenantForJob(tenant.org.id), user: { id: data.owner.userId, firstName: 'Sam', lastName: 'Staff', role: 'client' as const, permissions: [] } }
  return { ...tenant, ...data, staff, origin: `http://${tenant.host}` }
}
type World = Awaited<ReturnType<typeof portalWithBrief>>

const PDF = { name: 'old-cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF') }

async function openStep(page: Page, w: World, name: string) {
  await page.goto(`${w.origin}/my-orders/${w.orders.order.public_id}`)
  await page.getByRole('region', { name: 'Progress' }).getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
}

test('a customer uploads a document, fills the questionnaire across a reload and submits it @nojs', async ({ page, javaScriptEnabled }) => {
  // Ten page loads and posts: about 30 s without JavaScript while the rest of the suite loads the machine.
  test.slow()
  const w = await portalWithBrief()
  await signInToPortal(page, w.origin, w.customer.email)

  // Upload Documents: a file, a second one removed again, then sent to the team.
  await openStep(page, w, 'Upload Documents')
  await page.getByLabel('Click to upload').setInputFiles([PDF, { ...PDF, name: 'extra.pdf' }])
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Send the chosen files' }).click()
  const documents = page.getByRole('list', { name: 'Uploaded documents' })
  await expect(documents.getByRole('listitem')).toHaveCount(2)
  await page.getByRole('button', { name: 'Remove extra.pdf' }).click()
  await expect(documents.getByRole('listitem')).toHaveCount(1)
  await expect(documents).toContainText('old-cv.pdf')
  await page.getByRole('button', { name: 'Send my documents to the team' }).click()
  await expect(page.getByText('Thank you! Your documents were sent to your team.')).toBeVisible()
  await expect(page.getByRole('button', { name: /Remove/ })).toHaveCount(0)

  // The questionnaire: typed, kept across a reload (autosave with JavaScript, Save for later without).
  await openStep(page, w, 'Intake form')
  await page.getByLabel('Current job title').fill('Staff Engineer')
  await page.getByLabel('Your career story').fill('Ten years of databases')
  await page.getByLabel('Leadership').check()
  if (javaScriptEnabled) await expect(page.getByText('All changes saved')).toBeVisible()
  else await page.getByRole('button', { name: 'Save for later' }).click()
  await page.reload()
  await expect(page.getByLabel('Current job title')).toHaveValue('Staff Engineer')
  await expect(page.getByLabel('Your career story')).toHaveValue('Ten years of databases')
  await expect(page.getByLabel('Leadership')).toBeChecked()

  // Submit without the required choice: the server says which, and what was typed stays.
  await page.getByLabel('Available from').fill('2027-01-04')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Some answers are missing')).toBeVisible()
  await expect(page.getByRole('radiogroup', { name: /Seniority/ })).toContainText('Please answer this question')
  await expect(page.getByLabel('Available from')).toHaveValue('2027-01-04')
  await page.getByLabel('Senior', { exact: true }).check()
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Thank you! Your answers were sent to your team.')).toBeVisible()
  const answers = page.getByRole('region', { name: 'Your answers' })
  await expect(answers).toContainText('Staff Engineer')
  await expect(answers).toContainText('Leadership')
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0)

  // Done steps read as done on the order page.
  await page.goto(`${w.origin}/my-orders/${w.orders.order.public_id}`)
  await expect(page.getByRole('region', { name: 'Progress' }).getByRole('listitem').nth(1)).toContainText('Done')
})

test('a customer answers follow-up questions and picks an appointment @nojs', async ({ page }) => {
  const w = await portalWithBrief()
  await signInToPortal(page, w.origin, w.customer.email)
  await openStep(page, w, 'Follow Up Questions')
  await expect(page.getByText('Your team has not sent any questions yet.')).toBeVisible()
  await sendFollowUpQuestions(w.staff, w.orders.order.public_id, w.serviceId, ['Which role do you want next?'])
  await page.reload()
  await page.getByLabel('Which role do you want next?').fill('Head of data')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Thank you! Your answers were sent to your team.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your answers' })).toContainText('Head of data')

  await proposeAppointment(w.staff, w.orders.order.public_id, w.serviceId, { link: '', times: ['2030-01-02T09:00', '2030-01-03T15:30'] })
  await openStep(page, w, 'Schedule Appointment')
  await page.getByLabel('Thursday, 3 January 2030 at 15:30 UTC').check()
  await page.getByRole('button', { name: 'Book this time' }).click()
  await expect(page.getByText('Your appointment is booked.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your appointment' })).toContainText('Thursday, 3 January 2030 at 15:30 UTC')
})

test('with hide_click_to_upload the drop zone is the labelled file control, usable from the keyboard @nojs', async ({ page, javaScriptEnabled }) => {
  const w = await portalWithBrief({ hide_click_to_upload: true })
  await signInToPortal(page, w.origin, w.customer.email)
  await openStep(page, w, 'Upload Documents')
  await expect(page.getByText('Click to upload')).toHaveCount(0)
  const zone = page.getByLabel('Drop your documents here')
  await zone.focus()
  await expect(zone).toBeFocused()
  await zone.setInputFiles(PDF)
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Send the chosen files' }).click()
  await expect(page.getByRole('list', { name: 'Uploaded documents' })).toContainText('old-cv.pdf')
})

test('staff see the answers on the project page and send follow-up questions from it @nojs', async ({ page, context }) => {
  const w = await portalWithBrief()
  const who = { id: w.customer.userId, firstName: 'Olive', lastName: 'Owner', impersonatorUserId: null }
  const { saveAnswers } = await import('#app/models/brief.server')
  await saveAnswers(tenantForJob(w.org.id), who, w.orders.order.public_id, {
    moduleId: w.form.publicId,
    answers: { title: 'Data lead', level: 'Senior', skills: ['SQL', 'Go'] },
    submit: true,
  })
  await loginAs(context, w.origin, w.owner.email)
  // The project's JSON carries the brief too (an added field).
  const res = await page.goto(`${w.origin}/api/client/project/${w.orders.order.public_id}`)
  const json = await res!.json()
  const form = json.brief.find((s: { moduleId: string }) => s.moduleId === w.form.publicId)
  expect(form).toMatchObject({ kind: 'questions', title: 'Intake form', submittedAt: expect.any(String) })
  expect(form.answers).toContainEqual({ id: 'skills', question: 'Skills', type: 'multiple_choice', answer: 'SQL; Go' })
  await page.goto(`${w.origin}/project/view/${w.orders.order.public_id}`)
  const brief = page.getByRole('region', { name: 'Customer brief' })
  await expect(brief).toContainText('Data lead')
  await expect(brief).toContainText('SQL; Go')
  await brief.getByLabel('Follow-up questions for the customer (one per line)').fill('Any gaps to explain?\nWhich city?')
  await brief.getByRole('button', { name: 'Send questions' }).click()
  await expect(page.getByText('Follow-up questions sent to the customer')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Customer brief' })).toContainText('Questions sent, waiting for answers')
  await expect(page.getByText('Sam Staff sent 2 follow-up questions')).toBeVisible()
})

test('the task pages pass axe at desktop and phone widths', async ({ page }) => {
  // Several pages, each checked at two widths: more than the default 30 s on a loaded machine.
  test.slow()
  const w = await portalWithBrief()
  await signInToPortal(page, w.origin, w.customer.email)
  await openStep(page, w, 'Intake form')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Some answers are missing')).toBeVisible()
  await expectAccessibleAtEveryWidth(page, 'questionnaire with errors')
  await openStep(page, w, 'Upload Documents')
  await expectAccessibleAtEveryWidth(page, 'documents')
  await proposeAppointment(w.staff, w.orders.order.public_id, w.serviceId, { link: 'https://cal.example/wendy', times: ['2030-01-02T09:00'] })
  await openStep(page, w, 'Schedule Appointment')
  await expectAccessibleAtEveryWidth(page, 'appointment')
})
