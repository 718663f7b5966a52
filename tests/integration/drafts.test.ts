// Drafts reach the customer (issue 25, ADR 0062), against the real database, queue and mail sink: deliverDraft
// with and without approval, what the customer may see, accept / revision / rating / tip and their switches,
// the auto-accept pass with its one reminder, and final documents completing the order.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadAuthUser } from '#app/models/account.server'
import { type Tenant, tenantOf } from '#app/models/auth-guards.server'
import {
  acceptDraft,
  ALREADY_ANSWERED,
  ALREADY_RATED,
  autoAcceptPass,
  myDraft,
  myDraftFile,
  myDraftsOf,
  NEWER_DRAFT,
  rateDraft,
  RATING_DISABLED,
  requestRevision,
  saveAutoAcceptDays,
  TIP_IMPERSONATION,
  TIPS_DISABLED,
  tipWriter,
} from '#app/models/customer-drafts.server'
import { getMyOrder, myOrderJson } from '#app/models/customer-orders.server'
import { deliverDraft, DRAFT_PDF_ONLY, uploadFinalDocuments } from '#app/models/draft-delivery.server'
import { getWebsiteSettings, saveWebsiteSettings } from '#app/models/organisation-settings.server'
import type { PortalCustomer } from '#app/models/portal-auth.server'
import { approveRevision } from '#app/models/revisions.server'
import { wordPreview } from '#app/models/word-preview.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { closeQueues } from '#app/services/queue.server'
import { createConnectedAccount } from '#tests/factories/connect'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { docxUpload, HTML_BYTES, pdfUpload, upload } from '#tests/factories/draft-files'
import { createOrganisation, createUser } from '#tests/factories/index'
import { mailsTo, waitForMail } from '#tests/mailbox'
import { draftAutoAcceptJob } from '#jobs/draft-auto-accept'
import { queuesDrained, startMailPipeline } from './helpers'

const emulator = await vi.hoisted(async () => (await import('./stripe-emulator-fixture')).emulatorForThisFile())
void emulator

let stop: () => Promise<void>
beforeAll(async () => {
  stop = await startMailPipeline()
})
afterAll(async () => {
  await stop()
  await closeQueues()
})

const DAY = 86_400_000

async function staffOf(userId: number, clientId: number): Promise<Tenant> {
  const user = await loadAuthUser(userId, clientId)
  if (!user || user.clientId === null) throw new Error('no such member')
  return tenantOf(user as typeof user & { clientId: number })
}

async function world(settings: Record<string, boolean> = {}) {
  const org = await createOrganisation({ name: `Drafts ${Date.now()}`, settings })
  const t = tenantForJob(org.id)
  const ownerUser = await createUser({ firstName: 'Olga', lastName: 'Owner', memberships: [{ clientId: org.id, role: 'client' }] })
  const staff = await staffOf(ownerUser.accounts.get(org.id)!.id, org.id)
  const c = await createCustomerOrders(org.id)
  const email = (await platformDb.selectFrom('users').select('email').where('id', '=', c.customer.userId).executeTakeFirstOrThrow()).email
  const writerEmail = (await platformDb.selectFrom('users').select('email').where('id', '=', c.writer.userId).executeTakeFirstOrThrow()).email
  const customer: PortalCustomer = { id: c.customer.userId, publicId: 'x', clientId: org.id, email, firstName: 'Olive', lastName: 'Owner', impersonatorUserId: null }
  const other: PortalCustomer = { ...customer, id: c.other.userId, firstName: 'Nora', lastName: 'Neighbour' }
  const order = c.orders.writing
  const serviceId = order.services[0]!._id
  return { org, t, staff, c, customer, other, order, serviceId, email, writerEmail }
}

