// Nothing lost (issue 28, ADR 0086) through HTTP on a real app process: MariaDB or Redis away gives a
// quick 503 with Retry-After (page and JSON) and the process recovers by itself when it is back;
// SIGTERM finishes the requests in flight, closes websockets with 1012 and exits cleanly.
import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import { Queue } from 'bullmq'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { createUser, uniqueEmail } from '#tests/factories/index'
import { closeMailbox, linkFrom, mailsTo, waitForMail } from '#tests/mailbox'
import { queuesDrained, startMailPipeline } from './helpers'
import { dependencyFailure, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '#app/services/dependency-failure.server'
import { platformDb } from '#app/services/db.server'
import { closeQueues, enqueue } from '#app/services/queue.server'
import { redis } from '#app/services/redis.server'
import { sessionCookie } from '#tests/factories/session'
import { TcpProxy } from './tcp-proxy'

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

/** Asks again until `check` holds (a service coming back), failing after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 8000) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`not true within ${ms} ms`)
}

/** A session of Demo Writing Co's owner, written as the login would. */
async function ownerCookie() {
  const owner = await platformDb
    .selectFrom('users')
    .innerJoin('organisations', 'organisations.id', 'users.client_id')
    .select(['users.id', 'users.client_id'])
    .where('users.email', '=', 'owner@demo.test')
    .where('organisations.name', '=', 'Demo Writing Co')
    .executeTakeFirstOrThrow()
  return sessionCookie({ userId: owner.id, clientId: owner.client_id })
}

let db: TcpProxy
let cache: TcpProxy
let child: ChildProcess
let base = ''
let cookie = ''
const exited = () => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))))

/** The test's Redis itself, not through the proxy: what was really queued. */
const realRedisUrl = process.env.REDIS_URL!

beforeAll(async () => {
  db = await TcpProxy.to(process.env.DATABASE_URL!)
  cache = await TcpProxy.to(realRedisUrl)
  // This process queues through the proxy too (read by env() on first use, below).
  process.env.REDIS_URL = cache.via(realRedisUrl)
  const [port, sinkPort] = await Promise.all([freePort(), freePort()])
  base = `http://localhost:${port}`
  child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SMTP_SINK_PORT: String(sinkPort),
      RUN_WORKERS: 'false',
      DATABASE_URL: db.via(process.env.DATABASE_URL!),
      REDIS_URL: cache.via(realRedisUrl),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  cookie = await ownerCookie()
  await eventually(async () => (await fetch(`${base}/healthz`)).ok, 45_000)
}, 60_000)

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  await closeQueues()
  redis().disconnect()
  await Promise.all([db?.down(), cache?.down()])
})

const dashboard = () => fetch(`${base}/dashboard`, { headers: { Cookie: cookie } })
const orders = () => fetch(`${base}/api/client/orders`, { headers: { Cookie: cookie } })
const reset = (email = 'nobody@example.test') =>
  fetch(`${base}/api/auth/reset-password`, { method: 'POST', headers: { Origin: base, 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) })

async function expectUnavailable(res: Response, kind: 'json' | 'html') {
  expect(res.status).toBe(503)
  expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS))
  if (kind === 'json') expect(await res.json()).toEqual({ status: false, statusCode: 503, error: UNAVAILABLE_MESSAGE })
  else {
    const page = await res.text()
    expect(page).toContain(UNAVAILABLE_MESSAGE)
    expect(page).not.toMatch(/at \S+ \(|node_modules/)
  }
}

