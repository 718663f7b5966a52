// The contributor's order (issue 26, ADR 0067) against the real database: the brief with the customer redacted
// (and shown when allowed), no price, drafts through deliverDraft with approval on and off, the notes switch,
// withdrawing before and after a draft is seen, marking the writer's steps done (status percentage, needs action),
// and the reviewer's decisions: only on their own orders, never on their own draft.
import { afterAll, describe, expect, it } from 'vitest'
import { loadAuthUser } from '#app/models/account.server'
import { tenantOf } from '#app/models/auth-guards.server'
import { submitDocuments, uploadDocument } from '#app/models/brief.server'
import { openRoom } from '#app/models/chat.server'
import { findContributorOrder } from '#app/models/contributor-orders.server'
import { requestRevision } from '#app/models/customer-drafts.server'
import type { PortalCustomer } from '#app/models/portal-auth.server'
import {
  completeWriterTask,
  deliverWriterDraft,
  reviewerApprove,
  reviewerReject,
  withdrawWriterDraft,
  workOrderFile,
  workOrderJson,
  workOrderView,
  type WorkCtx,
} from '#app/models/work-order.server'
import { DRAFT_SEEN, NOT_WRITER_TASK, NOTES_OFF, ONLY_THE_REVIEWER, ONLY_THE_WRITER, OWN_DRAFT, TASK_ALREADY_DONE, TASK_AMBIGUOUS } from '#app/rules/work-order'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { closeQueues } from '#app/services/queue.server'
import { PDF_BYTES, docxUpload, pdfUpload } from '#tests/factories/draft-files'
import { createOrganisation } from '#tests/factories/index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'

afterAll(async () => {
  await closeQueues()
})

const MODULES = [
  { id: 'previous_document', title: 'Upload Documents' },
  { id: 'additional_questionnaire', title: 'Follow Up Questions' },
  { id: 'revision_process', title: 'Revision Process' },
  { id: 'final_document', title: 'Final Document' },
]

async function ctxOf(clientId: number, userId: number, orderPublicId: string): Promise<WorkCtx | null> {
  const user = await loadAuthUser(userId, clientId)
  const t = tenantOf(user as NonNullable<typeof user> & { clientId: number })
  const found = await findContributorOrder(t, orderPublicId)
  return found ? { ...t, ...found } : null
}

async function world(settings: Record<string, boolean> = {}) {
  const org = await createOrganisation({ name: `Work ${Date.now()}`, settings })
  const product = await createProductWithWorkflow(org.id, { modules: MODULES, priceCents: 45_678 })
  const customer = await createCustomer(org.id, { firstName: 'Olive', lastName: 'Owner', email: `olive-${Date.now()}@example.test` })
  const writer = await createContributor(org.id, { firstName: 'Wendy', lastName: 'Writer' })
  const reviewer = await createContributor(org.id, { role: 'REVIEWER', firstName: 'Ray', lastName: 'Reviewer' })
  const otherReviewer = await createContributor(org.id, { role: 'REVIEWER', firstName: 'Rita', lastName: 'Elsewhere' })
  const order = await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId }, { writerUserId: writer.userId, reviewerUserId: reviewer.userId })
  const otherOrder = await createOrder(
    org.id,
    { customerUserId: customer.userId, productId: product.productId },
    { writerUserId: writer.userId, reviewerUserId: otherReviewer.userId },
  )
  const t = tenantForJob(org.id)
  const portalCustomer: PortalCustomer = { id: customer.userId, publicId: 'x', clientId: org.id, email: 'x', firstName: 'Olive', lastName: 'Owner', impersonatorUserId: null }
  const w = (await ctxOf(org.id, writer.userId, order.public_id))!
  const r = (await ctxOf(org.id, reviewer.userId, order.public_id))!
  const serviceId = order.services[0]!._id
  const email = (await platformDb.selectFrom('users').select('email').where('id', '=', customer.userId).executeTakeFirstOrThrow()).email
  return { org, t, order, otherOrder, writer, reviewer, otherReviewer, customer, portalCustomer, w, r, serviceId, email }
}

const reload = async (ctx: WorkCtx) => (await ctxOf(ctx.clientId, ctx.user.id, ctx.order.public_id))!

