// The contributor's own (issue 26, ADR 0068) against the real database, Redis and mail pipeline: earnings
// with owed, paid and upcoming totals, staff recording a payment (permission, refusals, audit), one's own
// figures only, the due-in-24-hours pass (once across runs; completed, archived and test orders skipped),
// and contributor mails and notifications that open /work/orders and name the customer by first name only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadAuthUser } from '#app/models/account.server'
import { type Tenant, tenantOf } from '#app/models/auth-guards.server'
import { requestRevision } from '#app/models/customer-drafts.server'
import { deliverDraft } from '#app/models/draft-delivery.server'
import { orderActions } from '#app/models/order-actions.server'
import type { PortalCustomer } from '#app/models/portal-auth.server'
import { saveWebsiteSettings } from '#app/models/organisation-settings.server'
import { forgetBranding } from '#app/models/system-mail.server'
import { contributorEarnings, NO_AMOUNT, OWN_PAYMENT, ownFigures, writerPaymentActions } from '#app/models/work-earnings.server'
import { ownProfileActions, ownWriterProfile } from '#app/models/work-profile.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { env } from '#app/services/env.server'
import { closeQueues } from '#app/services/queue.server'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { pdfUpload } from '#tests/factories/draft-files'
import { createOrganisation, createUser } from '#tests/factories/index'
import { createContributor, createCustomer, createDraft, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { linkFrom, mailsTo, waitForMail } from '#tests/mailbox'
import { runWorkDueSoon } from '#jobs/work-due-soon'
import { queuesDrained, startMailPipeline } from './helpers'

let stop: () => Promise<void>
beforeAll(async () => {
  stop = await startMailPipeline()
})
afterAll(async () => {
  await stop()
  await closeQueues()
})

const request = () => new Request('http://localhost/test', { headers: { 'x-draftdesk-client-ip': '10.9.9.9' } })
const HOUR = 3_600_000

async function tenantFor(userId: number, clientId: number): Promise<Tenant> {
  const user = await loadAuthUser(userId, clientId)
  if (!user || user.clientId === null) throw new Error('no such member')
  return tenantOf(user as typeof user & { clientId: number })
}

async function world() {
  const org = await createOrganisation({ name: 'Quill & Co' })
  const subdomain = `quill${org.publicId.slice(0, 6).toLowerCase()}`
  await platformDb.updateTable('organisations').set({ subdomain }).where('id', '=', org.id).execute()
  forgetBranding(org.id)
  const owner = await createUser({ firstName: 'Olive', lastName: 'Owner', memberships: [{ clientId: org.id, role: 'client' }] })
  const product = await createProductWithWorkflow(org.id, { name: 'Executive Resume' })
  const customer = await createCustomer(org.id, { firstName: 'Casey', lastName: 'Customerson' })
  const writer = await createContributor(org.id, { firstName: 'Wren', lastName: 'Writer' })
  const other = await createContributor(org.id, { firstName: 'Otto', lastName: 'Other' })
  const platform = new URL(env().PUBLIC_URL)
  const portal = `${platform.protocol}//${subdomain}.${platform.hostname}${platform.port ? `:${platform.port}` : ''}`
  const place = (overrides: Parameters<typeof createOrder>[2] = {}) => createOrder(org.id, { customerUserId: customer.userId, productId: product.productId }, overrides)
  return {
    org,
    portal,
    customer,
    writer,
    other,
    place,
    owner: await tenantFor(owner.accounts.get(org.id)!.id, org.id),
    asWriter: () => tenantFor(writer.userId, org.id),
  }
}

describe('earnings', () => {
  it('lists only the contributor’s own orders with paid, owed and upcoming totals per month, never the customer’s price', async () => {
    const w = await world()
    const done = await w.place({ writerUserId: w.writer.userId, marked_as_complete: true, amount_paid_to_writer_cents: 5000 })
    const owed = await w.place({ writerUserId: w.writer.userId, marked_as_complete: true, amount_paid_to_writer_cents: 7550 })
    const open = await w.place({ writerUserId: w.writer.userId, amount_paid_to_writer_cents: 2000 })
    const unset = await w.place({ writerUserId: w.writer.userId })
    await w.place({ writerUserId: w.writer.userId, test_order: true, amount_paid_to_writer_cents: 99_900 })
    await w.place({ writerUserId: w.other.userId, marked_as_complete: true, amount_paid_to_writer_cents: 88_800 })
    expect(await writerPaymentActions.record(w.owner, request(), done.public_id, true)).toMatchObject({ ok: true, paid: true, changed: true })

    const earnings = await contributorEarnings(await w.asWriter())
    expect(earnings.orders.map((o) => o._id).sort()).toEqual([done, owed, open, unset].map((o) => o.public_id).sort())
    const byId = new Map(earnings.orders.map((o) => [o._id, o]))
    expect(byId.get(done.public_id)).toMatchObject({ amountPaidToWriter: 50, status: 'paid', paidAt: expect.any(String) })
    expect(byId.get(owed.public_id)).toMatchObject({ amountPaidToWriter: 75.5, status: 'owed', paidAt: null })
    expect(byId.get(open.public_id)).toMatchObject({ amountPaidToWriter: 20, status: 'upcoming' })
    expect(byId.get(unset.public_id)).toMatchObject({ amountPaidToWriter: null, status: 'upcoming' })
    expect(earnings.totals).toEqual([{ currency: 'usd', total: 145.5, paid: 50, owed: 75.5, upcoming: 20, orders: 4 }])
    expect(earnings.months.reduce((sum, m) => sum + m.total, 0)).toBe(145.5)
    // What the customer paid is not part of the answer at all.
    expect(JSON.stringify(earnings)).not.toMatch(/price|customer/i)
  })
})

describe('recording a payment', () => {
  it('is audited, can be taken back, needs an amount, and nobody records their own', async () => {
    const w = await world()
    const order = await w.place({ writerUserId: w.writer.userId, amount_paid_to_writer_cents: 3000 })
    const noAmount = await w.place({ writerUserId: w.writer.userId })
    expect(await writerPaymentActions.record(w.owner, request(), noAmount.public_id, true)).toMatchObject({ ok: false, status: 400, error: NO_AMOUNT })
    expect(await writerPaymentActions.record(w.owner, request(), order.public_id, true)).toMatchObject({ ok: true, changed: true })
    // Again: already recorded, nothing changes.
    expect(await writerPaymentActions.record(w.owner, request(), order.public_id, true)).toMatchObject({ ok: true, changed: false })
    expect(await writerPaymentActions.record(w.owner, request(), order.public_id, false)).toMatchObject({ ok: true, paid: false, paidAt: null, changed: true })
    const row = await platformDb.selectFrom('orders').select(['writer_paid_at', 'writer_paid_by']).where('id', '=', order.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ writer_paid_at: null, writer_paid_by: null })

    // A contributor who may update orders still cannot settle their own pay.
    const selfPaying = await createContributor(w.org.id, { firstName: 'Sally', extraPermissions: ['READ_ORDERS', 'UPDATE_ORDERS'] })
    const own = await w.place({ writerUserId: selfPaying.userId, amount_paid_to_writer_cents: 1000 })
    expect(await writerPaymentActions.record(await tenantFor(selfPaying.userId, w.org.id), request(), own.public_id, true)).toMatchObject({
      ok: false,
      status: 403,
      error: OWN_PAYMENT,
    })

    const audit = await platformDb
      .selectFrom('audit_logs')
      .select(['status', 'message'])
      .where('client_id', '=', w.org.id)
      .where('action', '=', 'writer-paid')
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.status)).toEqual(['failure', 'success', 'success', 'success', 'failure'])
    expect(audit[1]!.message).toBe(`Recorded the payment to the contributor of order ${order.public_id}`)
    const activity = await platformDb.selectFrom('order_activity').select('content').where('order_id', '=', order.id).execute()
    expect(activity.map((a) => a.content)).toEqual(expect.arrayContaining(['Contributor recorded as paid by Olive Owner', 'Contributor payment record removed by Olive Owner']))
  })
})

