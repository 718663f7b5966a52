// The mails back-office events send (ADR 0051), through the real database, queue, e-mail job and SMTP
// sink: each event sends its template once to the right person (a retried event or job does not send
// again), with every field filled and links on the organisation's portal; nothing for test orders,
// hidden invoices, inactive people or a contributor who is watching the chat.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadAuthUser } from '#app/models/account.server'
import { openRoom, presenceKey, sendChatMessage } from '#app/models/chat.server'
import { createOrder as createOrderAction } from '#app/models/order-create.server'
import { markInvoicePaid } from '#app/models/order-invoices.server'
import { orderMail, TEAM_CHAT_MAIL_WINDOW_MS } from '#app/models/order-mail.server'
import { orderActions } from '#app/models/order-actions.server'
import { approveRevision, rejectRevision } from '#app/models/revisions.server'
import { forgetBranding } from '#app/models/system-mail.server'
import { saveWebsiteSettings } from '#app/models/organisation-settings.server'
import { type Tenant, tenantOf } from '#app/models/auth-guards.server'
import { platformDb } from '#app/services/db.server'
import { env } from '#app/services/env.server'
import { markPresent } from '#app/services/chat-presence.server'
import { redis } from '#app/services/redis.server'
import { closeQueues } from '#app/services/queue.server'
import { kickOutbox } from '#app/services/outbox.server'
import { createOrganisation, createUser } from '#tests/factories/index'
import { createInvoice } from '#tests/factories/order-invoices'
import { createContributor, createCustomer, createDraft, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import type { SinkMessage } from '#app/services/mail-sink.server'
import { linkFrom, mailsTo, waitForMail } from '#tests/mailbox'
import { queuesDrained, startMailPipeline } from './helpers'

let stop: () => Promise<void>
beforeAll(async () => {
  stop = await startMailPipeline()
})
afterAll(async () => {
  await stop()
  await closeQueues()
})

const request = () =>
  new Request('http://localhost/test', {
    headers: { 'x-draftdesk-client-ip': '10.9.9.9' },
  })

async function tenantFor(userId: number, clientId: number): Promise<Tenant> {
  const user = await loadAuthUser(userId, clientId)
  if (!user || user.clientId === null) throw new Error('no such member')
  return tenantOf(user as typeof user & { clientId: number })
}

/** An organisation on its own subdomain, with an owner, a product, a customer and a contributor. */
async function world(
  opts: {
    settings?: Record<string, boolean>
    serviceType?: string
    customer?: { active?: boolean }
  } = {},
) {
  const org = await createOrganisation({
    name: 'Quill & Co',
    settings: opts.settings,
  })
  const subdomain = `quill${org.publicId.slice(0, 6).toLowerCase()}`
  await platformDb.updateTable('organisations').set({ subdomain }).where('id', '=', org.id).execute()
  forgetBranding(org.id)
  const owner = await createUser({
    firstName: 'Olive',
    lastName: 'Owner',
    memberships: [{ clientId: org.id, role: 'client' }],
  })
  const product = await createProductWithWorkflow(org.id, {
    name: 'Executive Resume',
    serviceType: opts.serviceType,
  })
  const customer = await createCustomer(org.id, {
    firstName: 'Casey',
    lastName: 'Customer',
    active: opts.customer?.active,
  })
  const writer = await createContributor(org.id, {
    firstName: 'Wren',
    lastName: 'Writer',
  })
  const platform = new URL(env().PUBLIC_URL)
  const portal = `${platform.protocol}//${subdomain}.${platform.hostname}${platform.port ? `:${platform.port}` : ''}`
  return {
    org,
    owner: await tenantFor(owner.accounts.get(org.id)!.id, org.id),
    product,
    customer,
    writer,
    portal,
  }
}
type World = Awaited<ReturnType<typeof world>>

const placeOrder = (w: World, overrides: Parameters<typeof createOrder>[2] = {}) =>
  createOrder(w.org.id, { customerUserId: w.customer.userId, productId: w.product.productId }, overrides)

/** Exactly one mail to `to` matching `subject`, after the queue had time to send any second one. */
async function onlyMail(to: string, subject: RegExp): Promise<SinkMessage> {
  const mail = await waitForMail(to, subject)
  await queuesDrained()
  expect((await mailsTo(to)).filter((m) => subject.test(m.subject))).toHaveLength(1)
  expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\{\{/)
  return mail
}

describe('order created', () => {
  it('sends order_received, invoice_created and (created paid) invoice_payment_received to the customer once each', async () => {
    const w = await world()
    const created = await createOrderAction(w.owner, {
      customer_id: w.customer.publicId,
      package_id: w.product.productPublicId,
      markAsPaid: true,
      createInvoice: true,
    })
    if (!created.ok) throw new Error(created.error)
    const orderId = created.order._id
    const received = await onlyMail(w.customer.email, /We received your order/)
    expect(received.subject).toBe(`We received your order ${orderId}`)
    expect(received.text).toContain('Hi Casey,')
    expect(received.text).toContain('Thank you for ordering Executive Resume from Quill & Co.')
    expect(linkFrom(received, /\/login/)).toBe(`${w.portal}/login`)
    const invoice = await onlyMail(w.customer.email, /New invoice from Quill & Co/)
    expect(invoice.text).toContain(`An invoice of $199 for Executive Resume is ready (invoice ${created.invoice!._id}).`)
    const paid = await onlyMail(w.customer.email, /Payment received: \$199/)
    expect(paid.text).toContain(`(invoice ${created.invoice!._id})`)

    // The same event again (a retry after a crash), even with BullMQ's record of the jobs gone: no second mail.
    for (const key of await redis().keys('bull:email:order-received-*')) await redis().del(key)
    const row = await platformDb.selectFrom('order_invoices').select(['public_id', 'status']).where('public_id', '=', created.invoice!._id).executeTakeFirstOrThrow()
    await kickOutbox(await orderMail.orderCreated(w.owner, { public_id: orderId }, row))
    await queuesDrained()
    expect(await mailsTo(w.customer.email)).toHaveLength(3)
    expect(await mailsTo(w.writer.email)).toHaveLength(0)
  })

  it('an unpaid invoice sends no payment mail; hide_invoices sends no invoice mail at all; an inactive customer gets nothing', async () => {
    const plain = await world()
    const a = await createOrderAction(plain.owner, {
      customer_id: plain.customer.publicId,
      package_id: plain.product.productPublicId,
      markAsPaid: false,
      createInvoice: true,
    })
    expect(a.ok).toBe(true)
    await onlyMail(plain.customer.email, /New invoice/)

    const hidden = await world({ settings: { hide_invoices: true } })
    const b = await createOrderAction(hidden.owner, {
      customer_id: hidden.customer.publicId,
      package_id: hidden.product.productPublicId,
      markAsPaid: true,
      createInvoice: true,
    })
    expect(b.ok).toBe(true)
    await onlyMail(hidden.customer.email, /We received your order/)

    const inactive = await world({ customer: { active: false } })
    const c = await createOrderAction(inactive.owner, {
      customer_id: inactive.customer.publicId,
      package_id: inactive.product.productPublicId,
      markAsPaid: true,
      createInvoice: true,
    })
    expect(c.ok).toBe(true)

    await queuesDrained()
    expect((await mailsTo(plain.customer.email)).map((m) => m.subject).sort()).toEqual(['New invoice from Quill & Co', `We received your order ${a.ok ? a.order._id : ''}`].sort())
    expect(await mailsTo(hidden.customer.email)).toHaveLength(1)
    expect(await mailsTo(inactive.customer.email)).toHaveLength(0)
  })

  it('a mail that cannot be queued is logged and the order is still created', async () => {
    const w = await world()
    // An address the queue refuses (left by an old import, say): queueing throws, the action must not.
    await platformDb.updateTable('users').set({ email: 'not-an-address' }).where('id', '=', w.customer.userId).execute()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const created = await createOrderAction(w.owner, { customer_id: w.customer.publicId, package_id: w.product.productPublicId, markAsPaid: false, createInvoice: true })
      expect(created.ok).toBe(true)
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('[order mail] order created'), expect.anything())
    } finally {
      logged.mockRestore()
    }
  })
})