describe('the brief and the customer', () => {
  it('shows answers and documents with the customer redacted, never the price; all of it when contact is shown', async () => {
    const a = await world({ hide_customer_price: true })
    const who = { id: a.customer.userId, firstName: 'Olive', lastName: 'Owner', impersonatorUserId: null }
    const file = new File([new Uint8Array(PDF_BYTES)], 'old-cv.pdf', { type: 'application/pdf' })
    expect(await uploadDocument(a.t, who, a.order.public_id, file, a.serviceId)).toMatchObject({ ok: true })
    expect(await submitDocuments(a.t, who, a.order.public_id, a.serviceId)).toMatchObject({ ok: true })
    const view = await workOrderView(a.w)
    const docs = view.brief.find((s) => s.kind === 'documents')!
    expect(docs.documents.map((d) => d.name)).toEqual(['old-cv.pdf'])
    expect(await workOrderFile(a.w, docs.documents[0]!._id)).toMatchObject({ name: 'old-cv.pdf' })
    expect(view.customer).toEqual({ firstName: 'Olive', lastName: '', email: null, phone: null, address: null })
    const json = JSON.stringify(workOrderJson(view))
    expect(json).not.toContain('Owner')
    expect(json).not.toContain(a.email)
    expect(json).not.toContain('456.78')
    expect(json).not.toMatch(/"price/)
    expect(view.activity.map((x) => x.content)).toEqual([expect.stringMatching(/^Olive /)])
    expect(view.modules.find((m) => m.id === 'additional_questionnaire')).toMatchObject({ state: 'next', waits: 'writer' })

    const b = await world({ show_customer_contact_to_writers: true })
    const shown = await workOrderView(b.w)
    expect(shown.customer).toMatchObject({ firstName: 'Olive', lastName: 'Owner', email: b.email })
    expect(JSON.stringify(workOrderJson(shown))).not.toMatch(/"price/)
  })

  it('another order’s files are not this order’s', async () => {
    const a = await world()
    const other = (await ctxOf(a.org.id, a.writer.userId, a.otherOrder.public_id))!
    const d = await deliverWriterDraft(other, { serviceId: a.otherOrder.services[0]!._id, pdf: pdfUpload() })
    if (!d.ok) throw new Error(d.error)
    const key = (await workOrderView(other)).drafts[0]!.data.dataPdf!.file.key
    expect(await workOrderFile(other, key)).toMatchObject({ name: 'draft.pdf' })
    expect(await workOrderFile(a.w, key)).toBeNull()
  })
})

describe('drafts', () => {
  it('without approval: straight to the customer, seen at once (no withdrawing), notes refused while the switch is off', async () => {
    const a = await world()
    expect(await deliverWriterDraft(a.w, { serviceId: a.serviceId, pdf: pdfUpload(), notes: 'Hello' })).toMatchObject({ ok: false, status: 400, error: NOTES_OFF })
    const d = await deliverWriterDraft(a.w, { serviceId: a.serviceId, pdf: pdfUpload(), word: docxUpload() })
    expect(d).toMatchObject({ ok: true, pending: false })
    if (!d.ok) throw new Error(d.error)
    const row = await platformDb.selectFrom('drafts').select(['writer_id', 'approval_status', 'delivered_at']).where('public_id', '=', d.draftId).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ writer_id: a.writer.userId, approval_status: null })
    expect(row.delivered_at).not.toBeNull()
    const view = await workOrderView(a.w)
    expect(view.drafts[0]).toMatchObject({ _id: d.draftId, seen: true, canWithdraw: false, adminApproval: { pending: false, approved: true } })
    expect(await withdrawWriterDraft(a.w, d.draftId, 'oops')).toMatchObject({ ok: false, status: 409, error: DRAFT_SEEN })
    expect(await deliverWriterDraft(a.r, { serviceId: a.serviceId, pdf: pdfUpload() })).toMatchObject({ ok: false, status: 403, error: ONLY_THE_WRITER })
  })

  it('with approval on and notes on: pending for the reviewer, withdrawable and replaceable until decided', async () => {
    const a = await world({ enable_revisions_approval_feature: true, enable_writer_notes: true })
    const first = await deliverWriterDraft(a.w, { serviceId: a.serviceId, pdf: pdfUpload(), notes: 'First go' })
    expect(first).toMatchObject({ ok: true, pending: true })
    if (!first.ok) throw new Error(first.error)
    expect((await workOrderView(a.w)).modules.find((m) => m.id === 'revision_process')).toMatchObject({ waits: 'reviewer' })
    const second = await deliverWriterDraft(a.w, { serviceId: a.serviceId, pdf: pdfUpload(), notes: 'Better', replaces: first.draftId })
    expect(second).toMatchObject({ ok: true, pending: true, replaced: first.draftId })
    if (!second.ok) throw new Error(second.error)
    const view = await workOrderView(a.w)
    expect(view.drafts.map((d) => [d._id, !!d.deletedAt])).toEqual([
      [first.draftId, true],
      [second.draftId, false],
    ])
    expect(view.drafts[1]).toMatchObject({ canWithdraw: true, data: { notes: 'Better' } })
    // Before it is seen: withdrawn. After the reviewer decided: refused.
    expect(await withdrawWriterDraft(a.w, second.draftId, 'Wrong file')).toMatchObject({ ok: true })
    const third = await deliverWriterDraft(a.w, { serviceId: a.serviceId, pdf: pdfUpload() })
    if (!third.ok) throw new Error(third.error)
    expect(await reviewerApprove(a.r, third.draftId)).toMatchObject({ ok: true, status: 'approved' })
    expect(await withdrawWriterDraft(a.w, third.draftId, 'Too late')).toMatchObject({ ok: false, status: 409, error: DRAFT_SEEN })
  })
})

