// The chat protocol with real `ws` clients against the real server: subscribe, all_messages, new_message,
// new_participant, ping/pong and request_all_messages; refusals (no session, foreign Origin, another
// organisation's order or contributor, an order the member has no part in); size and rate limits; a
// session that ends; and a second app process from $BUILD_DIR delivering to the first through Redis,
// closing silent sockets, closing sockets whose session was revoked, and being restarted under a client.
import { expect, test } from '@playwright/test'
import { sql } from 'kysely'
import { platformDb } from '#app/services/db.server'
import { redis } from '#app/services/redis.server'
import { createTenant } from '#tests/factories/index'
import { chatWorld, Peer, secondServer, type SecondServer, uploadFile } from './chat-helpers'
import { BASE_URL } from './helpers'
import { budgetKey } from '../../server/realtime/limits'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082', 'hex')

const opened: Peer[] = []
async function connect(cookie: string | null, opts?: Parameters<typeof Peer.connect>[1]) {
  const peer = await Peer.connect(cookie, opts)
  opened.push(peer)
  return peer
}
test.afterEach(() => {
  for (const peer of opened.splice(0)) peer.close()
})

test.describe('the team chat protocol', () => {
  test('subscribe, history, live messages to everyone in the room, files, participants, ping and request_all_messages', async () => {
    const w = await chatWorld()
    const room = { chatType: 'project', orderId: w.order.public_id }
    const owner = await connect(await w.cookie(w.owner))
    const writer = await connect(await w.cookie(w.writer))
    expect(await owner.join(room)).toMatchObject({ type: 'all_messages', chatType: 'project', orderId: w.order.public_id, messages: [], hasMore: false })
    expect(await writer.join(room)).toMatchObject({ type: 'all_messages', messages: [] })
    const joined = await owner.next((e) => e.type === 'new_participant' && e.participant._id === w.writer.publicId)
    expect(joined).toMatchObject({ chatType: 'project', orderId: w.order.public_id, participant: { _id: w.writer.publicId, name: 'Wren Writer', role_label: 'WRITER' } })

    owner.send({ type: 'ping' })
    expect(await owner.next((e) => e.type === 'pong')).toEqual({ type: 'pong' })

    owner.send({ type: 'new_message', chatType: 'project', orderId: w.order.public_id, message_type: 'text', content: 'Hello team', ref: 'r1' })
    const atWriter = await writer.next((e) => e.type === 'new_message')
    const atOwner = await owner.next((e) => e.type === 'new_message')
    expect(atWriter).toEqual(atOwner)
    expect(atWriter).toMatchObject({
      chatType: 'project',
      orderId: w.order.public_id,
      message: {
        _id: expect.any(String),
        type: 'text',
        content: 'Hello team',
        data: null,
        sent_by: w.owner.publicId,
        role_label: 'ADMIN',
        createdAt: expect.any(String),
        order_id: w.order.public_id,
      },
    })
    // In MySQL before anyone saw it.
    const row = await platformDb.selectFrom('chat_messages').select(['content', 'client_id']).where('public_id', '=', atWriter.message._id).executeTakeFirst()
    expect(row).toEqual({ content: 'Hello team', client_id: w.org.id })

    const uploaded = await uploadFile(await w.cookie(w.writer), 'draft-notes.png', PNG, 'image/png')
    expect(uploaded.status).toBe(200)
    writer.send({ type: 'new_message', chatType: 'project', orderId: w.order.public_id, message_type: 'file', data: { key: uploaded.body.file!.key } })
    const file = await owner.next((e) => e.type === 'new_message')
    expect(file.message).toMatchObject({
      type: 'file',
      content: null,
      role_label: 'WRITER',
      data: { key: uploaded.body.file!.key, originalname: 'draft-notes.png', mimetype: 'image/png', size: PNG.length },
    })
    // The chat file is readable by the others of the conversation.
    const download = await fetch(`${BASE_URL}/api/file/download/${uploaded.body.file!.key}`, { headers: { Cookie: await w.cookie(w.owner) } })
    expect(download.status).toBe(200)

    writer.send({ type: 'request_all_messages', chatType: 'project', orderId: w.order.public_id })
    const all = await writer.next((e) => e.type === 'all_messages')
    expect(all.messages.map((m: { type: string }) => m.type)).toEqual(['text', 'file'])
    writer.send({ type: 'request_all_messages', chatType: 'project', orderId: w.order.public_id, before: all.messages[1]._id })
    expect((await writer.next((e) => e.type === 'all_messages')).messages.map((m: { content: string }) => m.content)).toEqual(['Hello team'])
  })

  test('the contributor chat: subscribe with chatType adminToWriter, each side sees its own on the right', async () => {
    const w = await chatWorld()
    const admin = await connect(await w.cookie(w.owner))
    const writer = await connect(await w.cookie(w.writer))
    expect(await admin.join({ chatType: 'adminToWriter', userId: w.owner.publicId, writerId: w.writer.publicId })).toMatchObject({
      type: 'all_messages',
      chatType: 'adminToWriter',
      writerId: w.writer.publicId,
    })
    expect(await writer.join({ chatType: 'adminToWriter', userId: w.writer.publicId, writerId: w.writer.publicId })).toMatchObject({
      type: 'all_messages',
      writerId: w.writer.publicId,
    })
    writer.send({
      type: 'new_message',
      chatType: 'adminToWriter',
      userId: w.writer.publicId,
      writerId: w.writer.publicId,
      message_type: 'text',
      sentToAdmin: true,
      content: '<p>Can I get the brief?</p><img src=x onerror=alert(1)>',
    })
    const atAdmin = await admin.next((e) => e.type === 'new_message')
    const atWriter = await writer.next((e) => e.type === 'new_message')
    expect(atAdmin.message).toMatchObject({
      type: 'text',
      message: '<p>Can I get the brief?</p>',
      isRight: false,
      sentToAdmin: true,
      sent_by: w.writer.publicId,
      name: 'Wren Writer',
      role_label: 'WRITER',
    })
    expect(atWriter.message).toMatchObject({ message: '<p>Can I get the brief?</p>', isRight: true })
    // A browser's sentToAdmin is not believed: the admin's message is the admins' whatever it says.
    admin.send({ type: 'new_message', chatType: 'adminToWriter', writerId: w.writer.publicId, message_type: 'text', sentToAdmin: true, content: 'Sure' })
    expect((await writer.next((e) => e.type === 'new_message')).message).toMatchObject({ message: 'Sure', sentToAdmin: false, isRight: false, role_label: 'ADMIN' })
    // The admins' channel carries every contributor's conversation (the list's counts), the contributor's only their own.
    const other = await connect(await w.cookie(w.otherWriter))
    await other.join({ chatType: 'adminToWriter' })
    other.send({ type: 'new_message', chatType: 'adminToWriter', message_type: 'text', content: 'From Olive' })
    expect((await admin.next((e) => e.type === 'new_message' && e.writerId === w.otherWriter.publicId)).message).toMatchObject({ message: 'From Olive' })
    expect(await writer.nothing((e) => e.type === 'new_message' && e.message?.message === 'From Olive')).toBe(true)
  })
})