describe('invoice marked as paid', () => {
  it('sends invoice_payment_received once; never for a test order or with hide_invoices', async () => {
    const w = await world()
    const order = await placeOrder(w)
    const invoice = await createInvoice(w.org.id, [order], {
      status: 'unpaid',
    })
    expect(await markInvoicePaid(w.owner, invoice.publicId)).toMatchObject({
      ok: true,
    })
    const mail = await onlyMail(w.customer.email, /Payment received/)
    expect(mail.text).toContain(`We received your payment of $199 for Executive Resume (invoice ${invoice.publicId}).`)
    expect(linkFrom(mail, /\/login/)).toBe(`${w.portal}/login`)
    await kickOutbox(await orderMail.invoicePaid(w.owner, invoice.publicId)) // the event again
    await queuesDrained()
    expect(await mailsTo(w.customer.email)).toHaveLength(1)

    const test = await world()
    const testOrder = await placeOrder(test, { test_order: true })
    const testInvoice = await createInvoice(test.org.id, [testOrder], {
      status: 'unpaid',
    })
    expect(await markInvoicePaid(test.owner, testInvoice.publicId)).toMatchObject({ ok: true })

    const hidden = await world()
    const hiddenInvoice = await createInvoice(hidden.org.id, [await placeOrder(hidden)], { status: 'unpaid' })
    await saveWebsiteSettings({ db: hidden.owner.db, clientId: hidden.org.id }, { hide_invoices: true })
    expect(await markInvoicePaid(hidden.owner, hiddenInvoice.publicId)).toMatchObject({ ok: true })
    await queuesDrained()
    expect(await mailsTo(test.customer.email)).toHaveLength(0)
    expect(await mailsTo(hidden.customer.email)).toHaveLength(0)
  })
})