describe('the reviewer', () => {
  it('decides drafts of their own orders only, never their own draft; the writer cannot approve', async () => {
    const a = await world({ enable_revisions_approval_feature: true })
    const d = await deliverWriterDraft(a.w, { serviceId: a.serviceId, pdf: pdfUpload() })
    if (!d.ok) throw new Error(d.error)
    expect(await reviewerApprove(a.w, d.draftId)).toMatchObject({ ok: false, status: 403, error: OWN_DRAFT })
    // Another reviewer cannot reach the order at all; with this order's context, another order's draft id is not found.
    expect(await ctxOf(a.org.id, a.otherReviewer.userId, a.order.public_id)).toBeNull()
    const elsewhere = (await ctxOf(a.org.id, a.writer.userId, a.otherOrder.public_id))!
    const foreign = await deliverWriterDraft(elsewhere, { serviceId: a.otherOrder.services[0]!._id, pdf: pdfUpload() })
    if (!foreign.ok) throw new Error(foreign.error)
    expect(await reviewerApprove(a.r, foreign.draftId)).toMatchObject({ ok: false, status: 404 })
    expect(await reviewerReject(a.r, d.draftId, 'Too short', [pdfUpload('notes.pdf')])).toMatchObject({ ok: true, status: 'rejected' })
    const view = await workOrderView(a.w)
    expect(view.drafts[0]).toMatchObject({ adminApproval: { rejectionReason: 'Too short' }, seen: true })
    expect(view.drafts[0]!.adminApproval.rejectionFile).toHaveLength(1)
    expect(view.needsAction).toBe(true)
    expect(await reviewerApprove(a.r, d.draftId)).toMatchObject({ ok: false, status: 409 })
    // A contributor who wrote a draft and reviews the order still cannot decide it.
    const both = await createContributor(a.org.id, { role: 'REVIEWER', extraPermissions: ['WRITER'] })
    const own = await createOrder(
      a.org.id,
      {
        customerUserId: a.customer.userId,
        productId: a.order.product_id!,
      },
      { writerUserId: both.userId, reviewerUserId: both.userId },
    )
    const bothCtx = (await ctxOf(a.org.id, both.userId, own.public_id))!
    const mine = await deliverWriterDraft(bothCtx, { serviceId: own.services[0]!._id, pdf: pdfUpload() })
    if (!mine.ok) throw new Error(mine.error)
    expect(await reviewerApprove(bothCtx, mine.draftId)).toMatchObject({ ok: false, status: 403, error: OWN_DRAFT })
    const writerOnly = (await ctxOf(a.org.id, a.writer.userId, a.order.public_id))!
    const again = await deliverWriterDraft(writerOnly, { serviceId: a.serviceId, pdf: pdfUpload() })
    if (!again.ok) throw new Error(again.error)
    expect(await reviewerReject({ ...a.r, role: 'writer' }, again.draftId, 'x', [])).toMatchObject({ ok: false, status: 403, error: ONLY_THE_REVIEWER })
  })
})