test.describe('people who are away', () => {
  test('get a notification (pushed on their socket) unless they are watching the conversation', async () => {
    const w = await chatWorld()
    const room = { chatType: 'project', orderId: w.order.public_id }
    const writerId = w.writer.accounts.get(w.org.id)!.id
    const notices = () => platformDb.selectFrom('notifications').select(['kind', 'content', 'link', 'seen']).where('user_id', '=', writerId).orderBy('id').execute()
    const owner = await connect(await w.cookie(w.owner))
    await owner.join(room)
    // The writer is signed in elsewhere (some other page) but not in this conversation.
    const elsewhere = await connect(await w.cookie(w.writer))
    owner.send({ type: 'new_message', ...room, content: 'Are you there?' })
    const pushed = await elsewhere.next((e) => e.type === 'notification')
    expect(pushed.notification).toMatchObject({ contant: expect.stringContaining('Are you there?') })
    expect(await notices()).toEqual([{ kind: 'chat_message', content: expect.stringContaining('New message from'), link: `/work/orders/${w.order.public_id}`, seen: false }])
    await platformDb.updateTable('notifications').set({ seen: true }).where('user_id', '=', writerId).execute()

    // Watching now: nothing new.
    await elsewhere.join(room)
    owner.send({ type: 'new_message', ...room, content: 'Great, you are here' })
    await elsewhere.next((e) => e.type === 'new_message' && e.message.content === 'Great, you are here')
    await new Promise((r) => setTimeout(r, 300))
    expect(await notices()).toHaveLength(1)

    // Gone again: the next message notifies.
    elsewhere.close()
    await elsewhere.closed
    await new Promise((r) => setTimeout(r, 200))
    owner.send({ type: 'new_message', ...room, content: 'Back later?' })
    await owner.next((e) => e.type === 'new_message' && e.message.content === 'Back later?')
    await expect.poll(async () => (await notices()).length).toBe(2)
  })
})