describe('own figures', () => {
  it('are the contributor’s own ratings and times, never another contributor’s', async () => {
    const w = await world()
    const mine = await w.place({ writerUserId: w.writer.userId })
    const theirs = await w.place({ writerUserId: w.other.userId })
    await createDraft(w.org.id, mine, { rating: 4 })
    await createDraft(w.org.id, theirs, { rating: 1 })
    const figures = await ownFigures(await w.asWriter())
    expect(figures).toMatchObject({ rating: 4, ratedOrders: 1 })
    const others = await ownFigures(await tenantFor(w.other.userId, w.org.id))
    expect(others).toMatchObject({ rating: 1, ratedOrders: 1 })
    // A reviewer (no WRITER) has no writer figures rather than everyone's.
    const reviewer = await createContributor(w.org.id, { role: 'REVIEWER' })
    expect(await ownFigures(await tenantFor(reviewer.userId, w.org.id))).toMatchObject({ rating: null, ratedOrders: 0, deliveredOrders: 0 })
  })
})

describe('own profile', () => {
  it('changes the contributor’s own fields and keeps the levels and services staff set', async () => {
    const w = await world()
    const t = await w.asWriter()
    const saved = await ownProfileActions.update(t, request(), { languages: ['English', 'German'], availableDays: ['Tuesday'], schedulingLink: null })
    expect(saved).toMatchObject({ ok: true })
    expect(await ownWriterProfile(t)).toEqual({
      levels: ['Senior'],
      services: ['Resume'],
      languages: ['English', 'German'],
      certificates: [],
      expertise: ['Tech'],
      availableDays: ['Tuesday'],
      schedulingLink: null,
    })
    // The other contributor's profile is untouched.
    expect((await ownWriterProfile(await tenantFor(w.other.userId, w.org.id))).languages).toEqual(['English'])
  })
})