describe('deliverDraft', () => {
  it('without approval: the customer sees it at once, hears of it and gets the draft e-mail', async () => {
    const w = await world()
    const result = await deliverDraft(w.staff, {
      orderPublicId: w.order.public_id,
      serviceId: w.serviceId,
      pdf: pdfUpload(),
      word: docxUpload(),
      notes: 'Here is your first draft.',
    })
    expect(result).toMatchObject({ ok: true, pending: false })
    const order = await getMyOrder(w.t, w.customer.id, w.order.public_id)
    expect(order!.drafts).toHaveLength(1)
    expect(order!.drafts[0]).toMatchObject({ approved: true, notes: 'Here is your first draft.', number: 1, canAnswer: true, answer: null })
    expect(order!.drafts[0]!.files.map((f) => f.slot)).toEqual(['pdf', 'word'])
    expect(myOrderJson(order!).drafts[0]).toMatchObject({ _id: expect.any(String), approved: true, files: expect.any(Array) })
    await waitForMail(w.email, /draft is ready/)
    const notes = await platformDb.selectFrom('notifications').select(['content', 'link']).where('user_id', '=', w.customer.id).execute()
    expect(notes.some((n) => n.link?.includes('/drafts/'))).toBe(true)
  })

  it('with approval on: pending, invisible to the customer until approved', async () => {
    const w = await world({ enable_revisions_approval_feature: true })
    const result = await deliverDraft(w.staff, { orderPublicId: w.order.public_id, serviceId: w.serviceId, pdf: pdfUpload() })
    expect(result).toMatchObject({ ok: true, pending: true })
    if (!result.ok) throw new Error('not delivered')
    expect((await getMyOrder(w.t, w.customer.id, w.order.public_id))!.drafts).toEqual([])
    expect(await myDraft(w.t, w.customer.id, w.order.public_id, result.draftId)).toBeNull()
    expect(await acceptDraft(w.t, w.customer, result.draftId)).toMatchObject({ ok: false, status: 404 })
    expect(await approveRevision(w.staff, result.draftId)).toMatchObject({ ok: true })
    const drafts = (await getMyOrder(w.t, w.customer.id, w.order.public_id))!.drafts
    expect(drafts.map((d) => d._id)).toEqual([result.draftId])
    expect(drafts[0]!.autoAcceptAt).not.toBeNull()
  })

  it('refuses a non-PDF in the PDF slot, an unknown service and a foreign order', async () => {
    const w = await world()
    expect(await deliverDraft(w.staff, { orderPublicId: w.order.public_id, serviceId: w.serviceId, pdf: upload('x.pdf', HTML_BYTES, 'text/plain') })).toMatchObject({
      ok: false,
      error: DRAFT_PDF_ONLY,
    })
    expect(await deliverDraft(w.staff, { orderPublicId: w.order.public_id, serviceId: 'nope', pdf: pdfUpload() })).toMatchObject({ ok: false, status: 400 })
    const b = await world()
    expect(await deliverDraft(w.staff, { orderPublicId: b.order.public_id, serviceId: b.serviceId, pdf: pdfUpload() })).toMatchObject({ ok: false, status: 404 })
  })
})

describe('what the customer sees', () => {
  it('never another customer’s draft, a withdrawn one, or the Word file when hide_ms_word_document is on', async () => {
    const w = await world()
    const d = await deliverDraft(w.staff, {
      orderPublicId: w.order.public_id,
      serviceId: w.serviceId,
      pdf: pdfUpload(),
      word: docxUpload('cv.docx', 'Olive Owner', ['Led a team of 40.']),
    })
    if (!d.ok) throw new Error('not delivered')
    expect(await myDraft(w.t, w.other.id, w.order.public_id, d.draftId)).toBeNull()
    expect(await acceptDraft(w.t, w.other, d.draftId)).toMatchObject({ ok: false, status: 404 })
    const word = await myDraftFile(w.t, w.customer.id, w.order.public_id, d.draftId, 'word', 0)
    expect(word).toMatchObject({ originalname: 'cv.docx' })
    const preview = await wordPreview(word!)
    expect(preview.html).toContain('<h1>Olive Owner</h1>')
    expect(preview.html).toContain('Led a team of 40.')
    await saveWebsiteSettings(w.t, { hide_ms_word_document: true })
    expect(await myDraftFile(w.t, w.customer.id, w.order.public_id, d.draftId, 'word', 0)).toBeNull()
    expect((await myDraft(w.t, w.customer.id, w.order.public_id, d.draftId))!.draft.files.map((f) => f.slot)).toEqual(['pdf'])
    await platformDb.updateTable('drafts').set({ deleted_at: new Date(), deleted_by: w.staff.user.id }).where('public_id', '=', d.draftId).execute()
    expect((await myDraftsOf(w.t, w.customer.id, w.order.public_id))!.drafts).toEqual([])
  })
})