test.describe('refusals', () => {
  test('no session is 401, a foreign Origin is 403', async () => {
    const w = await chatWorld()
    await expect(Peer.connect(null)).rejects.toThrow('refused 401')
    await expect(Peer.connect(await w.cookie(w.owner), { origin: 'https://evil.example' })).rejects.toThrow('refused 403')
    await expect(Peer.connect(await w.cookie(w.owner), { origin: null })).rejects.toThrow('refused 403')
  })

  test("another organisation's order and contributor are not found, and its messages never arrive", async () => {
    const a = await chatWorld('Alpha')
    const b = await chatWorld('Beta')
    const alpha = await connect(await a.cookie(a.owner))
    const beta = await connect(await b.cookie(b.owner))
    expect(await alpha.join({ chatType: 'project', orderId: b.order.public_id })).toMatchObject({
      type: 'error',
      code: 'not_found',
      message: 'Order not found',
      orderId: b.order.public_id,
    })
    expect(await alpha.join({ chatType: 'adminToWriter', writerId: b.writer.publicId })).toMatchObject({ type: 'error', code: 'not_found' })
    // Sending to a room one was refused is refused too.
    alpha.send({ type: 'new_message', chatType: 'project', orderId: b.order.public_id, content: 'sneaky', ref: 'x1' })
    expect(await alpha.next((e) => e.type === 'error' && e.ref === 'x1')).toMatchObject({ code: 'bad_request' })
    await alpha.join({ chatType: 'project', orderId: a.order.public_id })
    await beta.join({ chatType: 'project', orderId: b.order.public_id })
    beta.send({ type: 'new_message', chatType: 'project', orderId: b.order.public_id, content: 'Beta only' })
    await beta.next((e) => e.type === 'new_message')
    expect(await alpha.nothing((e) => e.type === 'new_message')).toBe(true)
    expect(await platformDb.selectFrom('chat_messages').select('id').where('client_id', '=', a.org.id).execute()).toEqual([])
  })

  test('an order the member has no part in is refused; its contributor and reviewer are let in without READ_ORDERS', async () => {
    const w = await chatWorld()
    const room = { chatType: 'project', orderId: w.order.public_id }
    const outsider = await connect(await w.cookie(w.outsider))
    expect(await outsider.join(room)).toMatchObject({ type: 'error', code: 'forbidden' })
    const other = await connect(await w.cookie(w.otherWriter))
    expect(await other.join(room)).toMatchObject({ type: 'error', code: 'forbidden' })
    const reviewer = await connect(await w.cookie(w.reviewer))
    expect(await reviewer.join(room)).toMatchObject({ type: 'all_messages' })
    // Staff with READ_ORDERS may read every project but cannot open a contributor's conversation.
    const staff = await connect(await w.cookie(w.staff))
    expect(await staff.join(room)).toMatchObject({ type: 'all_messages' })
    expect(await staff.join({ chatType: 'adminToWriter', writerId: w.writer.publicId })).toMatchObject({ type: 'error', code: 'forbidden' })
  })

  test("a locked organisation's chat is closed", async () => {
    const { org, owner } = await createTenant()
    await platformDb.updateTable('organisations').set({ package_status: 'canceled' }).where('id', '=', org.id).execute()
    const { cookieFor } = await import('./chat-helpers')
    const peer = await connect(await cookieFor(owner.email, org.name))
    expect(await peer.join({ chatType: 'project', orderId: 'whatever' })).toMatchObject({
      type: 'error',
      code: 'forbidden',
      message: 'Your subscription is not active. Please go to Billing to reactivate it.',
    })
  })
})

test.describe('limits', () => {
  test('bad frames are answered, long messages refused, a fast sender slowed down, a huge frame closes the socket', async () => {
    const w = await chatWorld()
    const room = { chatType: 'project', orderId: w.order.public_id }
    const peer = await connect(await w.cookie(w.owner))
    await peer.join(room)
    peer.socket.send('not json')
    expect(await peer.next((e) => e.type === 'error')).toMatchObject({ code: 'bad_request' })
    peer.send({ type: 'launch_missiles' })
    expect(await peer.next((e) => e.type === 'error')).toMatchObject({ code: 'bad_request' })
    peer.send({ type: 'new_message', ...room, content: 'x'.repeat(10_001), ref: 'long' })
    expect(await peer.next((e) => e.type === 'error' && e.ref === 'long')).toMatchObject({ code: 'bad_request', message: expect.stringContaining('10,000') })
    peer.send({ type: 'new_message', ...room, content: 'within the budget', ref: 'first' })
    await peer.next((e) => e.type === 'new_message')
    // The person has spent their budget. Frames are handled one at a time, so on a loaded machine a burst can
    // take longer than the budget takes to refill: the budget's own arithmetic is realtime-caps.test.ts's.
    const spent = budgetKey({ userId: w.owner.accounts.get(w.org.id)!.id, customer: false })
    await redis()
      .multi()
      .hset(spent, { tokens: '-1000', at: String(Date.now()) })
      .pexpire(spent, 60_000)
      .exec()
    for (let i = 0; i < 5; i++) peer.send({ type: 'new_message', ...room, content: `burst ${i}`, ref: `b${i}` })
    expect(await peer.next((e) => e.type === 'error' && e.code === 'rate_limited')).toMatchObject({
      message: 'You are sending messages too fast. Please wait a moment and try again.',
    })
    await new Promise((r) => setTimeout(r, 1000))
    const stored = await platformDb.selectFrom('chat_messages').select('content').where('client_id', '=', w.org.id).execute()
    expect(stored.map((m) => m.content)).toEqual(['within the budget'])
    peer.socket.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(70 * 1024) }))
    expect((await peer.closed).code).toBe(1009)
  })

  test('a session that ended closes the socket on the next frame (4401)', async () => {
    const w = await chatWorld()
    const peer = await connect(await w.cookie(w.owner))
    await peer.join({ chatType: 'project', orderId: w.order.public_id })
    // Idle for longer than the idle limit: the session row says it was last seen 3 hours ago.
    await platformDb
      .updateTable('sessions')
      .set({ data: sql<string>`JSON_SET(data, '$.lastSeenAt', ${Date.now() - 3 * 3600_000})` })
      .where('user_id', '=', w.owner.accounts.get(w.org.id)!.id)
      .execute()
    peer.send({ type: 'request_all_messages', chatType: 'project', orderId: w.order.public_id })
    expect((await peer.closed).code).toBe(4401)
  })
})

