// The shared parts across processes (issue 29, ADR 0096): two web processes and two workers behind HAProxy,
// as `npm run cluster` starts them (scripts/cluster.ts), each process also addressed directly. Signed in on
// one and used on the other, chat between sockets on different processes, a job queued by a web process and
// run by a worker, a file uploaded through one and downloaded through the other, and the rate limits, count
// caches, presence and participant announcements held in Redis for all of them.
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { platformDb } from '#app/services/db.server'
import { redis } from '#app/services/redis.server'
import { TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { createTenant, createUser, uniqueEmail } from '#tests/factories/index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { sessionCookie } from '#tests/factories/session'
import { closeMailbox, waitForMail } from '#tests/mailbox'
import { type Cluster, startCluster } from '../../scripts/cluster'

/** How long the cluster's processes remember a list's total (COUNT_CACHE_SECONDS), so the test sees it lapse. */
const COUNT_SECONDS = 3

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

let cluster: Cluster
let web1 = ''
let web2 = ''
let balancer = ''

beforeAll(async () => {
  const [port, a, b] = await Promise.all([freePort(), freePort(), freePort()])
  // This worker's database, Redis database and SMTP sink (tests/setup.ts); totals remembered from one row, so a small list shows it.
  cluster = await startCluster({
    port,
    webPorts: [a, b],
    env: { ...process.env, COUNT_CACHE_FROM: '1', COUNT_CACHE_SECONDS: String(COUNT_SECONDS) },
    dir: path.join(os.tmpdir(), `draftdesk-cluster-${process.pid}`),
  })
  ;[web1, web2] = cluster.webs
  balancer = cluster.url
}, 120_000)

afterAll(async () => {
  await cluster?.stop()
  await closeMailbox()
  redis().disconnect()
}, 30_000)

/** A request as a browser on the balancer's page would send it (its Origin), to any of the three addresses. */
function call(base: string, pathname: string, init: { method?: string; cookie?: string; json?: unknown; body?: FormData; ip?: string } = {}) {
  const headers: Record<string, string> = { Origin: balancer }
  if (init.cookie) headers.Cookie = init.cookie
  if (init.json !== undefined) headers['Content-Type'] = 'application/json'
  // As HAProxy would write it: the client's address (TRUST_PROXY=loopback believes it from the balancer and from this machine).
  if (init.ip) headers['X-Forwarded-For'] = init.ip
  return fetch(`${base}${pathname}`, {
    method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET'),
    headers,
    body: init.body ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
    redirect: 'manual',
  })
}

async function signInThrough(base: string, email: string, password: string, orgPublicId: string, ip = '198.51.100.1') {
  const res = await call(base, '/api/auth/login', { json: { email, password, clientId: orgPublicId }, ip })
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? ''
  return { status: res.status, cookie }
}

type Event = { type: string } & Record<string, any>
/** A socket that keeps every event, so a test can wait for one that already came. */
async function socketTo(base: string, cookie: string) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { headers: { Cookie: cookie, Origin: balancer } })
  const events: Event[] = []
  socket.on('message', (raw) => events.push(JSON.parse(String(raw)) as Event))
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const next = async (match: (e: Event) => boolean, ms = 7000) => {
    const deadline = Date.now() + ms
    while (Date.now() < deadline) {
      const found = events.find(match)
      if (found) return found
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events.map((e) => e.type))}`)
  }
  return {
    events,
    next,
    send: (frame: Record<string, unknown>) => socket.send(JSON.stringify(frame)),
    close: () => socket.close(),
  }
}

/** An organisation with an order whose writer and reviewer are set, and its owner able to sign in. */
async function world() {
  const { org, owner } = await createTenant(`Cluster ${Math.random().toString(36).slice(2, 8)}`)
  const product = await createProductWithWorkflow(org.id)
  const customer = await createCustomer(org.id)
  const writer = await createContributor(org.id)
  const reviewer = await createContributor(org.id, { role: 'REVIEWER' })
  const order = await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId }, { writerUserId: writer.userId, reviewerUserId: reviewer.userId })
  return { org, owner, writer, reviewer, order, product, customer }
}

describe('two web processes and two workers behind HAProxy', () => {
  test('the balancer spreads requests over both processes without stickiness, and answers health checks', async () => {
    const served = await Promise.all([1, 2, 3, 4].map(async () => (await call(balancer, '/healthz')).headers.get('x-served-by')))
    expect(new Set(served)).toEqual(new Set(['web1', 'web2']))
    const direct = await Promise.all([web1, web2].map(async (base) => (await call(base, '/healthz')).status))
    expect(direct).toEqual([200, 200])
  })

  test('signed in through one process, the session works on the other and through the balancer; signed out on one, it is gone on all', async () => {
    const w = await world()
    const signedIn = await signInThrough(web1, w.owner.email, w.owner.password, w.org.publicId)
    expect(signedIn.status).toBe(200)
    const answers = await Promise.all([web2, balancer, balancer].map((base) => call(base, '/api/client/orders', { cookie: signedIn.cookie })))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200])
    const bodies = await Promise.all(answers.map((r) => r.json()))
    expect(bodies.map((b) => b.orders.map((o: { _id: string }) => o._id))).toEqual([[w.order.public_id], [w.order.public_id], [w.order.public_id]])

    expect((await call(web2, '/api/auth/logout', { method: 'POST', cookie: signedIn.cookie })).status).toBeLessThan(400)
    const after = await Promise.all([web1, web2].map((base) => call(base, '/api/client/orders', { cookie: signedIn.cookie })))
    expect(after.map((r) => r.status)).toEqual([401, 401])
  })

  test('a file uploaded through one process is downloaded through the other', async () => {
    const w = await world()
    const cookie = await sessionCookie({ userId: w.owner.id, clientId: w.org.id })
    const pdf = Buffer.from(`%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n% ${w.org.publicId}\n`)
    const body = new FormData()
    body.set('file', new File([new Uint8Array(pdf)], 'brief.pdf', { type: 'application/pdf' }))
    const uploaded = await call(web1, '/api/file/upload', { cookie, body })
    expect(uploaded.status).toBe(200)
    const { file } = (await uploaded.json()) as { file: { key: string } }
    const [direct, through] = await Promise.all([web2, balancer].map((base) => call(base, `/api/file/download/${file.key}`, { cookie })))
    expect(direct.status).toBe(200)
    expect(Buffer.from(await direct.arrayBuffer())).toEqual(pdf)
    expect(Buffer.from(await through.arrayBuffer())).toEqual(pdf)
  })

  test('a job queued by a web process is run by a worker (the web processes run none)', async () => {
    const user = await createUser({ email: uniqueEmail('cluster-reset') })
    const since = new Date(Date.now() - 1000)
    const res = await call(web2, '/api/auth/reset-password', { json: { email: user.email }, ip: '198.51.100.9' })
    expect(res.status).toBe(200)
    const mail = await waitForMail(user.email, /./, since, 15_000)
    expect(mail.text).toMatch(/reset/i)
  })

  test('chat between sockets on different processes; presence and the participant announcement are shared', async () => {
    const w = await world()
    const room = { chatType: 'project', orderId: w.order.public_id }
    const [ownerCookie, writerCookie] = await Promise.all([
      sessionCookie({ userId: w.owner.id, clientId: w.org.id }),
      sessionCookie({ userId: w.writer.userId, clientId: w.org.id }),
    ])
    // The owner through the balancer (an upgraded connection through HAProxy), the writer on each process directly.
    const owner = await socketTo(balancer, ownerCookie)
    const writerSockets = [await socketTo(web2, writerCookie), await socketTo(web1, writerCookie)]
    try {
      owner.send({ type: 'subscribe', ...room })
      await owner.next((e) => e.type === 'all_messages')
      // The writer opens the room on the second process, then again on the first (a reconnect landing elsewhere).
      writerSockets[0]!.send({ type: 'subscribe', ...room })
      await writerSockets[0]!.next((e) => e.type === 'all_messages')
      await owner.next((e) => e.type === 'new_participant' && e.participant._id === w.writer.publicId)
      writerSockets[1]!.send({ type: 'subscribe', ...room })
      await writerSockets[1]!.next((e) => e.type === 'all_messages')

      owner.send({ type: 'new_message', ...room, message_type: 'text', content: 'Across processes' })
      const [atWriter, atOwner] = await Promise.all([
        writerSockets[0]!.next((e) => e.type === 'new_message'),
        owner.next((e) => e.type === 'new_message'),
        writerSockets[1]!.next((e) => e.type === 'new_message'),
      ])
      expect(atWriter.message).toMatchObject({ content: 'Across processes', sent_by: w.owner.publicId })
      expect(atWriter).toEqual(atOwner)

      // The reviewer is away and is told; the writer watches on the other process, and the owner's process knows it.
      const deadline = Date.now() + 7000
      const notified = (userId: number) => platformDb.selectFrom('notifications').select('kind').where('user_id', '=', userId).execute()
      while (!(await notified(w.reviewer.userId)).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      expect((await notified(w.reviewer.userId)).length).toBeGreaterThan(0)
      expect(await notified(w.writer.userId)).toEqual([])
      // One "joined" for the writer, though its two sockets reached two processes.
      expect(owner.events.filter((e) => e.type === 'new_participant' && e.participant._id === w.writer.publicId)).toHaveLength(1)
    } finally {
      for (const s of [owner, ...writerSockets]) s.close()
    }
  })

  test("one address's failed sign-ins count on every process: the eleventh try is refused wherever it lands", async () => {
    const w = await world()
    const ip = '203.0.113.77'
    const bases = [web1, web2, balancer]
    const failures = await Promise.all(Array.from({ length: 10 }, (_, i) => signInThrough(bases[i % 3]!, w.owner.email, 'Wrong-pass-2026!', w.org.publicId, ip)))
    expect(failures.map((f) => f.status)).toEqual(Array(10).fill(401))
    const refused = await call(web2, '/api/auth/login', { json: { email: w.owner.email, password: w.owner.password, clientId: w.org.publicId }, ip })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ status: false, error: TOO_MANY_ATTEMPTS })
    // Another address is not held back by it.
    expect((await signInThrough(web1, w.owner.email, w.owner.password, w.org.publicId, '203.0.113.78')).status).toBe(200)
  })

  test("a list's remembered total is the same on both processes until it lapses", async () => {
    const w = await world()
    const cookie = await sessionCookie({ userId: w.owner.id, clientId: w.org.id })
    const count = async (base: string) => ((await (await call(base, '/api/client/orders', { cookie })).json()) as { count: number }).count
    expect(await count(web1)).toBe(1)
    await createOrder(w.org.id, { customerUserId: w.customer.userId, productId: w.product.productId })
    // Remembered by the first process in Redis: the second answers the same total.
    expect(await count(web2)).toBe(1)
    expect(await redis().keys(`count:orders:${w.org.id}:*`)).not.toEqual([])
    // Each process keeps its copy no longer than the Redis key lives (ADR 0111): after it, both count afresh.
    await expect.poll(() => Promise.all([count(web1), count(web2)]), { timeout: COUNT_SECONDS * 1000 + 3000, interval: 250 }).toEqual([2, 2])
  })
})