describe('answers', () => {
  it('revision then accept: reason and files kept, the revision step completes, each answer once', async () => {
    const w = await world()
    const first = await deliverDraft(w.staff, { orderPublicId: w.order.public_id, serviceId: w.serviceId, pdf: pdfUpload() })
    if (!first.ok) throw new Error('not delivered')
    const asked = await requestRevision(w.t, w.customer, first.draftId, { notes: 'Shorten the summary', uploads: [pdfUpload('notes.pdf')] })
    expect(asked).toMatchObject({ ok: true, kind: 'revision' })
    expect(await acceptDraft(w.t, w.customer, first.draftId)).toMatchObject({ ok: false, status: 409, error: ALREADY_ANSWERED })
    const order = await platformDb.selectFrom('orders').select('customer_last_revision_at').where('id', '=', w.order.id).executeTakeFirstOrThrow()
    expect(order.customer_last_revision_at).not.toBeNull()
    const response = await platformDb.selectFrom('draft_responses').selectAll().where('order_id', '=', w.order.id).executeTakeFirstOrThrow()
    expect(response).toMatchObject({ kind: 'revision', notes: 'Shorten the summary' })
    expect(response.files![0]!.file.originalname).toBe('notes.pdf')

    const second = await deliverDraft(w.staff, { orderPublicId: w.order.public_id, serviceId: w.serviceId, pdf: pdfUpload('v2.pdf') })
    if (!second.ok) throw new Error('not delivered')
    const drafts = (await myDraftsOf(w.t, w.customer.id, w.order.public_id))!.drafts
    expect(drafts.map((d) => [d.number, d.canAnswer])).toEqual([
      [1, false],
      [2, true],
    ])
    // Two answers racing: one wins.
    const both = await Promise.all([acceptDraft(w.t, w.customer, second.draftId), acceptDraft(w.t, w.customer, second.draftId)])
    expect(both.filter((r) => r.ok)).toHaveLength(1)
    expect(both.find((r) => !r.ok)).toMatchObject({ status: 409 })
    const tasks = await platformDb.selectFrom('order_tasks').select('task_id').where('order_id', '=', w.order.id).execute()
    expect(tasks.map((x) => x.task_id)).toContain('revision_process')
    await waitForMail(w.writerEmail, /finalized the draft/)
    await queuesDrained()
    expect((await mailsTo(w.writerEmail)).filter((m) => /finalized the draft/.test(m.subject))).toHaveLength(1)
  })

  it('an older draft cannot be answered once a newer one is there', async () => {
    const w = await world()
    const first = await deliverDraft(w.staff, { orderPublicId: w.order.public_id, serviceId: w.serviceId, pdf: pdfUpload() })
    await deliverDraft(w.staff, { orderPublicId: w.order.public_id, serviceId: w.serviceId, pdf: pdfUpload() })
    if (!first.ok) throw new Error('not delivered')
    expect(await acceptDraft(w.t, w.customer, first.draftId)).toMatchObject({ ok: false, status: 409, error: NEWER_DRAFT })
  })

  it('rating: once, 1..5, mailed to the contributor; refused with disable_customer_rating', async () => {
    const w = await world()
    const d = await deliverDraft(w.staff, { orderPublicId: w.order.public_id, serviceId: w.serviceId, pdf: pdfUpload() })
    if (!d.ok) throw new Error('not delivered')
    expect(await rateDraft(w.t, w.customer, d.draftId, 6, '')).toMatchObject({ ok: false, status: 400 })
    expect(await rateDraft(w.t, w.customer, d.draftId, 5, 'Lovely work')).toMatchObject({ ok: true, rating: 5 })
    expect(await rateDraft(w.t, w.customer, d.draftId, 4, 'again')).toMatchObject({ ok: false, status: 409, error: ALREADY_RATED })
    const row = await platformDb.selectFrom('drafts').select(['rating', 'review', 'reviewed_by_user']).where('public_id', '=', d.draftId).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ rating: 5, review: 'Lovely work' })
    expect(!!row.reviewed_by_user).toBe(true)
    await waitForMail(w.writerEmail, /reviewed your draft/)
    await saveWebsiteSettings(w.t, { disable_customer_rating: true })
    const d2 = await deliverDraft(w.staff, { orderPublicId: w.order.public_id, serviceId: w.serviceId, pdf: pdfUpload() })
    if (!d2.ok) throw new Error('not delivered')
    expect(await rateDraft(w.t, w.customer, d2.draftId, 5, '')).toMatchObject({ ok: false, status: 403, error: RATING_DISABLED })
  })

  it('tip: a direct charge recorded once per payment; refused for log-in-as, with hide_tip, on another’s order', async () => {
    const w = await world()
    await createConnectedAccount({ clientId: w.org.id })
    const input = { amountCents: 1500, paymentMethodId: 'pm_card_visa', key: 'form-1' }
    expect(await tipWriter(w.t, { ...w.customer, impersonatorUserId: 1 }, w.order.public_id, input)).toMatchObject({ ok: false, status: 403, error: TIP_IMPERSONATION })
    expect(await tipWriter(w.t, w.other, w.order.public_id, input)).toMatchObject({ ok: false, status: 404 })
    expect(await tipWriter(w.t, w.customer, w.order.public_id, { ...input, amountCents: 0 })).toMatchObject({ ok: false, status: 400 })
    const paid = await tipWriter(w.t, w.customer, w.order.public_id, input)
    expect(paid).toMatchObject({ ok: true, amountCents: 1500 })
    // The same form submitted again: the same payment, the same tip.
    const again = await tipWriter(w.t, w.customer, w.order.public_id, input)
    expect(again).toMatchObject({ ok: true })
    const tips = await platformDb.selectFrom('order_tips').select(['amount_cents', 'provider_payment_id']).where('order_id', '=', w.order.id).execute()
    expect(tips).toHaveLength(1)
    expect(tips[0]!.provider_payment_id).toMatch(/^pi_/)
    expect(await tipWriter(w.t, w.customer, w.order.public_id, { ...input, paymentMethodId: 'pm_card_chargeDeclined', key: 'form-2' })).toMatchObject({ ok: false, status: 402 })
    await saveWebsiteSettings(w.t, { hide_tip: true })
    expect(await tipWriter(w.t, w.customer, w.order.public_id, { ...input, key: 'form-3' })).toMatchObject({ ok: false, status: 403, error: TIPS_DISABLED })
  })
})