test.describe('across app processes', () => {
  test.describe.configure({ mode: 'serial' })
  const port = Number(process.env.PORT ?? 3100) + 9
  let second: SecondServer

  test.beforeAll(async () => {
    // A second app process starts in seconds, but in a minute on a machine loaded by the rest of the suite.
    test.setTimeout(90_000)
    second = await secondServer(port, { REALTIME_SESSION_CHECK_MS: '500', REALTIME_IDLE_TIMEOUT_MS: '2000' })
  })
  test.afterAll(async () => {
    await second?.stop()
  })

  test("two processes deliver to each other's sockets through Redis", async () => {
    const w = await chatWorld()
    const room = { chatType: 'project', orderId: w.order.public_id }
    const here = await connect(await w.cookie(w.owner))
    const there = await connect(await w.cookie(w.writer), { base: second.base })
    await here.join(room)
    await there.join(room)
    there.send({ type: 'new_message', ...room, content: 'from process two' })
    expect((await here.next((e) => e.type === 'new_message')).message).toMatchObject({ content: 'from process two', role_label: 'WRITER' })
    here.send({ type: 'new_message', ...room, content: 'from process one' })
    expect((await there.next((e) => e.type === 'new_message' && e.message.content === 'from process one')).message).toMatchObject({ role_label: 'ADMIN' })
  })

  test('a socket that stops sending anything is closed (heartbeat), one that pings stays', async () => {
    const w = await chatWorld()
    const silent = await connect(await w.cookie(w.owner), { base: second.base })
    const pinging = await connect(await w.cookie(w.owner), { base: second.base })
    const timer = setInterval(() => pinging.send({ type: 'ping' }), 400)
    try {
      const started = Date.now()
      expect((await silent.closed).code).toBe(4408)
      expect(Date.now() - started).toBeLessThan(6000)
      expect(pinging.socket.readyState).toBe(pinging.socket.OPEN)
    } finally {
      clearInterval(timer)
    }
  })

  test("a revoked session's socket is closed by the periodic check, without sending anything", async () => {
    const w = await chatWorld()
    const peer = await connect(await w.cookie(w.staff), { base: second.base })
    const timer = setInterval(() => peer.send({ type: 'ping' }), 400)
    try {
      await platformDb.deleteFrom('sessions').where('user_id', '=', w.staff.accounts.get(w.org.id)!.id).execute()
      expect((await peer.closed).code).toBe(4401)
    } finally {
      clearInterval(timer)
    }
  })

  test('a client whose process restarts reconnects, subscribes again and gets what was said meanwhile', async () => {
    // The second process stops and starts again within the test: up to a minute on a loaded machine.
    test.slow()
    const w = await chatWorld()
    const room = { chatType: 'project', orderId: w.order.public_id }
    const cookie = await w.cookie(w.writer)
    const first = await connect(cookie, { base: second.base })
    await first.join(room)
    // Pinging, so that only the restart closes it, not the 2 s idle timeout while a loaded process stops.
    const timer = setInterval(() => first.send({ type: 'ping' }), 400)
    try {
      const stopping = second.stop()
      expect((await first.closed).code).toBe(1012)
      await stopping
    } finally {
      clearInterval(timer)
    }
    const owner = await connect(await w.cookie(w.owner))
    await owner.join(room)
    owner.send({ type: 'new_message', ...room, content: 'said while you were away' })
    await owner.next((e) => e.type === 'new_message')
    await second.start()
    const again = await connect(cookie, { base: second.base })
    const history = await again.join(room)
    expect(history.messages.map((m: { content: string }) => m.content)).toEqual(['said while you were away'])
  })
})