describe('contributor assigned', () => {
  it("tells each order's customer who works on it (by their customer-facing name), once; not for test orders", async () => {
    const w = await world()
    await platformDb.updateTable('memberships').set({ customer_facing_name: 'Wren W.' }).where('user_id', '=', w.writer.userId).execute()
    const order = await placeOrder(w)
    const testOrder = await placeOrder(w, { test_order: true })
    const result = await orderActions.assignWriter(w.owner, request(), [order.public_id, testOrder.public_id], w.writer.publicId)
    expect(result).toMatchObject({ ok: true, changed: 2 })
    const mail = await onlyMail(w.customer.email, /A contributor has been assigned to your order/)
    expect(mail.text).toContain(`Good news: Wren W. will work on your order Executive Resume (${order.public_id}).`)
    expect(linkFrom(mail, /\/login/)).toBe(`${w.portal}/login`)
    // Assigning the same contributor again changes nothing and sends nothing.
    expect(await orderActions.assignWriter(w.owner, request(), [order.public_id], w.writer.publicId)).toMatchObject({ ok: true, changed: 0 })
    await queuesDrained()
    expect(await mailsTo(w.customer.email)).toHaveLength(1)
  })
})

describe('revisions approval', () => {
  const actor = (w: World) => w.owner

  it('approving a first draft: draft_approved to the contributor, draft_uploaded_<type> to the customer; a later one is draft_revised', async () => {
    const w = await world({
      settings: { enable_revisions_approval_feature: true },
      serviceType: 'cover',
    })
    const order = await placeOrder(w, { writerUserId: w.writer.userId })
    const first = await createDraft(w.org.id, order, { approval: 'pending' })
    expect(await approveRevision(actor(w), first.public_id)).toMatchObject({
      ok: true,
    })
    const approved = await onlyMail(w.writer.email, /Your draft for Executive Resume was approved/)
    expect(approved.text).toContain(`Your draft of Executive Resume workflow for order ${order.public_id} (Casey) was approved`)
    expect(linkFrom(approved, /\/work\/orders\//)).toBe(`${w.portal}/work/orders/${order.public_id}`)
    const uploaded = await onlyMail(w.customer.email, /Your cover letter draft is ready/)
    expect(uploaded.text).toContain(`Wren Writer uploaded the first draft of your cover letter for order ${order.public_id}.`)

    // The same decision again is refused and sends nothing; the mail event again sends nothing either.
    expect(await approveRevision(actor(w), first.public_id)).toMatchObject({
      ok: false,
      status: 409,
    })
    await kickOutbox(await orderMail.draftApproved(w.owner, first.public_id))

    const second = await createDraft(w.org.id, order, { approval: 'pending' })
    expect(await approveRevision(actor(w), second.public_id)).toMatchObject({
      ok: true,
    })
    const revised = await onlyMail(w.customer.email, /Your revised cover letter draft is ready/)
    expect(revised.text).toContain('based on your feedback')
    expect(await mailsTo(w.customer.email)).toHaveLength(2)
    expect(await mailsTo(w.writer.email)).toHaveLength(2)
  })

  it('rejecting: draft_rejected with the reason to the contributor only; a test order still mails its contributor but never its customer', async () => {
    const w = await world({
      settings: { enable_revisions_approval_feature: true },
    })
    const order = await placeOrder(w, { writerUserId: w.writer.userId })
    const draft = await createDraft(w.org.id, order, { approval: 'pending' })
    expect(
      await rejectRevision(actor(w), draft.public_id, {
        rejectionReason: 'Shorten the summary <b>please</b>',
        uploadedFiles: [],
      }),
    ).toMatchObject({ ok: true })
    const mail = await onlyMail(w.writer.email, /needs changes/)
    expect(mail.text).toContain('Shorten the summary <b>please</b>')
    expect(mail.html).not.toContain('<b>please</b>')

    const testOrder = await placeOrder(w, {
      writerUserId: w.writer.userId,
      test_order: true,
    })
    const testDraft = await createDraft(w.org.id, testOrder, {
      approval: 'pending',
    })
    expect(await approveRevision(actor(w), testDraft.public_id)).toMatchObject({
      ok: true,
    })
    await onlyMail(w.writer.email, /was approved/)
    expect(await mailsTo(w.customer.email)).toHaveLength(0)
  })

  it('an inactive contributor gets no decision mail', async () => {
    const w = await world({
      settings: { enable_revisions_approval_feature: true },
    })
    const order = await placeOrder(w, { writerUserId: w.writer.userId })
    const draft = await createDraft(w.org.id, order, { approval: 'pending' })
    await platformDb.updateTable('memberships').set({ active: false }).where('user_id', '=', w.writer.userId).execute()
    expect(await approveRevision(actor(w), draft.public_id)).toMatchObject({
      ok: true,
    })
    await onlyMail(w.customer.email, /Your resume draft is ready/)
    expect(await mailsTo(w.writer.email)).toHaveLength(0)
  })
})

describe('team chat while the contributor is away', () => {
  async function chatWorld() {
    const w = await world()
    const order = await placeOrder(w, { writerUserId: w.writer.userId })
    const opened = await openRoom(w.owner, {
      chatType: 'project',
      orderId: order.public_id,
    })
    if (!opened.ok) throw new Error(opened.error)
    return {
      ...w,
      order,
      room: opened.room,
      writerT: await tenantFor(w.writer.userId, w.org.id),
    }
  }

  it('mails admin_team_chat to the away contributor with the message; nothing while they watch, nothing for their own messages', async () => {
    const w = await chatWorld()
    expect(
      await sendChatMessage(w.owner, w.room, {
        kind: 'text',
        content: 'Could you share the <latest> draft?',
      }),
    ).toMatchObject({ ok: true })
    const mail = await onlyMail(w.writer.email, /New message from Quill & Co/)
    expect(mail.text).toContain(`Olive Owner wrote about order ${w.order.public_id}:`)
    expect(mail.text).toContain('Could you share the <latest> draft?')
    expect(linkFrom(mail, /\/work\/orders\//)).toBe(`${w.portal}/work/orders/${w.order.public_id}`)

    const watched = await chatWorld()
    await markPresent(presenceKey(watched.org.id, watched.room), [watched.writer.userId])
    expect(
      await sendChatMessage(watched.owner, watched.room, {
        kind: 'text',
        content: 'Seen live',
      }),
    ).toMatchObject({ ok: true })
    const writerRoom = await openRoom(watched.writerT, {
      chatType: 'project',
      orderId: watched.order.public_id,
    })
    if (!writerRoom.ok) throw new Error(writerRoom.error)
    expect(
      await sendChatMessage(watched.writerT, writerRoom.room, {
        kind: 'text',
        content: 'My own message',
      }),
    ).toMatchObject({ ok: true })
    await queuesDrained()
    expect(await mailsTo(watched.writer.email)).toHaveLength(0)
  })

  it('sends at most one mail per conversation per window', async () => {
    const w = await chatWorld()
    const start = Math.floor(Date.now() / TEAM_CHAT_MAIL_WINDOW_MS) * TEAM_CHAT_MAIL_WINDOW_MS
    await kickOutbox(await orderMail.teamChatWhileAway(w.owner, w.room, [w.writer.userId], 'first', start + 1000))
    await kickOutbox(await orderMail.teamChatWhileAway(w.owner, w.room, [w.writer.userId], 'second', start + TEAM_CHAT_MAIL_WINDOW_MS - 1000))
    const mail = await onlyMail(w.writer.email, /New message/)
    expect(mail.text).toContain('first')
    await kickOutbox(await orderMail.teamChatWhileAway(w.owner, w.room, [w.writer.userId], 'third', start + TEAM_CHAT_MAIL_WINDOW_MS + 1000))
    await queuesDrained()
    expect((await mailsTo(w.writer.email)).map((m) => /third/.test(m.text))).toEqual([true, false])
  })
})
