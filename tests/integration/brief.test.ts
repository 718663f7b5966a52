// The customer's brief (issue 25, ADR 0061) through the real database, queue and SMTP sink: answers saved as the
// customer types and kept, required items on submit, a submitted module refusing more, completeTask's effects
// (status, last-task label), activity, the team's notifications, each e-mail once, documents with type
// sniffing, follow-up questions, appointments, the reports' answer columns, and only the customer's own orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadAuthUser } from '#app/models/account.server'
import { type Tenant, tenantOf } from '#app/models/auth-guards.server'
import {
  getBriefTask,
  pickAppointment,
  proposeAppointment,
  removeDocument,
  reportAnswers,
  saveAnswers,
  sendFollowUpQuestions,
  staffBrief,
  submitDocuments,
  uploadDocument,
  type BriefCustomer,
} from '#app/models/brief.server'
import { createReport, getReport, reportFileKey } from '#app/models/order-reports.server'
import { findOrder } from '#app/models/orders.server'
import { storage } from '#app/services/storage.server'
import { ALREADY_SUBMITTED, DOCUMENT_TYPE_REFUSED, NO_QUESTIONS_YET, REQUIRED_ANSWER } from '#app/rules/brief'
import { FILE_NAME_RULE } from '#app/rules/file-name'
import { lastTaskLabel } from '#app/rules/order-tasks'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { closeQueues } from '#app/services/queue.server'
import { createBriefOrders } from '#tests/factories/brief'
import { createOrganisation } from '#tests/factories/index'
import { mailsTo, waitForMail } from '#tests/mailbox'
import { queuesDrained, startMailPipeline } from './helpers'

let stop: () => Promise<void>
let a: Awaited<ReturnType<typeof createBriefOrders>>
let b: Awaited<ReturnType<typeof createBriefOrders>>
let ta: ReturnType<typeof tenantForJob>
let tb: ReturnType<typeof tenantForJob>
let olive: BriefCustomer
let staff: Tenant
let writer: Tenant

async function tenantFor(userId: number, clientId: number): Promise<Tenant> {
  const user = await loadAuthUser(userId, clientId)
  if (!user || user.clientId === null) throw new Error('no such member')
  return tenantOf(user as typeof user & { clientId: number })
}

beforeAll(async () => {
  stop = await startMailPipeline()
  const orgA = await createOrganisation({ name: `Brief A ${Date.now()}` })
  const orgB = await createOrganisation({ name: `Brief B ${Date.now()}` })
  ta = tenantForJob(orgA.id)
  tb = tenantForJob(orgB.id)
  a = await createBriefOrders(orgA.id)
  b = await createBriefOrders(orgB.id)
  olive = { id: a.customer.userId, firstName: 'Olive', lastName: 'Owner', impersonatorUserId: null }
  staff = await tenantFor(a.owner.userId, orgA.id)
  writer = await tenantFor(a.writer.userId, orgA.id)
})
afterAll(async () => {
  await stop()
  await closeQueues()
})

