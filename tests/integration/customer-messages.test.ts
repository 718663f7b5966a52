// A customer's conversations on the portal (issue 25, ADR 0063): only the two rooms of their own orders
// (never test or hidden ones, never another customer's or organisation's), the writer's only while the
// organisation allows it; each side sees its own copy; the team sees the customer's messages and
// answers; whoever is away is notified; a log-in-as session reads but does not send.
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadAuthUser } from '#app/models/account.server'
import { type Tenant, tenantOf } from '#app/models/auth-guards.server'
import { type ChatRoom, markRoomRead, openRoom, roomChannel, roomHistory, sendChatMessage, type PersonMessageJson } from '#app/models/chat.server'
import { customerChatActor, customerChatFile, customerMessagesView, customerUnreadTotal } from '#app/models/customer-messages.server'
import { saveUpload } from '#app/models/files.server'
import { saveWebsiteSettings } from '#app/models/organisation-settings.server'
import { loadPortalCustomer, type PortalCustomer } from '#app/models/portal-auth.server'
import { IMPERSONATION_CHAT_REFUSED } from '#app/rules/chat'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { realtimeChannelPrefix } from '#app/services/realtime-publish.server'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { createTenant } from '#tests/factories/index'

async function member(userId: number, clientId: number): Promise<Tenant> {
  const user = await loadAuthUser(userId, clientId)
  if (!user || user.clientId === null) throw new Error('no such member')
  return tenantOf(user as typeof user & { clientId: number })
}

async function portalCustomer(userId: number, clientId: number, impersonatorUserId: number | null = null): Promise<PortalCustomer> {
  const c = await loadPortalCustomer(userId, clientId)
  if (!c) throw new Error('no such customer')
  return { ...c, impersonatorUserId }
}

async function world() {
  const { org, owner } = await createTenant()
  const data = await createCustomerOrders(org.id)
  const t = tenantForJob(org.id)
  const customer = await portalCustomer(data.customer.userId, org.id)
  return {
    org,
    t,
    data,
    customer,
    actor: customerChatActor(t, customer),
    other: customerChatActor(t, await portalCustomer(data.other.userId, org.id)),
    owner: await member(owner.accounts.get(org.id)!.id, org.id),
    writer: await member(data.writer.userId, org.id),
  }
}

async function open(t: Parameters<typeof openRoom>[0], ref: Parameters<typeof openRoom>[1]): Promise<ChatRoom> {
  const opened = await openRoom(t, ref)
  if (!opened.ok) throw new Error(`refused: ${opened.error}`)
  return opened.room
}

let listener: Redis
const heard: { channel: string; message: string }[] = []
let a: Awaited<ReturnType<typeof world>>
let b: Awaited<ReturnType<typeof world>>

beforeAll(async () => {
  listener = new Redis(process.env.REDIS_URL!)
  await listener.psubscribe(`${realtimeChannelPrefix()}chat:*`)
  listener.on('pmessage', (_p, channel, message) => heard.push({ channel: channel.slice(realtimeChannelPrefix().length), message }))
  a = await world()
  b = await world()
})
afterAll(async () => {
  await listener.quit()
})

describe('which rooms a customer may open', () => {
  it('the team and writer conversations of their own orders', async () => {
    for (const chatType of ['adminToCustomer', 'customerToWriter', 'writerToCustomer'] as const) {
      const room = await open(a.actor, { chatType, orderId: a.data.orders.writing.public_id })
      expect(room).toMatchObject({ side: 'customer' })
    }
  })

  it('never the team chat or the contributor chat', async () => {
    expect(await openRoom(a.actor, { chatType: 'project', orderId: a.data.orders.writing.public_id })).toMatchObject({ ok: false, code: 'forbidden' })
    expect(await openRoom(a.actor, { chatType: 'adminToWriter', writerId: a.data.writer.publicId })).toMatchObject({ ok: false, code: 'forbidden' })
    expect(await openRoom(a.actor, { chatType: 'adminToWriter' })).toMatchObject({ ok: false, code: 'forbidden' })
  })

  it("not test or hidden orders, not another customer's order, not another organisation's", async () => {
    for (const orderId of [
      a.data.orders.testOrder.public_id,
      a.data.orders.hidden.public_id,
      a.data.orders.othersOrder.public_id,
      b.data.orders.writing.public_id,
      'nope',
      '../x',
    ]) {
      for (const chatType of ['adminToCustomer', 'customerToWriter'] as const) {
        expect(await openRoom(a.actor, { chatType, orderId })).toMatchObject({ ok: false, code: 'not_found' })
      }
    }
    // The other customer of the same organisation cannot open this customer's order either.
    expect(await openRoom(a.other, { chatType: 'adminToCustomer', orderId: a.data.orders.writing.public_id })).toMatchObject({ ok: false, code: 'not_found' })
  })

  it('the writer conversation is refused while disable_writer_customer_chat is on; the team one stays', async () => {
    const w = await world()
    await saveWebsiteSettings(w.t, { disable_writer_customer_chat: true })
    const orderId = w.data.orders.writing.public_id
    expect(await openRoom(w.actor, { chatType: 'customerToWriter', orderId })).toMatchObject({ ok: false, code: 'disabled' })
    expect((await openRoom(w.actor, { chatType: 'adminToCustomer', orderId })).ok).toBe(true)
    expect(await customerMessagesView(w.t, w.customer, orderId, 'writer', null)).toEqual({ refused: 'disabled' })
  })
})