describe('an app process whose dependencies fail', () => {
  test('MariaDB away: the page and the JSON route answer 503 with Retry-After at once, and work again once it is back', async () => {
    // Both once before (the first render of a page costs its modules' loading, not what is measured here).
    expect((await orders()).status).toBe(200)
    expect((await dashboard()).status).toBe(200)
    await db.down()
    const started = Date.now()
    const [page, json] = await Promise.all([dashboard(), orders()])
    expect(Date.now() - started).toBeLessThan(2000)
    await expectUnavailable(page, 'html')
    await expectUnavailable(json, 'json')
    await db.up()
    // The same process, no restart: the pool connects again on the next request.
    await eventually(async () => (await orders()).status === 200)
    expect(child.exitCode).toBeNull()
  })

  test('Redis away: the password reset and a job are refused at once (503, nothing kept) instead of hanging, and taken again once it is back', async () => {
    const jobs = new Queue('password-reset', { connection: { url: realRedisUrl } })
    const run = Math.random().toString(36).slice(2, 8)
    try {
      // This process's queue is connected before the outage, as a running app's is.
      await enqueue('password-reset', { clientId: null, email: 'before@example.test' }, { jobId: `outage-before-${run}` })
      const before = await jobs.count()
      await cache.down()
      await eventually(async () => redis().status !== 'ready')
      const started = Date.now()
      const [api, refused, command] = await Promise.all([
        reset(),
        enqueue('password-reset', { clientId: null, email: 'during@example.test' }, { jobId: `outage-during-${run}` }).catch((e: unknown) => e),
        redis()
          .get('anything')
          .catch((e: unknown) => e),
      ])
      expect(Date.now() - started).toBeLessThan(1500)
      await expectUnavailable(api, 'json')
      expect(dependencyFailure(refused)).toBe('redis')
      expect(dependencyFailure(command)).toBe('redis')
      await cache.up()
      await eventually(async () => (await reset('back@example.test')).status === 200)
      await enqueue('password-reset', { clientId: null, email: 'after@example.test' }, { jobId: `outage-after-${run}` })
      // Only what was asked while Redis answered became a job: the refused ones were never kept to be sent later.
      expect(await jobs.count()).toBe(before + 2)
      const emails = (await jobs.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).map((j) => j.data.email)
      expect(emails).toEqual(expect.arrayContaining(['back@example.test', 'after@example.test']))
      expect(emails).not.toContain('nobody@example.test')
      expect(await jobs.getJob(`outage-during-${run}`)).toBeUndefined()
    } finally {
      await jobs.close()
    }
  })

  test('Redis away: a committed change that sends e-mail (a staff reset link) answers as saved, and its e-mail reaches the sink once, after Redis is back', async () => {
    const demo = await platformDb.selectFrom('organisations').select('id').where('name', '=', 'Demo Writing Co').executeTakeFirstOrThrow()
    const staff = await createUser({ email: uniqueEmail('outage-reset'), memberships: [{ clientId: demo.id, role: 'user', permissions: ['READ_ORDERS'] }] })
    // This process is the worker (the outbox relay and the e-mail job) and the SMTP sink, as `npm run worker` would be.
    const stopMail = await startMailPipeline()
    try {
      await cache.down()
      await eventually(async () => redis().status !== 'ready')
      const since = new Date()
      const sent = await fetch(`${base}/client/users/view`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'send-reset', id: staff.publicId }),
      })
      // Committed: the link's token and its e-mail's outbox row, in one transaction; nothing reached Redis yet.
      expect(sent.status).toBe(302)
      const token = await platformDb
        .selectFrom('auth_tokens')
        .select('id')
        .where('user_id', '=', staff.id)
        .where('purpose', '=', 'password_reset')
        .where('used_at', 'is', null)
        .executeTakeFirst()
      expect(token).toBeDefined()
      const row = await platformDb.selectFrom('outbox').select(['relayed_at', 'payload']).where('payload', 'like', `%${staff.email}%`).executeTakeFirstOrThrow()
      expect(row.relayed_at).toBeNull()
      await cache.up()
      const mail = await waitForMail(staff.email, /reset your password/i, since, 15_000)
      expect(linkFrom(mail, /\/forgot-password-2\//)).toMatch(/\/forgot-password-2\/[A-Za-z0-9_-]+/)
      await queuesDrained(['email'])
      expect(await mailsTo(staff.email)).toHaveLength(1)
    } finally {
      await stopMail()
      await closeMailbox()
    }
  })

  test('SIGTERM: requests in flight are answered, websockets close with 1012 (reconnect), new connections are refused, the process exits 0', async () => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { headers: { Cookie: cookie, Origin: base } })
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))

    // Three requests whose bodies are still on their way: the server has read their headers (it sent 100 Continue).
    const bodies = [0, 1, 2].map((i) => JSON.stringify({ email: `in-flight-${i}@example.test` }))
    const inFlight = await Promise.all(
      bodies.map(
        (body) =>
          new Promise<{ req: http.ClientRequest; answer: Promise<{ status: number; body: string }> }>((started) => {
            const req = http.request(`${base}/api/auth/reset-password`, {
              method: 'POST',
              headers: { Origin: base, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
            })
            const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
              req.on('response', (res) => {
                let text = ''
                res.on('data', (chunk) => (text += chunk))
                res.on('end', () => resolve({ status: res.statusCode!, body: text }))
              })
              req.on('error', reject)
            })
            req.on('continue', () => {
              req.write(body.slice(0, 5))
              started({ req, answer })
            })
            req.flushHeaders()
          }),
      ),
    )

    const exit = exited()
    child.kill('SIGTERM')
    // It stops listening: a new connection is refused while the three are still open.
    await eventually(async () => {
      try {
        await fetch(`${base}/healthz`)
        return false
      } catch {
        return true
      }
    })
    inFlight.forEach(({ req }, i) => req.end(bodies[i].slice(5)))
    const answers = await Promise.all(inFlight.map(({ answer }) => answer))
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.body)).toMatchObject({ status: true })
    }
    expect(await closed).toBe(1012)
    expect(await exit).toBe(0)
  })
})
