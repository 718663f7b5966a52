// The chat model against the real database and Redis: who may open which conversation, messages stored
// before they are published (and to the organisation's own channels only), history pages, unread
// counts and read markers, files, and the contributor list's JSON (the page forms: tests/api/chat.spec.ts).
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadAuthUser } from '#app/models/account.server'
import { contributorChatList, countRoomMessages, markRoomRead, openRoom, roomChannel, roomHistory, sendChatMessage, unreadForWriter, type ChatRoom } from '#app/models/chat.server'
import { saveUpload } from '#app/models/files.server'
import { saveWebsiteSettings } from '#app/models/organisation-settings.server'
import * as writersGet from '#app/routes/api.client.writers_.get'
import { MESSAGE_REQUIRED } from '#app/rules/chat'
import { type Tenant, tenantOf } from '#app/models/auth-guards.server'
import { platformDb } from '#app/services/db.server'
import { realtimeChannelPrefix } from '#app/services/realtime-publish.server'
import { createTenant, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { Client, signIn } from './helpers'

async function tenantFor(userId: number, clientId: number): Promise<Tenant> {
  const user = await loadAuthUser(userId, clientId)
  if (!user || user.clientId === null) throw new Error('no such member')
  return tenantOf(user as typeof user & { clientId: number })
}

async function world() {
  const { org, owner } = await createTenant()
  const product = await createProductWithWorkflow(org.id)
  const customer = await createCustomer(org.id)
  const writer = await createContributor(org.id)
  const reviewer = await createContributor(org.id, { role: 'REVIEWER' })
  const bystanderWriter = await createContributor(org.id, { firstName: 'Other', lastName: 'Writer' })
  const order = await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId }, { writerUserId: writer.userId, reviewerUserId: reviewer.userId })
  const staff = await createUser({ firstName: 'Sam', lastName: 'Staff', memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
  const noOrders = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_CUSTOMERS'] }] })
  const ownerId = owner.accounts.get(org.id)!.id
  return {
    org,
    order,
    owner: await tenantFor(ownerId, org.id),
    ownerEmail: owner.email,
    writer: await tenantFor(writer.userId, org.id),
    writerRow: writer,
    reviewer: await tenantFor(reviewer.userId, org.id),
    bystanderWriter: await tenantFor(bystanderWriter.userId, org.id),
    staff: await tenantFor(staff.accounts.get(org.id)!.id, org.id),
    noOrders: await tenantFor(noOrders.accounts.get(org.id)!.id, org.id),
  }
}

async function open(t: Tenant, ref: Parameters<typeof openRoom>[1]): Promise<ChatRoom> {
  const opened = await openRoom(t, ref)
  if (!opened.ok) throw new Error(`refused: ${opened.error}`)
  return opened.room
}

let listener: Redis
const heard: { channel: string; message: string }[] = []

beforeAll(async () => {
  listener = new Redis(process.env.REDIS_URL!)
  await listener.psubscribe(`${realtimeChannelPrefix()}chat:*`)
  listener.on('pmessage', (_p, channel, message) => heard.push({ channel: channel.slice(realtimeChannelPrefix().length), message }))
})
afterAll(async () => {
  await listener.quit()
})

describe('who may open the team chat of an order', () => {
  it("staff with READ_ORDERS, the owner, and the order's own contributor and reviewer; nobody else", async () => {
    const w = await world()
    const ref = { chatType: 'project' as const, orderId: w.order.public_id }
    for (const t of [w.owner, w.staff, w.writer, w.reviewer]) expect((await openRoom(t, ref)).ok).toBe(true)
    expect(await openRoom(w.bystanderWriter, ref)).toMatchObject({ ok: false, code: 'forbidden' })
    expect(await openRoom(w.noOrders, ref)).toMatchObject({ ok: false, code: 'forbidden' })
    expect(await openRoom(w.owner, { chatType: 'project', orderId: 'nosuchorder' })).toMatchObject({ ok: false, code: 'not_found' })
  })

  it('an order of another organisation is not found, even for its owner-level staff', async () => {
    const a = await world()
    const b = await world()
    expect(await openRoom(a.owner, { chatType: 'project', orderId: b.order.public_id })).toMatchObject({ ok: false, code: 'not_found', error: 'Order not found' })
    expect(await openRoom(a.owner, { chatType: 'adminToWriter', writerId: b.writer.user.publicId })).toMatchObject({ ok: false, code: 'not_found' })
  })
})

describe('messages', () => {
  it("are stored before they are published, on the organisation's channel, labelled by role", async () => {
    const w = await world()
    const room = await open(w.owner, { chatType: 'project', orderId: w.order.public_id })
    heard.length = 0
    const sent = await sendChatMessage(w.owner, room, { kind: 'text', content: 'Hello team' })
    expect(sent.ok).toBe(true)
    await sendChatMessage(w.writer, await open(w.writer, { chatType: 'project', orderId: w.order.public_id }), { kind: 'text', content: 'Hi from the writer' })
    await sendChatMessage(w.reviewer, await open(w.reviewer, { chatType: 'project', orderId: w.order.public_id }), { kind: 'text', content: 'Reviewer here' })
    await sendChatMessage(w.staff, await open(w.staff, { chatType: 'project', orderId: w.order.public_id }), { kind: 'text', content: 'Staff here' })
    const { messages, hasMore } = await roomHistory(w.staff, room)
    expect(hasMore).toBe(false)
    expect(messages.map((m) => [('content' in m && m.content) || '', m.role_label])).toEqual([
      ['Hello team', 'ADMIN'],
      ['Hi from the writer', 'WRITER'],
      ['Reviewer here', 'REVIEWER'],
      ['Staff here', 'USER'],
    ])
    expect(messages[0]).toMatchObject({
      type: 'text',
      sent_by: w.owner.user.publicId,
      order_id: w.order.public_id,
      data: null,
      name: `${w.owner.user.firstName} ${w.owner.user.lastName}`,
    })
    await new Promise((r) => setTimeout(r, 100))
    const channel = roomChannel(w.org.id, room)
    expect(channel).toBe(`chat:${w.org.id}:order:${w.order.public_id}`)
    const published = heard.filter((h) => h.channel === channel).map((h) => JSON.parse(h.message))
    expect(published).toHaveLength(4)
    expect(published[0]).toMatchObject({ type: 'new_message', chatType: 'project', orderId: w.order.public_id, message: { content: 'Hello team', role_label: 'ADMIN' } })
    // Stored first: the id published is already in the table.
    const row = await platformDb.selectFrom('chat_messages').select(['client_id', 'chat_type']).where('public_id', '=', published[0].message._id).executeTakeFirstOrThrow()
    expect(row).toEqual({ client_id: w.org.id, chat_type: 'project' })
  })

  it("refuses empty and over-long text, and a file that is not the sender's own upload", async () => {
    const w = await world()
    const room = await open(w.owner, { chatType: 'project', orderId: w.order.public_id })
    expect(await sendChatMessage(w.owner, room, { kind: 'text', content: '   \n\u00a0 ' })).toMatchObject({ ok: false, error: MESSAGE_REQUIRED })
    expect(await sendChatMessage(w.owner, room, { kind: 'text', content: 'x'.repeat(10_001) })).toMatchObject({ ok: false, code: 'bad_request' })
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n')
    const theirs = await saveUpload(w.staff, { data: pdf, mimeType: 'application/pdf', extension: 'pdf', originalName: 'theirs.pdf', size: pdf.length }, 'upload')
    if ('error' in theirs) throw new Error(theirs.error)
    expect(await sendChatMessage(w.owner, room, { kind: 'file', key: theirs.key })).toMatchObject({ ok: false, code: 'not_found' })
    const mine = await saveUpload(w.owner, { data: pdf, mimeType: 'application/pdf', extension: 'pdf', originalName: 'brief.pdf', size: pdf.length }, 'upload')
    if ('error' in mine) throw new Error(mine.error)
    expect((await sendChatMessage(w.owner, room, { kind: 'file', key: mine.key })).ok).toBe(true)
    const file = await platformDb.selectFrom('files').select('purpose').where('storage_key', '=', mine.key).executeTakeFirstOrThrow()
    expect(file.purpose).toBe('chat')
    const { messages } = await roomHistory(w.writer, room)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ type: 'file', content: null, data: { key: mine.key, originalname: 'brief.pdf', mimetype: 'application/pdf', size: pdf.length } })
    // A contract file of the organisation cannot be slipped into a chat (it would widen who reads it).
    const contract = await saveUpload(w.owner, { data: pdf, mimeType: 'application/pdf', extension: 'pdf', originalName: 'c.pdf', size: pdf.length }, 'contract')
    if ('error' in contract) throw new Error(contract.error)
    expect(await sendChatMessage(w.owner, room, { kind: 'file', key: contract.key })).toMatchObject({ ok: false, code: 'not_found' })
  })

  it('pages history newest last, before a given message, never across conversations', async () => {
    const w = await world()
    const room = await open(w.owner, { chatType: 'project', orderId: w.order.public_id })
    for (let i = 1; i <= 105; i++) await sendChatMessage(w.owner, room, { kind: 'text', content: `m${i}` })
    const latest = await roomHistory(w.owner, room)
    expect(latest.hasMore).toBe(true)
    expect(latest.messages).toHaveLength(100)
    const text = (m: (typeof latest.messages)[number]) => ('content' in m ? m.content : null)
    expect(text(latest.messages[0]!)).toBe('m6')
    expect(text(latest.messages[99]!)).toBe('m105')
    const earlier = await roomHistory(w.owner, room, { before: latest.messages[0]!._id })
    expect(earlier.messages.map(text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5'])
    expect(earlier.hasMore).toBe(false)
    expect(await countRoomMessages(w.owner, room)).toBe(105)
    // Another organisation's message id pages nothing.
    const other = await world()
    const otherRoom = await open(other.owner, { chatType: 'project', orderId: other.order.public_id })
    const sent = await sendChatMessage(other.owner, otherRoom, { kind: 'text', content: 'theirs' })
    if (!sent.ok) throw new Error('not sent')
    expect(await roomHistory(w.owner, room, { before: sent.publicId })).toEqual({ messages: [], hasMore: false })
  })
})

describe('the contributor chat', () => {
  it('keeps one conversation per contributor, sides on left and right, unread counts and read markers', async () => {
    const w = await world()
    const adminRoom = await open(w.owner, { chatType: 'adminToWriter', writerId: w.writer.user.publicId })
    expect(adminRoom).toMatchObject({ side: 'admin' })
    const writerRoom = await open(w.writer, { chatType: 'adminToWriter' })
    expect(writerRoom).toMatchObject({ side: 'writer', writer: { publicId: w.writer.user.publicId } })
    // A contributor cannot open another contributor's conversation, nor staff without the admin permissions.
    expect(await openRoom(w.writer, { chatType: 'adminToWriter', writerId: w.bystanderWriter.user.publicId })).toMatchObject({ ok: false, code: 'forbidden' })
    expect(await openRoom(w.staff, { chatType: 'adminToWriter', writerId: w.writer.user.publicId })).toMatchObject({ ok: false, code: 'forbidden' })
    // Someone who is not a contributor has no conversation.
    expect(await openRoom(w.owner, { chatType: 'adminToWriter', writerId: w.staff.user.publicId })).toMatchObject({ ok: false, code: 'not_found' })

    heard.length = 0
    await sendChatMessage(w.writer, writerRoom, { kind: 'text', content: '<p>Question <script>alert(1)</script><b>one</b></p>' })
    await sendChatMessage(w.writer, writerRoom, { kind: 'text', content: 'plain\n\nsecond', format: 'text' })
    await sendChatMessage(w.owner, adminRoom, { kind: 'text', content: '<p>Answer</p>' })
    expect((await contributorChatList(w.owner)).writerUnreadMessages[w.writer.user.publicId]).toBe(2)
    expect(await unreadForWriter(w.writer, w.writer.user.id)).toBe(1)

    const adminView = await roomHistory(w.owner, adminRoom)
    expect(adminView.messages.map((m) => ('message' in m ? [m.message, m.isRight, m.sentToAdmin, m.role_label] : null))).toEqual([
      ['<p>Question <b>one</b></p>', false, true, 'WRITER'],
      ['<p>plain</p><p>second</p>', false, true, 'WRITER'],
      ['<p>Answer</p>', true, false, 'ADMIN'],
    ])
    const writerView = await roomHistory(w.writer, writerRoom)
    expect(writerView.messages.map((m) => ('isRight' in m ? m.isRight : null))).toEqual([true, true, false])
    expect(writerView.messages[0]).toMatchObject({
      type: 'text',
      sent_by: w.writer.user.publicId,
      name: 'Wren Writer',
      writerId: w.writer.user.publicId,
      time: expect.any(String),
      data: null,
    })

    // Each side has its own channel with its own isRight.
    await new Promise((r) => setTimeout(r, 100))
    const answer = heard.filter((h) => JSON.parse(h.message).message?.message === '<p>Answer</p>')
    expect(answer.map((h) => [h.channel, JSON.parse(h.message).message.isRight]).sort()).toEqual(
      [
        [`chat:${w.org.id}:writer:${w.writer.user.publicId}`, false],
        [`chat:${w.org.id}:writers`, true],
      ].sort(),
    )

    expect(await markRoomRead(w.owner, adminRoom)).toBe(2)
    expect((await contributorChatList(w.owner)).writerUnreadMessages[w.writer.user.publicId]).toBe(0)
    expect(await unreadForWriter(w.writer, w.writer.user.id)).toBe(1)
    expect(await markRoomRead(w.writer, writerRoom)).toBe(1)
    expect(await unreadForWriter(w.writer, w.writer.user.id)).toBe(0)
  })

  it('writer-customer chat follows disable_writer_customer_chat; admin-customer chat needs READ_ORDERS', async () => {
    const w = await world()
    expect((await openRoom(w.writer, { chatType: 'writerToCustomer', orderId: w.order.public_id })).ok).toBe(true)
    expect(await openRoom(w.bystanderWriter, { chatType: 'writerToCustomer', orderId: w.order.public_id })).toMatchObject({ ok: false, code: 'forbidden' })
    await saveWebsiteSettings(w.owner, { disable_writer_customer_chat: true })
    expect(await openRoom(w.writer, { chatType: 'customerToWriter', orderId: w.order.public_id })).toMatchObject({ ok: false, code: 'disabled' })
    const customerRoom = await open(w.staff, { chatType: 'adminToCustomer', orderId: w.order.public_id })
    await sendChatMessage(w.staff, customerRoom, { kind: 'text', content: 'Hello customer' })
    expect((await roomHistory(w.owner, customerRoom)).messages[0]).toMatchObject({
      chatType: 'adminToCustomer',
      message: 'Hello customer',
      isRight: true,
      orderId: w.order.public_id,
    })
    expect(await openRoom(w.writer, { chatType: 'adminToCustomer', orderId: w.order.public_id })).toMatchObject({ ok: false, code: 'forbidden' })
  })
})

describe('pages and JSON', () => {
  it('GET /api/client/writers/get answers the unread counts by contributor; staff without the permissions get 403', async () => {
    const w = await world()
    const writerRoom = await open(w.writer, { chatType: 'adminToWriter' })
    await sendChatMessage(w.writer, writerRoom, { kind: 'text', content: 'ping' })
    const owner = new Client()
    await signIn(owner, w.ownerEmail, w.org.name, TEST_PASSWORD)
    const res = await owner.call(writersGet.loader as never, { path: '/api/client/writers/get' })
    expect(res.status).toBe(200)
    expect(res.json.writerUnreadMessages[w.writer.user.publicId]).toBe(1)
    expect(res.json.data.map((d: { _id: string }) => d._id)).toContain(w.writer.user.publicId)
    const staff = new Client()
    await signIn(staff, w.staff.user.email, w.org.name, TEST_PASSWORD)
    expect((await staff.call(writersGet.loader as never, { path: '/api/client/writers/get' })).status).toBe(403)
  })
})