describe('talking with the team and the writer', () => {
  it('the customer writes to the team; the team sees it (role CUSTOMER, on the left) and answers; each side gets its own copy', async () => {
    const orderId = a.data.orders.writing.public_id
    const mine = await open(a.actor, { chatType: 'adminToCustomer', orderId })
    heard.length = 0
    const sent = await sendChatMessage(a.actor, mine, { kind: 'text', content: 'Hello <b>team</b>\n<script>x()</script>', format: 'text' })
    expect(sent.ok).toBe(true)
    const team = await open(a.owner, { chatType: 'adminToCustomer', orderId })
    const seenByTeam = (await roomHistory(a.owner, team)).messages as PersonMessageJson[]
    expect(seenByTeam.at(-1)).toMatchObject({ role_label: 'CUSTOMER', isRight: false, name: 'Olive Owner', chatType: 'adminToCustomer' })
    expect(seenByTeam.at(-1)!.message).not.toContain('<script')
    await sendChatMessage(a.owner, team, { kind: 'text', content: 'Hello Olive', format: 'text' })
    const seenByCustomer = (await roomHistory(a.actor, mine)).messages as PersonMessageJson[]
    expect(seenByCustomer.map((m) => [m.role_label, m.isRight])).toEqual([
      ['CUSTOMER', true],
      ['ADMIN', false],
    ])
    await new Promise((r) => setTimeout(r, 100))
    const channels = heard.map((h) => h.channel)
    expect(channels).toContain(roomChannel(a.org.id, team))
    expect(channels).toContain(`chat:${a.org.id}:customer:${orderId}:c`)
  })

  it('the writer conversation: stored as customerToWriter, the writer sees it and answers under their customer-facing name', async () => {
    const orderId = a.data.orders.writing.public_id
    const mine = await open(a.actor, { chatType: 'customerToWriter', orderId })
    await sendChatMessage(a.actor, mine, { kind: 'text', content: 'Hi writer', format: 'text' })
    const writerRoom = await open(a.writer, { chatType: 'writerToCustomer', orderId })
    await sendChatMessage(a.writer, writerRoom, { kind: 'text', content: 'Hi Olive', format: 'text' })
    const stored = await platformDb
      .selectFrom('chat_messages')
      .select(['chat_type', 'role_label'])
      .where('client_id', '=', a.org.id)
      .where('order_id', '=', a.data.orders.writing.id)
      .where('chat_type', 'in', ['customerToWriter', 'writerToCustomer'])
      .orderBy('id')
      .execute()
    expect(stored).toEqual([
      { chat_type: 'customerToWriter', role_label: 'CUSTOMER' },
      { chat_type: 'writerToCustomer', role_label: 'WRITER' },
    ])
    const seen = (await roomHistory(a.actor, mine)).messages as PersonMessageJson[]
    expect(seen.map((m) => [m.name, m.isRight])).toEqual([
      ['Olive Owner', true],
      ['Alex the Writer', false],
    ])
    const writerSees = (await roomHistory(a.writer, writerRoom)).messages as PersonMessageJson[]
    // The writer knows the customer by first name only (issue 26, ADR 0067).
    expect(writerSees.map((m) => [m.name, m.isRight])).toEqual([
      ['Olive', false],
      ['Wendy Realname', true],
    ])
  })

  it("the customer is notified of the team's message while away (once until seen), linked to the messages page", async () => {
    const w = await world()
    const orderId = w.data.orders.writing.public_id
    const team = await open(w.owner, { chatType: 'adminToCustomer', orderId })
    await sendChatMessage(w.owner, team, { kind: 'text', content: 'Your draft is on its way', format: 'text' })
    await sendChatMessage(w.owner, team, { kind: 'text', content: 'One more thing', format: 'text' })
    const rows = await platformDb
      .selectFrom('notifications')
      .select(['kind', 'content', 'link'])
      .where('client_id', '=', w.org.id)
      .where('user_id', '=', w.data.customer.userId)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'order_update', link: `/my-orders/${orderId}/messages` })
    expect(rows[0]!.content).toContain('Your draft is on its way')
    // The header's Messages count: both unread until the customer opens the conversation.
    expect(await customerUnreadTotal(w.t, w.data.customer.userId)).toBe(2)
    await markRoomRead(w.actor, await open(w.actor, { chatType: 'adminToCustomer', orderId }))
    expect(await customerUnreadTotal(w.t, w.data.customer.userId)).toBe(0)
  })

  it("the team hears of a customer's message (the owners when nobody answered yet; the writer in the writer conversation)", async () => {
    const w = await world()
    const orderId = w.data.orders.writing.public_id
    await sendChatMessage(w.actor, await open(w.actor, { chatType: 'adminToCustomer', orderId }), { kind: 'text', content: 'Question for the team', format: 'text' })
    await sendChatMessage(w.actor, await open(w.actor, { chatType: 'customerToWriter', orderId }), { kind: 'text', content: 'Question for the writer', format: 'text' })
    const rows = await platformDb.selectFrom('notifications').select(['user_id', 'kind', 'link']).where('client_id', '=', w.org.id).where('kind', '=', 'chat_message').execute()
    expect(rows.map((r) => r.user_id).sort()).toEqual([w.owner.user.id, w.writer.user.id].sort())
    // Staff open the project page; the writer opens the order in their workspace (ADR 0068).
    expect(rows.every((r) => r.link === (r.user_id === w.writer.user.id ? `/work/orders/${orderId}` : `/project/view/${orderId}`))).toBe(true)
  })

  it('a test order notifies no customer', async () => {
    const w = await world()
    const team = await open(w.owner, { chatType: 'adminToCustomer', orderId: w.data.orders.testOrder.public_id })
    await sendChatMessage(w.owner, team, { kind: 'text', content: 'Testing', format: 'text' })
    const rows = await platformDb.selectFrom('notifications').select('id').where('client_id', '=', w.org.id).where('user_id', '=', w.data.customer.userId).execute()
    expect(rows).toHaveLength(0)
    expect(await customerUnreadTotal(w.t, w.data.customer.userId)).toBe(0)
  })

  it('a log-in-as session reads the conversations but sends nothing', async () => {
    const impersonated = customerChatActor(a.t, { ...a.customer, impersonatorUserId: a.owner.user.id })
    const room = await open(impersonated, { chatType: 'adminToCustomer', orderId: a.data.orders.writing.public_id })
    expect(await sendChatMessage(impersonated, room, { kind: 'text', content: 'as the customer', format: 'text' })).toMatchObject({
      ok: false,
      code: 'forbidden',
      error: IMPERSONATION_CHAT_REFUSED,
    })
    // Reading through the customer's eyes leaves the team's messages unread for the customer.
    const team = await open(a.owner, { chatType: 'adminToCustomer', orderId: a.data.orders.writing.public_id })
    await sendChatMessage(a.owner, team, { kind: 'text', content: 'Unread for Olive', format: 'text' })
    expect(await markRoomRead(impersonated, room)).toBe(0)
    expect(await markRoomRead(a.actor, room)).toBeGreaterThan(0)
  })

  it("files: the customer's own upload is sent and downloadable from their order; someone else's chat file is not", async () => {
    const orderId = a.data.orders.writing.public_id
    const room = await open(a.actor, { chatType: 'adminToCustomer', orderId })
    const upload = { data: Buffer.from('%PDF-1.4 resume'), size: 15, originalName: 'resume.pdf', mimeType: 'application/pdf', extension: 'pdf' }
    const mine = await saveUpload(a.actor, upload, 'upload')
    if ('error' in mine) throw new Error(mine.error)
    expect((await sendChatMessage(a.actor, room, { kind: 'file', key: mine.key })).ok).toBe(true)
    expect(await customerChatFile(a.t, a.customer, orderId, mine.key)).toMatchObject({ key: mine.key, name: 'resume.pdf' })
    // Another customer, or this customer through another order, gets nothing.
    expect(await customerChatFile(a.t, await portalCustomer(a.data.other.userId, a.org.id), orderId, mine.key)).toBeFalsy()
    expect(await customerChatFile(a.t, a.customer, a.data.orders.brief.public_id, mine.key)).toBeFalsy()
    // The team's chat file cannot be re-sent from the portal.
    const teamFile = await saveUpload(a.owner, upload, 'chat')
    if ('error' in teamFile) throw new Error(teamFile.error)
    expect(await sendChatMessage(a.actor, room, { kind: 'file', key: teamFile.key })).toMatchObject({ ok: false, code: 'not_found' })
  })
})