const pdf = (name = 'old-cv.pdf') => new File([Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF')], name, { type: 'application/pdf' })

async function activity(orderId: number) {
  return (await platformDb.selectFrom('order_activity').select('content').where('order_id', '=', orderId).orderBy('id').execute()).map((r) => r.content)
}
async function notificationsOf(userId: number) {
  return platformDb.selectFrom('notifications').select(['content', 'kind', 'link']).where('user_id', '=', userId).orderBy('id').execute()
}

describe('questionnaire answers', () => {
  it('autosaves as the customer types, keeps the answers for the next visit, then submits once with every required item', async () => {
    const order = a.orders.order
    const formId = a.form.publicId
    const saved = await saveAnswers(ta, olive, order.public_id, { moduleId: formId, answers: { title: 'Engineer', skills: ['SQL', 'Go'] }, submit: false })
    expect(saved).toMatchObject({ ok: true, status: 'saved', submitted: false, answers: { title: 'Engineer', skills: ['SQL', 'Go'] } })
    // A later autosave changes one item and keeps the rest.
    await saveAnswers(ta, olive, order.public_id, { moduleId: formId, answers: { story: 'Ten years of SQL' }, submit: false })
    const page = await getBriefTask(ta, olive.id, order.public_id, a.serviceId, formId)
    expect(page).toMatchObject({ kind: 'questions', done: false, title: 'Intake form', answers: { title: 'Engineer', skills: ['SQL', 'Go'], story: 'Ten years of SQL' } })
    expect(page!.items.map((i) => i.type)).toEqual(['section_heading', 'short_text', 'long_text', 'single_choice', 'multiple_choice', 'date', 'file_upload'])

    // Submit without the required single choice: 422 with the field, the answers kept, the task not done.
    const missing = await saveAnswers(ta, olive, order.public_id, { moduleId: formId, answers: { start: '2027-01-04' }, submit: true })
    expect(missing).toMatchObject({ ok: false, status: 422, errors: { level: REQUIRED_ANSWER } })
    expect((await getBriefTask(ta, olive.id, order.public_id, a.serviceId, formId))!.answers).toMatchObject({ start: '2027-01-04', title: 'Engineer' })

    const done = await saveAnswers(ta, olive, order.public_id, { moduleId: formId, answers: { level: 'Senior' }, submit: true })
    expect(done).toMatchObject({ ok: true, status: 'submitted', submitted: true })
    const row = (await findOrder(ta, order.public_id))!
    expect(row.last_task_id).toBe(formId)
    expect(lastTaskLabel(row.last_task_id)).toBe('Form completed')
    expect(Number(row.status_percentage)).toBe(16)
    expect(await activity(order.id)).toContain('Olive Owner submitted the questionnaire Intake form')
    // The writer reads the customer by first name only (ADR 0068).
    expect((await notificationsOf(a.writer.userId)).map((n) => n.content)).toContain('Olive submitted the questionnaire Intake form')
    expect((await notificationsOf(a.owner.userId)).map((n) => n.kind)).toContain('customer_action')

    // A submitted module refuses more answers, by the page's post or the call alike.
    const again = await saveAnswers(ta, olive, order.public_id, { moduleId: formId, answers: { title: 'Changed' }, submit: false })
    expect(again).toMatchObject({ ok: false, status: 409, error: ALREADY_SUBMITTED })

    await waitForMail(a.customer.email, /We received your answers to Intake form/)
    await waitForMail(a.writer.email, /Olive answered Intake form/)
    await queuesDrained()
    expect((await mailsTo(a.customer.email)).filter((m) => /We received your answers/.test(m.subject))).toHaveLength(1)
    expect((await mailsTo(a.writer.email)).filter((m) => /answered Intake form/.test(m.subject))).toHaveLength(1)

    // Staff see the answers on the project page's data, and the reports' columns have them.
    const sections = await staffBrief(ta, row)
    const form = sections.find((s) => s.moduleId === formId)!
    expect(form.submittedAt).not.toBeNull()
    expect(form.answers.find((x) => x.id === 'skills')!.answer).toBe('SQL; Go')
    const report = await reportAnswers(
      ta,
      [order.id],
      [
        { formId, questionId: 'skills' },
        { formId, questionId: 'level' },
        { formId, questionId: 'cv' },
      ],
    )
    expect(Object.fromEntries(report.get(order.id)!)).toEqual({ [`${formId}:skills`]: 'SQL; Go', [`${formId}:level`]: 'Senior' })
  })

  it('refuses a choice that is not an option and a malformed date (400, with the field)', async () => {
    const r = await saveAnswers(ta, olive, a.orders.unassigned.public_id, { moduleId: a.form.publicId, answers: { level: 'CEO', start: '31/12/2026' }, submit: false })
    expect(r).toMatchObject({ ok: false, status: 400, errors: { level: expect.any(String), start: expect.any(String) } })
  })

  it('stores a file item through the upload and lists its name in the answers', async () => {
    const r = await saveAnswers(ta, olive, a.orders.unassigned.public_id, {
      moduleId: a.form.publicId,
      answers: {},
      submit: false,
      files: [{ itemId: 'cv', file: pdf('cv-2026.pdf') }],
    })
    expect(r).toMatchObject({ ok: true, answers: { cv: [{ _id: expect.any(String), name: 'cv-2026.pdf' }] } })
    const report = await reportAnswers(ta, [a.orders.unassigned.id], [{ formId: a.form.publicId, questionId: 'cv' }])
    expect(report.get(a.orders.unassigned.id)!.get(`${a.form.publicId}:cv`)).toBe('cv-2026.pdf')
    // A second file joins the first; one taken off leaves the other; an HTML page under a .pdf name is refused.
    const second = await saveAnswers(ta, olive, a.orders.unassigned.public_id, {
      moduleId: a.form.publicId,
      answers: {},
      submit: false,
      files: [{ itemId: 'cv', file: pdf('cover.pdf') }],
    })
    if (!second.ok || !r.ok) throw new Error('upload failed')
    const first = (r.answers.cv as { _id: string }[])[0]!
    const removed = await saveAnswers(ta, olive, a.orders.unassigned.public_id, {
      moduleId: a.form.publicId,
      answers: {},
      submit: false,
      removeFiles: [{ itemId: 'cv', fileId: first._id }],
    })
    expect(removed).toMatchObject({ ok: true, answers: { cv: [{ name: 'cover.pdf' }] } })
    expect(await platformDb.selectFrom('files').select('id').where('public_id', '=', first._id).execute()).toEqual([])
    const html = new File(['<html><script>alert(1)</script></html>'], 'cv.pdf')
    expect(
      await saveAnswers(ta, olive, a.orders.unassigned.public_id, { moduleId: a.form.publicId, answers: {}, submit: false, files: [{ itemId: 'cv', file: html }] }),
    ).toMatchObject({
      ok: false,
      status: 400,
      errors: { cv: DOCUMENT_TYPE_REFUSED },
    })
  })

  it("fills the order report's questionnaire columns: choices joined, file items by name", async () => {
    const today = new Date().toISOString().slice(0, 10)
    const created = await createReport(ta, null, { startDate: today, endDate: today, reportsFields: ['orderId'], finalQuestionnaires: [a.form.publicId] })
    if (!created.ok) throw new Error(created.error)
    // The report job (started with the mail pipeline's workers) writes the file.
    const deadline = Date.now() + 10_000
    while ((await getReport(ta, created.report._id))!.status !== 'ready' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    const bytes = await storage().get(reportFileKey(ta.clientId, created.report._id))
    const lines = bytes!
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n')
    expect(lines[0]).toBe(
      'Order ID,Intake form: Current job title,Intake form: Your career story,Intake form: Seniority,Intake form: Skills,Intake form: Available from,Intake form: Your current CV',
    )
    expect(lines).toContain(`${a.orders.order.public_id},Engineer,Ten years of SQL,Senior,SQL; Go,2027-01-04,`)
    expect(lines).toContain(`${a.orders.unassigned.public_id},,,,,,cover.pdf`)
  })

  it("is not found for another customer's order, another organisation's, a test order, or a module that is not customer work", async () => {
    const answer = (t: typeof ta, who: BriefCustomer, orderId: string, moduleId = a.form.publicId) =>
      saveAnswers(t, who, orderId, { moduleId, answers: { title: 'x' }, submit: false })
    expect(await answer(ta, olive, a.orders.othersOrder.public_id)).toMatchObject({ status: 404 })
    expect(await answer(ta, olive, a.orders.testOrder.public_id)).toMatchObject({ status: 404 })
    expect(await answer(ta, olive, b.orders.order.public_id)).toMatchObject({ status: 404 })
    expect(await answer(tb, olive, b.orders.order.public_id, b.form.publicId)).toMatchObject({ status: 404 })
    expect(await answer(ta, olive, a.orders.unassigned.public_id, 'revision_process')).toMatchObject({ status: 404 })
    expect(await answer(ta, olive, a.orders.unassigned.public_id, 'nosuchmodule')).toMatchObject({ status: 404 })
    expect(await getBriefTask(ta, olive.id, a.orders.othersOrder.public_id, a.serviceId, a.form.publicId)).toBeNull()
    expect(await getBriefTask(ta, olive.id, a.orders.order.public_id, a.serviceId, 'final_document')).toBeNull()
  })
})

describe('documents', () => {
  it('uploads, refuses an HTML page under a document name and a comma in the name, removes, then submits once', async () => {
    const order = a.orders.unassigned
    const up = await uploadDocument(ta, olive, order.public_id, pdf())
    expect(up).toMatchObject({ ok: true, document: { name: 'old-cv.pdf' } })
    const html = new File(['<!DOCTYPE html><script>alert(1)</script>'], 'resume.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })
    expect(await uploadDocument(ta, olive, order.public_id, html)).toMatchObject({ ok: false, status: 400, error: DOCUMENT_TYPE_REFUSED })
    expect(await uploadDocument(ta, olive, order.public_id, new File(['alert(1)'], 'cv.pdf'))).toMatchObject({ ok: false, status: 400 })
    expect(await uploadDocument(ta, olive, order.public_id, pdf("olive's, cv.pdf"))).toMatchObject({ ok: false, status: 400, error: FILE_NAME_RULE })
    const extra = await uploadDocument(ta, olive, order.public_id, pdf('extra.pdf'))
    if (!extra.ok) throw new Error(extra.error)
    expect(await removeDocument(ta, olive, order.public_id, extra.document._id)).toEqual({ ok: true })
    expect(await removeDocument(ta, olive, order.public_id, extra.document._id)).toMatchObject({ status: 404 })
    const page = await getBriefTask(ta, olive.id, order.public_id, a.serviceId, 'previous_document')
    expect(page!.documents.map((d) => d.name)).toEqual(['old-cv.pdf'])

    expect(await submitDocuments(ta, olive, order.public_id)).toMatchObject({ ok: true })
    const row = (await findOrder(ta, order.public_id))!
    expect(lastTaskLabel(row.last_task_id)).toBe('Documents Submitted')
    expect(await activity(order.id)).toContain('Olive Owner uploaded the document old-cv.pdf')
    // Done: nothing more to add or take away, and the staff see the file among the order's files.
    expect(await uploadDocument(ta, olive, order.public_id, pdf('late.pdf'))).toMatchObject({ status: 409 })
    expect(await removeDocument(ta, olive, order.public_id, up.ok ? up.document._id : '')).toMatchObject({ status: 409 })
    expect(await submitDocuments(ta, olive, order.public_id)).toMatchObject({ status: 409 })
    const files = await platformDb.selectFrom('order_files').select('kind').where('order_id', '=', order.id).execute()
    expect(files.map((f) => f.kind)).toEqual(['customer_document'])
    // Nobody is assigned: the owners hear of it.
    await waitForMail(a.owner.email, /Olive Owner uploaded documents/)
  })
})

describe('follow-up questions', () => {
  it('are sent by staff (Follow Up Questions Sent), mailed to the customer once, answered (Follow Up Questions Answered)', async () => {
    const order = a.orders.order
    expect(await saveAnswers(ta, olive, order.public_id, { moduleId: 'additional_questionnaire', answers: {}, submit: false })).toMatchObject({
      status: 409,
      error: NO_QUESTIONS_YET,
    })
    const sent = await sendFollowUpQuestions(writer, order.public_id, a.serviceId, ['Which role do you want next?', 'Any gaps to explain?'])
    expect(sent).toMatchObject({ ok: true, questions: [{ id: 'q1' }, { id: 'q2' }] })
    expect(lastTaskLabel((await findOrder(ta, order.public_id))!.last_task_id)).toBe('Follow Up Questions Sent')
    expect((await notificationsOf(a.customer.userId)).map((n) => n.link)).toContain(`/my-orders/${order.public_id}/tasks/${a.serviceId}/additional_questionnaire`)
    await waitForMail(a.customer.email, /Your contributor has a few questions/)

    expect(await saveAnswers(ta, olive, order.public_id, { moduleId: 'additional_questionnaire', answers: { q1: 'Staff engineer' }, submit: true })).toMatchObject({
      status: 422,
      errors: { q2: REQUIRED_ANSWER },
    })
    expect(await saveAnswers(ta, olive, order.public_id, { moduleId: 'additional_questionnaire', answers: { q2: 'None' }, submit: true })).toMatchObject({
      ok: true,
      submitted: true,
    })
    const row = (await findOrder(ta, order.public_id))!
    expect(lastTaskLabel(row.last_task_id)).toBe('Follow Up Questions Answered')
    // Answered: the questions can no longer be replaced.
    expect(await sendFollowUpQuestions(staff, order.public_id, a.serviceId, ['One more?'])).toMatchObject({ status: 409 })
    await queuesDrained()
    expect((await mailsTo(a.customer.email)).filter((m) => /a few questions/.test(m.subject))).toHaveLength(1)
  })

  it('refuses staff without UPDATE_ORDERS who are not the writer, and empty lists', async () => {
    expect(await sendFollowUpQuestions(staff, a.orders.unassigned.public_id, a.serviceId, [])).toMatchObject({ status: 400 })
    expect(await sendFollowUpQuestions(writer, a.orders.unassigned.public_id, a.serviceId, ['Why?'])).toMatchObject({ status: 403 })
    expect(await sendFollowUpQuestions(staff, b.orders.order.public_id, b.serviceId, ['Why?'])).toMatchObject({ status: 404 })
  })
})

describe('appointments', () => {
  it('the customer picks one of the proposed times: shown on both sides, mailed to the writer once', async () => {
    const order = a.orders.order
    expect(await pickAppointment(ta, olive, order.public_id, { time: '2030-01-01T10:00' })).toMatchObject({ status: 409 })
    expect(await proposeAppointment(staff, order.public_id, a.serviceId, { link: '', times: ['2030-01-02T09:00', '2030-01-03T15:30'] })).toMatchObject({ ok: true })
    expect(await pickAppointment(ta, olive, order.public_id, { time: '2030-01-05T09:00' })).toMatchObject({ status: 400 })
    const picked = await pickAppointment(ta, olive, order.public_id, { time: '2030-01-03T15:30:00.000Z' })
    expect(picked).toMatchObject({ ok: true, chosen: '2030-01-03T15:30:00.000Z' })
    expect(lastTaskLabel((await findOrder(ta, order.public_id))!.last_task_id)).toBe('Appointment Scheduling Completed')
    const page = await getBriefTask(ta, olive.id, order.public_id, a.serviceId, 'schedule_appointment')
    expect(page).toMatchObject({ done: true, appointment: { chosen: '2030-01-03T15:30:00.000Z' } })
    const staffSide = (await staffBrief(ta, (await findOrder(ta, order.public_id))!)).find((s) => s.moduleId === 'schedule_appointment')!
    expect(staffSide.appointment!.chosen).toBe('2030-01-03T15:30:00.000Z')
    expect(await pickAppointment(ta, olive, order.public_id, { time: '2030-01-02T09:00' })).toMatchObject({ status: 409 })
    await waitForMail(a.writer.email, /booked an appointment/)
  })

  it("takes the time booked through the writer's scheduling link, in the future only", async () => {
    const org = await createOrganisation({ name: `Brief C ${Date.now()}` })
    const c = await createBriefOrders(org.id, { writerSchedulingLink: 'https://cal.example/wendy' })
    const tc = tenantForJob(org.id)
    const who = { id: c.customer.userId, firstName: 'Olive', lastName: 'Owner', impersonatorUserId: c.owner.userId }
    expect((await getBriefTask(tc, who.id, c.orders.order.public_id, c.serviceId, 'schedule_appointment'))!.appointment!.link).toBe('https://cal.example/wendy')
    expect(await pickAppointment(tc, who, c.orders.order.public_id, { time: '2001-01-01T10:00' })).toMatchObject({ status: 400 })
    expect(await pickAppointment(tc, who, c.orders.order.public_id, { time: '2031-06-01T10:00' })).toMatchObject({ ok: true })
    // A log-in-as session acts on the customer's behalf, and the activity says so.
    expect(await activity(c.orders.order.id)).toContain('Sam Staff on behalf of Olive Owner scheduled the appointment for Sunday, 1 June 2031 at 10:00 UTC')
  })
})