describe('auto-accept', () => {
  it('reminds once two days before, then accepts for the customer; a customer answer racing the job leaves one answer', async () => {
    const w = await world()
    expect(await saveAutoAcceptDays(w.t, 0)).toMatchObject({ ok: false })
    expect(await saveAutoAcceptDays(w.t, 5)).toMatchObject({ ok: true, days: 5 })
    expect((await getWebsiteSettings(w.t)).hide_tip).toBe(false)
    const d = await deliverDraft(w.staff, { orderPublicId: w.order.public_id, serviceId: w.serviceId, pdf: pdfUpload() })
    if (!d.ok) throw new Error('not delivered')
    const delivered = Date.now()
    expect(await autoAcceptPass(w.t, new Date(delivered + 2 * DAY))).toEqual({ accepted: 0, reminded: 0 })
    expect(await autoAcceptPass(w.t, new Date(delivered + 3 * DAY + 1000))).toEqual({ accepted: 0, reminded: 1 })
    expect(await autoAcceptPass(w.t, new Date(delivered + 3 * DAY + 2000))).toEqual({ accepted: 0, reminded: 0 })
    await waitForMail(w.email, /will be accepted on/)
    // The scheduled job's pass (as the worker runs it) and the customer, at once.
    const [job, customer] = await Promise.all([
      draftAutoAcceptJob({ data: { clientId: null, clientIds: [w.org.id], now: delivered + 5 * DAY + 1000 } }),
      acceptDraft(w.t, w.customer, d.draftId),
    ])
    expect(job.accepted + (customer.ok ? 1 : 0)).toBe(1)
    expect(await platformDb.selectFrom('draft_responses').select('id').where('order_id', '=', w.order.id).execute()).toHaveLength(1)
    await queuesDrained()
    expect((await mailsTo(w.email)).filter((m) => /will be accepted on/.test(m.subject))).toHaveLength(1)
  })
})

describe('final documents', () => {
  it('complete the final step, reach the customer, e-mail once then as re-uploaded, and complete the order', async () => {
    const w = await world()
    const d = await deliverDraft(w.staff, { orderPublicId: w.order.public_id, serviceId: w.serviceId, pdf: pdfUpload() })
    if (!d.ok) throw new Error('not delivered')
    await acceptDraft(w.t, w.customer, d.draftId)
    const done = await uploadFinalDocuments(w.staff, w.order.public_id, w.serviceId, [pdfUpload('final.pdf')])
    expect(done).toMatchObject({ ok: true, again: false, moduleId: 'final_document', completed: true })
    const order = await getMyOrder(w.t, w.customer.id, w.order.public_id)
    expect(order!.status).toBe('Completed')
    expect(order!.finalDocuments.map((f) => f.name)).toEqual(['final.pdf'])
    await waitForMail(w.email, /final documents are ready/)
    expect(await uploadFinalDocuments(w.staff, w.order.public_id, w.serviceId, [pdfUpload('final-v2.pdf')])).toMatchObject({ ok: true, again: true })
    await waitForMail(w.email, /final documents were updated/)
    const other = await getMyOrder(tenantForJob(w.org.id), w.other.id, w.order.public_id)
    expect(other).toBeNull()
  })
})
