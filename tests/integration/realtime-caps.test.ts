// Websocket caps and the per-person message budget (issue 28 item 8, ADR 0083) on two realtime servers
// sharing the test's Redis, as two app processes behind a load balancer: parallel upgrades past a cap
// are refused with 429 so exactly the cap is open, a closed socket frees its place, and a burst over
// many sockets of one person delivers only that person's budget.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { SOCKET_CAPS, SOCKET_LIMITS, TOO_MANY_SOCKETS_SESSION, TOO_MANY_SOCKETS_USER } from '#app/rules/chat'
import { platformDb } from '#app/services/db.server'
import { attachRealtime, realtimeTuning } from '../../server/realtime/index'
import { createTenant, createUser } from '#tests/factories/index'
import { createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { sessionCookie } from '#tests/factories/session'

type Event = { type: string } & Record<string, unknown>
type Open = { ok: true; socket: WebSocket; events: Event[] }
type Outcome = Open | { ok: false; status: number; body: string }

type Realtime = { base: string; server: Server; realtime: ReturnType<typeof attachRealtime> }

/** A realtime server on a free port; refill of the message budget frozen, so a burst's count is exact. */
async function realtimeServer(): Promise<Realtime> {
  const server = createServer((_req, res) => res.writeHead(404).end())
  const realtime = attachRealtime(server, { ...realtimeTuning(), messageBudget: { capacity: SOCKET_LIMITS.messages.capacity, perSecond: 0.0001 } })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { base: `http://localhost:${(server.address() as AddressInfo).port}`, server, realtime }
}

function connect(base: string, cookie: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { headers: { Cookie: cookie, Origin: base } })
    const events: Event[] = []
    socket.on('message', (raw) => events.push(JSON.parse(String(raw)) as Event))
    socket.once('open', () => resolve({ ok: true, socket, events }))
    socket.once('unexpected-response', (_req, res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ ok: false, status: res.statusCode ?? 0, body }))
    })
    socket.once('error', reject)
  })
}

/** Until `check` holds (what the servers do is asynchronous: a close reaches Redis a moment later). */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

const opened = (outcomes: Outcome[]) => outcomes.filter((o): o is Open => o.ok)
const closeAll = (outcomes: Outcome[]) => Promise.all(opened(outcomes).map((o) => new Promise((r) => (o.socket.once('close', r), o.socket.close()))))

let one: Realtime
let two: Realtime

beforeAll(async () => {
  ;[one, two] = await Promise.all([realtimeServer(), realtimeServer()])
})

afterAll(async () => {
  for (const r of [one, two]) {
    await r.realtime.close()
    await new Promise((resolve) => r.server.close(resolve))
  }
})

describe('open sockets are capped in Redis, across processes', () => {
  it(`${SOCKET_CAPS.perSession + 5} parallel upgrades of one session over two processes: exactly ${SOCKET_CAPS.perSession} open, the rest 429`, async () => {
    const { org, owner } = await createTenant()
    const cookie = await sessionCookie({ userId: owner.id, clientId: org.id })
    const outcomes = await Promise.all(Array.from({ length: SOCKET_CAPS.perSession + 5 }, (_, i) => connect(i % 2 ? one.base : two.base, cookie)))
    expect(opened(outcomes)).toHaveLength(SOCKET_CAPS.perSession)
    const refused = outcomes.filter((o) => !o.ok)
    expect(refused).toHaveLength(5)
    for (const r of refused) expect(r).toEqual({ ok: false, status: 429, body: TOO_MANY_SOCKETS_SESSION })

    // A closed socket gives its place back: the next upgrade of the session opens.
    const first = opened(outcomes)[0]!
    await new Promise((r) => (first.socket.once('close', r), first.socket.close()))
    let again: Outcome | null = null
    await until(async () => {
      again = await connect(one.base, cookie)
      return again.ok
    }, 'a freed place')
    await closeAll([...outcomes.slice(1), again!])
  })

  it(`three sessions of one person, ${SOCKET_CAPS.perUser + 4} parallel upgrades: exactly ${SOCKET_CAPS.perUser} open`, async () => {
    const { org, owner } = await createTenant()
    const cookies = await Promise.all([1, 2, 3].map(() => sessionCookie({ userId: owner.id, clientId: org.id })))
    // 8 per session: each session stays under its own cap, the person goes over theirs.
    const outcomes = await Promise.all(Array.from({ length: SOCKET_CAPS.perUser + 4 }, (_, i) => connect(i % 2 ? one.base : two.base, cookies[i % 3]!)))
    expect(opened(outcomes)).toHaveLength(SOCKET_CAPS.perUser)
    for (const r of outcomes.filter((o) => !o.ok)) expect(r).toEqual({ ok: false, status: 429, body: TOO_MANY_SOCKETS_USER })
    // Another person of the same organisation is not affected.
    const other = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
    const theirs = await connect(one.base, await sessionCookie({ userId: other.id, clientId: org.id }))
    expect(theirs.ok).toBe(true)
    await closeAll([...outcomes, theirs])
  })
})

describe('the message budget is per person, not per socket', () => {
  it('a burst of 10 messages on each of 5 sockets of one person, over two processes, delivers only the budget', async () => {
    const { org, owner } = await createTenant()
    const product = await createProductWithWorkflow(org.id)
    const customer = await createCustomer(org.id)
    const order = await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId })
    const room = { chatType: 'project', orderId: order.public_id }
    const watcher = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS'] }] })

    const senders = opened(await Promise.all([0, 1, 2, 3, 4].map(async (i) => connect(i % 2 ? one.base : two.base, await sessionCookie({ userId: owner.id, clientId: org.id })))))
    const [listener] = opened([await connect(one.base, await sessionCookie({ userId: watcher.id, clientId: org.id }))])
    expect(senders).toHaveLength(5)
    for (const peer of [...senders, listener!]) peer.socket.send(JSON.stringify({ type: 'subscribe', ...room }))
    await until(() => [...senders, listener!].every((p) => p.events.some((e) => e.type === 'all_messages')), 'every socket in the room')

    const burst = SOCKET_LIMITS.messages.capacity
    senders.forEach((peer, s) => {
      for (let i = 0; i < burst; i++) peer.socket.send(JSON.stringify({ type: 'new_message', ...room, message_type: 'text', content: `burst ${s}.${i}`, ref: `${s}.${i}` }))
    })
    const refusals = () => senders.reduce((n, p) => n + p.events.filter((e) => e.type === 'error' && e.code === 'rate_limited').length, 0)
    const stored = async () =>
      Number(
        (
          await platformDb
            .selectFrom('chat_messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('client_id', '=', org.id)
            .executeTakeFirstOrThrow()
        ).n,
      )
    // Every message of the burst is answered: stored (and delivered) or refused.
    await until(async () => refusals() + (await stored()) === senders.length * burst, 'every message answered', 10_000)
    expect(await stored()).toBe(SOCKET_LIMITS.messages.capacity)
    expect(refusals()).toBe(senders.length * burst - SOCKET_LIMITS.messages.capacity)
    await until(() => listener!.events.filter((e) => e.type === 'new_message').length >= SOCKET_LIMITS.messages.capacity, 'the deliveries')
    expect(listener!.events.filter((e) => e.type === 'new_message')).toHaveLength(SOCKET_LIMITS.messages.capacity)
    await closeAll([...senders, listener!])
  })
})