describe('due within 24 hours', () => {
  it('reminds the writer of each open order once across two runs, skipping completed, archived, test and later orders', async () => {
    const w = await world()
    const now = new Date()
    const due = new Date(now.getTime() + 5 * HOUR)
    const soon = await w.place({ writerUserId: w.writer.userId, dueDate: due })
    const completed = await w.place({ writerUserId: w.writer.userId, dueDate: due, marked_as_complete: true })
    const archived = await w.place({ writerUserId: w.writer.userId, dueDate: due, archived: true })
    const test = await w.place({ writerUserId: w.writer.userId, dueDate: due, test_order: true })
    const later = await w.place({ writerUserId: w.writer.userId, dueDate: new Date(now.getTime() + 30 * HOUR) })
    const nobody = await w.place({ dueDate: due })

    expect(await runWorkDueSoon(now, [w.org.id])).toEqual({ organisations: 1, reminded: 1 })
    expect(await runWorkDueSoon(new Date(now.getTime() + HOUR), [w.org.id])).toEqual({ organisations: 1, reminded: 0 })

    const marked = await platformDb.selectFrom('orders').select(['id', 'due_reminded_for']).where('client_id', '=', w.org.id).execute()
    const reminded = marked.filter((m) => m.due_reminded_for !== null).map((m) => m.id)
    expect(reminded).toEqual([soon.id])
    for (const skipped of [completed, archived, test, later, nobody]) expect(reminded).not.toContain(skipped.id)

    const notes = await platformDb.selectFrom('notifications').select(['kind', 'content', 'link']).where('user_id', '=', w.writer.userId).execute()
    expect(notes).toEqual([{ kind: 'order_due_soon', content: expect.stringContaining('Executive Resume for Casey is due'), link: `/work/orders/${soon.public_id}` }])
    expect(notes[0]!.content).not.toContain('Customerson')

    const mail = await waitForMail(w.writer.email, /is due within 24 hours/)
    await queuesDrained()
    expect((await mailsTo(w.writer.email)).filter((m) => /is due within 24 hours/.test(m.subject))).toHaveLength(1)
    expect(mail.subject).toBe(`Order ${soon.public_id} is due within 24 hours`)
    expect(linkFrom(mail, /\/work\/orders\//)).toBe(`${w.portal}/work/orders/${soon.public_id}`)
    // The writer's mail names the customer by first name only: no last name, no e-mail.
    expect(mail.text).toContain('(Executive Resume for Casey)')
    expect(mail.text).not.toContain('Customerson')
    expect(mail.text).not.toContain(w.customer.email)

    // A moved due date is reminded again, once.
    const moved = new Date(now.getTime() + 10 * HOUR)
    await platformDb.updateTable('orders').set({ due_date: moved }).where('id', '=', soon.id).execute()
    expect(await runWorkDueSoon(now, [w.org.id])).toEqual({ organisations: 1, reminded: 1 })
    expect(await runWorkDueSoon(now, [w.org.id])).toEqual({ organisations: 1, reminded: 0 })
  })
})

describe('mails to contributors', () => {
  it('the assignment mail opens the order at /work/orders and names the customer as the organisation allows', async () => {
    const w = await world()
    const order = await w.place()
    expect(await orderActions.assignWriter(w.owner, request(), [order.public_id], w.writer.publicId)).toMatchObject({ ok: true })
    const mail = await waitForMail(w.writer.email, /assigned to you/)
    expect(linkFrom(mail, /\/work\/orders\//)).toBe(`${w.portal}/work/orders/${order.public_id}`)
    expect(mail.text).toContain(`Executive Resume for Casey (order ${order.public_id})`)
    expect(mail.text).not.toContain('Customerson')
    const [note] = await platformDb.selectFrom('notifications').select(['link', 'content']).where('user_id', '=', w.writer.userId).execute()
    expect(note).toMatchObject({ link: `/work/orders/${order.public_id}`, content: expect.stringMatching(/for Casey$/) })

    // With contact details shown to contributors, the whole name reaches them.
    await saveWebsiteSettings(w.owner, { show_customer_contact_to_writers: true })
    const second = await w.place()
    await orderActions.assignWriter(w.owner, request(), [second.public_id], w.other.publicId)
    const full = await waitForMail(w.other.email, /assigned to you/)
    expect(full.text).toContain(`Executive Resume for Casey Customerson (order ${second.public_id})`)
  })
})

describe('revision requested', () => {
  it('mails and notifies the writer with the reason, a /work/orders link and the customer by first name', async () => {
    const org = await createOrganisation({ name: 'Revise & Co' })
    const owner = await createUser({ firstName: 'Olga', lastName: 'Owner', memberships: [{ clientId: org.id, role: 'client' }] })
    const c = await createCustomerOrders(org.id)
    const customerRow = await platformDb.selectFrom('users').select(['email', 'first_name', 'last_name']).where('id', '=', c.customer.userId).executeTakeFirstOrThrow()
    const writerEmail = (await platformDb.selectFrom('users').select('email').where('id', '=', c.writer.userId).executeTakeFirstOrThrow()).email
    const customer: PortalCustomer = {
      id: c.customer.userId,
      publicId: 'x',
      clientId: org.id,
      email: customerRow.email,
      firstName: customerRow.first_name,
      lastName: customerRow.last_name,
      impersonatorUserId: null,
    }
    const order = c.orders.writing
    const delivered = await deliverDraft(await tenantFor(owner.accounts.get(org.id)!.id, org.id), {
      orderPublicId: order.public_id,
      serviceId: order.services[0]!._id,
      pdf: pdfUpload(),
    })
    if (!delivered.ok) throw new Error(delivered.error)
    expect(await requestRevision(tenantForJob(org.id), customer, delivered.draftId, { notes: 'Please shorten the summary', uploads: [] })).toMatchObject({ ok: true })

    const mail = await waitForMail(writerEmail, /asked for a revision/)
    expect(mail.subject).toBe(`${customerRow.first_name} asked for a revision`)
    expect(mail.text).toContain('Please shorten the summary')
    expect(mail.text).not.toContain(customerRow.last_name)
    expect(linkFrom(mail, /\/work\/orders\//)).toBe(`${env().PUBLIC_URL.replace(/\/$/, '')}/work/orders/${order.public_id}`)
    const [note] = await platformDb.selectFrom('notifications').select(['link', 'content']).where('user_id', '=', c.writer.userId).where('kind', '=', 'customer_action').execute()
    expect(note!.link).toBe(`/work/orders/${order.public_id}`)
    expect(note!.content).toContain(`${customerRow.first_name} requested a revision`)
    expect(note!.content).not.toContain(customerRow.last_name)
  })
})