describe('chats', () => {
  it('the writer–customer chat is the writer’s only, and gone when the organisation turns it off; the team chat is the order’s people only', async () => {
    const a = await world()
    expect((await workOrderView(a.w)).switches.writerCustomerChat).toBe(true)
    expect((await workOrderView(a.r)).switches.writerCustomerChat).toBe(false)
    expect(await openRoom(a.w, { chatType: 'writerToCustomer', orderId: a.order.public_id })).toMatchObject({ ok: true })
    expect(await openRoom(a.r, { chatType: 'writerToCustomer', orderId: a.order.public_id })).toMatchObject({ ok: false, code: 'forbidden' })
    expect(await openRoom(a.r, { chatType: 'project', orderId: a.order.public_id })).toMatchObject({ ok: true })
    const stranger = (await ctxOf(a.org.id, a.otherReviewer.userId, a.otherOrder.public_id))!
    expect(await openRoom(stranger, { chatType: 'project', orderId: a.order.public_id })).toMatchObject({ ok: false, code: 'forbidden' })
    const b = await world({ disable_writer_customer_chat: true })
    expect((await workOrderView(b.w)).switches.writerCustomerChat).toBe(false)
    expect(await openRoom(b.w, { chatType: 'writerToCustomer', orderId: b.order.public_id })).toMatchObject({ ok: false, code: 'disabled' })
  })
})

describe('steps', () => {
  it('the writer marks their steps done; customer steps refused; a revision request needs the writer again', async () => {
    const a = await world()
    expect(await completeWriterTask(a.w, { taskId: 'previous_document' })).toMatchObject({ ok: false, status: 403, error: NOT_WRITER_TASK })
    expect(await completeWriterTask(a.w, { taskId: 'nope' })).toMatchObject({ ok: false, status: 404 })
    expect(await completeWriterTask(a.r, { taskId: 'revision_process' })).toMatchObject({ ok: false, status: 403, error: ONLY_THE_WRITER })
    const d = await deliverWriterDraft(a.w, { serviceId: a.serviceId, pdf: pdfUpload() })
    if (!d.ok) throw new Error(d.error)
    expect((await workOrderView(a.w)).modules.find((m) => m.id === 'revision_process')).toMatchObject({ waits: 'customer' })
    expect(await requestRevision(a.t, a.portalCustomer, d.draftId, { notes: 'Shorter, please', uploads: [] })).toMatchObject({ ok: true })
    let view = await workOrderView(await reload(a.w))
    expect(view.needsAction).toBe(true)
    expect(view.drafts[0]!.customerAnswer).toMatchObject({ kind: 'revision', notes: 'Shorter, please' })
    const again = await deliverWriterDraft(await reload(a.w), { serviceId: a.serviceId, pdf: pdfUpload() })
    expect(again).toMatchObject({ ok: true })
    view = await workOrderView(await reload(a.w))
    expect(view.needsAction).toBe(false)
    const before = view.statusPercentage
    const done = await completeWriterTask(await reload(a.w), { taskId: 'revision_process' })
    expect(done).toMatchObject({ ok: true, taskId: 'revision_process' })
    if (!done.ok) throw new Error(done.error)
    expect(done.statusPercentage).toBeGreaterThan(before)
    expect(await completeWriterTask(await reload(a.w), { taskId: 'revision_process' })).toMatchObject({ ok: false, status: 409, error: TASK_ALREADY_DONE })
    view = await workOrderView(await reload(a.w))
    expect(view.statusPercentage).toBe(done.statusPercentage)
    expect(view.modules.find((m) => m.id === 'revision_process')).toMatchObject({ state: 'done', waits: 'nobody' })
  })

  it('asks for the workflow when the step is in two of them', async () => {
    const org = await createOrganisation({ name: `Work two ${Date.now()}` })
    const p = await createProductWithWorkflow(org.id, { modules: MODULES })
    // A second workflow with the same steps on the same product.
    const second = await createProductWithWorkflow(org.id, { modules: MODULES })
    const wf = await platformDb.selectFrom('product_workflows').select('workflow_id').where('product_id', '=', second.productId).executeTakeFirstOrThrow()
    await platformDb.insertInto('product_workflows').values({ client_id: org.id, product_id: p.productId, workflow_id: wf.workflow_id, position: 1 }).execute()
    const customer = await createCustomer(org.id)
    const writer = await createContributor(org.id)
    const order = await createOrder(org.id, { customerUserId: customer.userId, productId: p.productId }, { writerUserId: writer.userId })
    expect(order.services).toHaveLength(2)
    const ctx = (await ctxOf(org.id, writer.userId, order.public_id))!
    expect(await completeWriterTask(ctx, { taskId: 'final_document' })).toMatchObject({ ok: false, status: 400, error: TASK_AMBIGUOUS })
    expect(await completeWriterTask(ctx, { taskId: 'final_document', serviceId: order.services[1]!._id })).toMatchObject({ ok: true, serviceId: order.services[1]!._id })
  })
})
