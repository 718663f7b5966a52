// Notifications against the real database and Redis: created by each event of the product (order and
// reviewer assignment, draft upload, revision approved or rejected, invoice paid, chat message while
// away) for the right people only, pushed on the recipient's channel, paged, counted and marked seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shellFacts } from '#app/models/shell.server'
import { deliver, listNotifications, markAllSeen, markSeen, notify, notifyNewChatMessage, unreadCount } from '#app/models/notifications.server'
import { BADGE_COUNT_CAP, NOTIFICATIONS_PAGE_SIZE } from '#app/rules/notifications'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb, tenantDb } from '#app/services/db.server'
import { newRedisConnection } from '#app/services/redis.server'
import { realtimeChannelPrefix } from '#app/services/realtime-publish.server'
import { createTenant, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { createNotifications } from '#tests/factories/notifications'
import { createInvoice } from '#tests/factories/order-invoices'
import { createDraft, createOrder, createOrderWorld } from '#tests/factories/orders'
import { Client, signIn } from './helpers'
import { callPage } from './page-calls'

const scope = (clientId: number, userId: number) => ({ db: tenantDb(clientId), clientId, user: { id: userId } })

const rowsOf = (userId: number) =>
  platformDb
    .selectFrom('notifications')
    .select(['public_id', 'client_id', 'kind', 'content', 'link', 'data', 'seen', 'group_key'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()

// Every push, as the socket servers of the app processes receive it.
const pushes: { channel: string; event: any }[] = []
const subscriber = newRedisConnection()
beforeAll(async () => {
  await subscriber.psubscribe(`${realtimeChannelPrefix()}user:*`)
  subscriber.on('pmessage', (_p, channel, message) => pushes.push({ channel: channel.slice(realtimeChannelPrefix().length), event: JSON.parse(message) }))
})
afterAll(async () => {
  await subscriber.quit()
})

async function pushedTo(userId: number, count = 1) {
  for (let i = 0; i < 50 && pushes.filter((p) => p.channel === `user:${userId}`).length < count; i++) await new Promise((r) => setTimeout(r, 20))
  return pushes.filter((p) => p.channel === `user:${userId}`).map((p) => p.event)
}

async function setApproval(clientId: number, on: boolean) {
  await platformDb
    .updateTable('organisation_settings')
    .set({ settings: JSON.stringify({ enable_revisions_approval_feature: on }) })
    .where('client_id', '=', clientId)
    .execute()
}

/** An organisation with its owner signed in, an order world, and a second organisation alongside. */
async function world(count = 2) {
  const a = await createTenant()
  const ownerId = a.owner.accounts.get(a.org.id)!.id
  const owner = await signIn(new Client(), a.owner.email, a.org.name, TEST_PASSWORD)
  const w = await createOrderWorld(a.org.id, count)
  const b = await createTenant()
  return { a, ownerId, owner, ...w, b }
}

describe('order assignment', () => {
  it('tells the assigned contributor (one order by name, several by count), never the one who assigned, and pushes it', async () => {
    const { owner, ownerId, writer, orders } = await world(3)
    const { action } = await import('#app/routes/api.client.orders_.assign_writer')
    const one = await owner.call(action as never, { path: '/api/client/orders/assign_writer', body: { selectedOrdersIds: [orders[0]!.public_id], writerId: writer.publicId } })
    expect(one.status).toBe(200)
    let rows = await rowsOf(writer.userId)
    expect(rows).toHaveLength(1)
    // A contributor's link opens their workspace, and they read the customer's first name only (ADR 0068).
    expect(rows[0]).toMatchObject({ kind: 'order_assigned', link: `/work/orders/${orders[0]!.public_id}`, seen: false })
    expect(rows[0]!.content).toBe(`Test Person assigned you ${orders[0]!.package_name} for ${orders[0]!.customer_first_name}`)
    expect(rows[0]!.data).toMatchObject({ senderName: 'Test Person', action: 'order_assigned' })
    const [pushed] = await pushedTo(writer.userId)
    expect(pushed).toEqual({ type: 'notification', notification: expect.objectContaining({ _id: rows[0]!.public_id, contant: rows[0]!.content, seen: false }) })

    // The same contributor again changes nothing, so nothing new; two more orders make one notification.
    await owner.call(action as never, { path: '/api/client/orders/assign_writer', body: { selectedOrdersIds: [orders[0]!.public_id], writerId: writer.publicId } })
    await owner.call(action as never, { path: '/api/client/orders/assign_writer', body: { selectedOrdersIds: orders.map((o) => o.public_id), writerId: writer.publicId } })
    rows = await rowsOf(writer.userId)
    expect(rows.map((r) => r.content)).toEqual([expect.any(String), 'Test Person assigned you 2 orders'])
    expect(rows[1]!.link).toBe('/work')
    expect(await rowsOf(ownerId)).toEqual([])
  })

  it('tells the assigned reviewer', async () => {
    const { owner, reviewer, orders } = await world(1)
    const { action } = await import('#app/routes/api.client.orders_.assign-reviewer')
    const res = await owner.call(action as never, {
      method: 'PATCH',
      path: '/api/client/orders/assign-reviewer',
      body: { selectedOrdersIds: [orders[0]!.public_id], reviewerId: reviewer.publicId },
    })
    expect(res.status).toBe(200)
    const rows = await rowsOf(reviewer.userId)
    expect(rows).toMatchObject([{ kind: 'reviewer_assigned', link: `/work/orders/${orders[0]!.public_id}` }])
    expect(rows[0]!.content).toContain('made you the reviewer of')
  })
})

describe('revisions', () => {
  it('tells the writer of the draft that it was approved, or rejected and why', async () => {
    const { a, owner, writer, orders } = await world(1)
    await setApproval(a.org.id, true)
    const order = await createOrder(a.org.id, { customerUserId: orders[0]!.customer_id, productId: orders[0]!.product_id! }, { writerUserId: writer.userId })
    const approved = await createDraft(a.org.id, order, { approval: 'pending' })
    const rejected = await createDraft(a.org.id, order, { approval: 'pending' })
    const { loader: approve } = await import('#app/routes/api.client.orders_.revision.approve.$id')
    const { action: reject } = await import('#app/routes/api.client.orders_.revision.reject')
    expect((await owner.call(approve as never, { path: `/api/client/orders/revision/approve/${approved.public_id}`, params: { id: approved.public_id } })).status).toBe(200)
    expect(
      (await owner.call(reject as never, { path: '/api/client/orders/revision/reject', body: { revisionId: rejected.public_id, rejectionReason: 'Too short', uploadedFiles: [] } }))
        .status,
    ).toBe(200)
    const rows = await rowsOf(writer.userId)
    expect(rows.map((r) => r.kind)).toEqual(['revision_approved', 'revision_rejected'])
    expect(rows[1]!.content).toMatch(/rejected your draft of .+: Too short$/)
    expect(rows.every((r) => r.link === `/work/orders/${order.public_id}`)).toBe(true)
    // A refused second decision notifies nobody.
    await owner.call(approve as never, { path: `/api/client/orders/revision/approve/${approved.public_id}`, params: { id: approved.public_id } })
    expect(await rowsOf(writer.userId)).toHaveLength(2)
  })
})

describe('draft uploaded', () => {
  it('tells the reviewer, the owners and (while it waits for approval) the approvers; not the writer, other staff or another organisation', async () => {
    const { a, ownerId, writer, reviewer, orders, b } = await world(1)
    const order = await createOrder(
      a.org.id,
      { customerUserId: orders[0]!.customer_id, productId: orders[0]!.product_id! },
      { writerUserId: writer.userId, reviewerUserId: reviewer.userId },
    )
    const approver = await createUser({ memberships: [{ clientId: a.org.id, role: 'user', permissions: ['READ_ORDERS', 'READ_AND_UPDATE_DRAFTS_APPROVAL'] }] })
    const reader = await createUser({ memberships: [{ clientId: a.org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
    const archivedOwner = await createUser({ memberships: [{ clientId: a.org.id, role: 'client', archived: true }] })
    const approverId = approver.accounts.get(a.org.id)!.id
    const t = { db: tenantDb(a.org.id), clientId: a.org.id }

    const pending = await createDraft(a.org.id, order, { approval: 'pending' })
    const outbox = await t.db.transaction().execute((trx) => notify.draftUploaded({ db: trx, clientId: a.org.id }, { draftId: pending.id, actorUserId: writer.userId }))
    await deliver(outbox)
    expect(outbox.map((o) => o.userId).sort()).toEqual([ownerId, reviewer.userId, approverId].sort())
    expect((await rowsOf(ownerId))[0]!.content).toMatch(/^Wren Writer uploaded a draft of .+: it waits for approval$/)
    expect(await pushedTo(approverId)).toHaveLength(1)

    const direct = await createDraft(a.org.id, order, { approval: null })
    const second = await notify.draftUploaded(t, { draftId: direct.id, actorUserId: writer.userId })
    expect(second.map((o) => o.userId).sort()).toEqual([ownerId, reviewer.userId].sort())
    for (const id of [writer.userId, reader.accounts.get(a.org.id)!.id, archivedOwner.accounts.get(a.org.id)!.id, b.owner.accounts.get(b.org.id)!.id])
      expect(await rowsOf(id)).toEqual([])
  })
})

describe('invoice paid', () => {
  it('tells the owners and invoice readers, not the one who marked it paid', async () => {
    const { a, ownerId, owner, orders } = await world(2)
    const accountant = await createUser({ memberships: [{ clientId: a.org.id, role: 'user', permissions: ['READ_ORDERS', 'READ_ORDERS_INVOICES'] }] })
    const accountantId = accountant.accounts.get(a.org.id)!.id
    const invoice = await createInvoice(a.org.id, orders)
    const { action } = await import('#app/routes/api.client.orders_.invoices_.mark_paid')
    expect((await owner.call(action as never, { path: '/api/client/orders/invoices/mark_paid', body: { invoice_id: invoice.publicId } })).status).toBe(200)
    expect(await rowsOf(ownerId)).toEqual([])
    const rows = await rowsOf(accountantId)
    expect(rows).toMatchObject([{ kind: 'invoice_paid', link: '/orders/invoices', content: 'Invoice paid: $398 (2 orders)' }])
    // Marking it again is refused: no second notification.
    await owner.call(action as never, { path: '/api/client/orders/invoices/mark_paid', body: { invoice_id: invoice.publicId } })
    expect(await rowsOf(accountantId)).toHaveLength(1)
  })
})

describe('chat messages while away', () => {
  it('notifies each away recipient once per conversation until they have seen it, ignoring the sender and strangers', async () => {
    const { a, ownerId, writer, orders, b } = await world(1)
    const t = { db: tenantDb(a.org.id), clientId: a.org.id }
    const stranger = b.owner.accounts.get(b.org.id)!.id
    const input = {
      senderUserId: writer.userId,
      recipientUserIds: [ownerId, writer.userId, stranger],
      orderPublicId: orders[0]!.public_id,
      preview: '<p>Draft is <b>ready</b> &amp; waiting</p>',
    }
    expect(await notifyNewChatMessage(t, input)).toBe(1)
    const [row] = await rowsOf(ownerId)
    expect(row).toMatchObject({ kind: 'chat_message', link: `/project/view/${orders[0]!.public_id}`, group_key: `chat:order:${orders[0]!.public_id}` })
    expect(row!.content).toBe(`New message from Wren Writer on ${orders[0]!.package_name} for ${orders[0]!.customer_name}: Draft is ready & waiting`)
    expect((await pushedTo(ownerId))[0].notification._id).toBe(row!.public_id)

    // A second message of the same conversation: the unseen one already brings them back.
    expect(await notifyNewChatMessage(t, { ...input, preview: 'and another' })).toBe(0)
    // The contributor chat is another conversation.
    expect(await notifyNewChatMessage(t, { ...input, orderPublicId: null, preview: 'direct' })).toBe(1)
    expect((await rowsOf(ownerId)).at(-1)).toMatchObject({ link: '/chat', group_key: `chat:user:${writer.userId}` })
    // Once seen, the next message notifies again.
    await markAllSeen(scope(a.org.id, ownerId))
    expect(await notifyNewChatMessage(t, input)).toBe(1)
    expect(await rowsOf(stranger)).toEqual([])
    expect(await rowsOf(writer.userId)).toEqual([])
    // An order of another organisation is nobody's conversation here.
    expect(await notifyNewChatMessage(t, { ...input, orderPublicId: newPublicId() })).toBe(0)
  })
})

const seed = createNotifications

describe('paging, counting and marking seen', () => {
  it('pages newest first, filters unread, counts unread, and marks only the own notifications seen', async () => {
    const a = await createTenant()
    const b = await createTenant()
    const me = a.owner.accounts.get(a.org.id)!.id
    const colleague = (await createUser({ memberships: [{ clientId: a.org.id, role: 'user' }] })).accounts.get(a.org.id)!.id
    const rival = b.owner.accounts.get(b.org.id)!.id
    await seed(a.org.id, me, 5, { seen: true })
    await seed(a.org.id, me, 20, { start: 5 })
    const [theirs] = await seed(a.org.id, colleague, 1)
    const [foreign] = await seed(b.org.id, rival, 1)
    const t = scope(a.org.id, me)

    const first = await listNotifications(t, { page: 1 })
    expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE)
    expect(first.notifications[0]!.contant).toBe('Notification 25')
    expect(first).toMatchObject({ hasMore: true, count: 20 })
    const third = await listNotifications(t, { page: 3 })
    expect(third.notifications.map((n) => n.contant)).toEqual(['Notification 5', 'Notification 4', 'Notification 3', 'Notification 2', 'Notification 1'])
    expect(third.hasMore).toBe(false)
    expect((await listNotifications(t, { page: 1, pages: 3 })).notifications).toHaveLength(25)
    const unread = await listNotifications(t, { page: 2, unread: true })
    expect(unread).toMatchObject({ hasMore: false, count: 20 })
    expect(unread.notifications.every((n) => !n.seen)).toBe(true)
    expect(unread.notifications.at(-1)!.contant).toBe('Notification 6')

    expect(await markSeen(t, first.notifications[0]!._id)).toBe(true)
    // Seen already: still found; another person's or organisation's: not found, and left alone.
    expect(await markSeen(t, first.notifications[0]!._id)).toBe(true)
    expect(await markSeen(t, theirs!.public_id)).toBe(false)
    expect(await markSeen(t, foreign!.public_id)).toBe(false)
    expect(await unreadCount(t)).toBe(19)
    expect(await markAllSeen(t)).toBe(19)
    expect(await unreadCount(t)).toBe(0)
    expect(await unreadCount(scope(a.org.id, colleague))).toBe(1)
    expect(await unreadCount(scope(b.org.id, rival))).toBe(1)
  })

  it('caps the top bar count, and the layout carries it', async () => {
    const a = await createTenant()
    const me = a.owner.accounts.get(a.org.id)!.id
    await seed(a.org.id, me, BADGE_COUNT_CAP + 5)
    expect((await shellFacts(scope(a.org.id, me))).unread).toBe(BADGE_COUNT_CAP)
    expect(await unreadCount(scope(a.org.id, me))).toBe(BADGE_COUNT_CAP + 5)
    const client = await signIn(new Client(), a.owner.email, a.org.name, TEST_PASSWORD)
    const { loader } = await import('#app/routes/_app')
    const page = await callPage(client, loader as never, { path: '/dashboard' })
    expect(page.data.shell.notifications).toEqual({ unread: BADGE_COUNT_CAP })
  })

  it('the page marks all or one as seen and refuses what is not the person’s', async () => {
    const a = await createTenant()
    const me = a.owner.accounts.get(a.org.id)!.id
    const other = (await createUser({ memberships: [{ clientId: a.org.id, role: 'user' }] })).accounts.get(a.org.id)!.id
    const [mine] = await seed(a.org.id, me, 3)
    const [theirs] = await seed(a.org.id, other, 1)
    const client = await signIn(new Client(), a.owner.email, a.org.name, TEST_PASSWORD)
    const route = await import('#app/routes/_app.notifications')
    const loaded = await callPage(client, route.loader as never, { path: '/notifications?page=1' })
    expect(loaded.data).toMatchObject({ count: 3, hasMore: false, page: 1 })
    expect((await callPage(client, route.loader as never, { path: '/notifications?page=abc' })).status).toBe(400)

    const one = await callPage(client, route.action as never, { path: '/notifications', form: { intent: 'mark-seen', id: mine!.public_id } })
    expect(one).toMatchObject({ status: 302, location: '/notifications' })
    expect((await callPage(client, route.action as never, { path: '/notifications', form: { intent: 'mark-seen', id: theirs!.public_id } })).status).toBe(404)
    expect(await unreadCount(scope(a.org.id, other))).toBe(1)
    expect((await callPage(client, route.action as never, { path: '/notifications', form: { intent: 'nope' } })).status).toBe(400)
    const all = await callPage(client, route.action as never, { path: '/notifications', form: { intent: 'mark-all-seen', redirectTo: '/orders/view?x=1' } })
    expect(all).toMatchObject({ status: 302, location: '/orders/view?x=1' })
    expect(await unreadCount(scope(a.org.id, me))).toBe(0)
    // An address elsewhere is never where a post returns to.
    const away = await callPage(client, route.action as never, { path: '/notifications', form: { intent: 'mark-all-seen', redirectTo: 'https://evil.example/' } })
    expect(away.location).toBe('/notifications')
  })
})
