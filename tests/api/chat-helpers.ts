// What the chat specs share: real `ws` clients that record every event, sessions for people made by the
// factories, a chat world (organisation, order, contributor, reviewer), and a second app process from
// $BUILD_DIR on a port of its own (the Redis fan-out between processes, timings shrunk for the tests).
import { type ChildProcess, spawn } from 'node:child_process'
import WebSocket from 'ws'
import { sessionCookieFor } from '#tests/e2e/fixtures'
import { createTenant, createUser } from '#tests/factories/index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { BASE_URL } from './helpers'

export type Event = { type: string } & Record<string, any>

/** A signed-in cookie header for an account of the organisation named. */
export async function cookieFor(email: string, orgName: string): Promise<string> {
  return `__session=${await sessionCookieFor(email, orgName)}`
}

/** One websocket client: every event it receives is kept, so a test can wait for one that already came. */
export class Peer {
  readonly events: Event[] = []
  private waiters: { match: (e: Event) => boolean; resolve: (e: Event) => void }[] = []
  readonly closed: Promise<{ code: number; reason: string }>

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const event = JSON.parse(String(raw)) as Event
      // The first waiter for it takes it; otherwise it waits in `events` for a later next().
      const waiter = this.waiters.find((w) => w.match(event))
      if (!waiter) return void this.events.push(event)
      this.waiters.splice(this.waiters.indexOf(waiter), 1)
      waiter.resolve(event)
    })
    this.closed = new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })))
  }

  /** Opens a socket to `base` (default: the Playwright server); resolves when open, rejects with the refusal's status. */
  static connect(cookie: string | null, opts: { base?: string; origin?: string | null } = {}): Promise<Peer> {
    const base = opts.base ?? BASE_URL
    const headers: Record<string, string> = {}
    if (cookie) headers.Cookie = cookie
    const origin = opts.origin === undefined ? base : opts.origin
    if (origin) headers.Origin = origin
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { headers })
      const peer = new Peer(socket)
      socket.once('open', () => resolve(peer))
      socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)))
      socket.once('error', reject)
    })
  }

  send(frame: Record<string, unknown>) {
    this.socket.send(JSON.stringify(frame))
  }

  /** The first event (already received or still to come) that matches; fails after `timeout` ms. */
  next(match: (e: Event) => boolean, timeout = 7000): Promise<Event> {
    const found = this.events.find(match)
    if (found) {
      this.events.splice(this.events.indexOf(found), 1)
      return Promise.resolve(found)
    }
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve: (e: Event) => (clearTimeout(timer), resolve(e)) }
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1)
        reject(new Error(`no matching event in ${timeout} ms; got ${JSON.stringify(this.events.map((e) => e.type))}`))
      }, timeout)
      this.waiters.push(waiter)
    })
  }

  /** Subscribes to a room and waits for its history. */
  async join(room: Record<string, unknown>): Promise<Event> {
    this.send({ type: 'subscribe', ...room })
    return this.next((e) => e.type === 'all_messages' || e.type === 'error')
  }

  /** Nothing matching arrives within `ms`. */
  async nothing(match: (e: Event) => boolean, ms = 700): Promise<boolean> {
    await new Promise((r) => setTimeout(r, ms))
    return !this.events.some(match)
  }

  close() {
    this.socket.close()
  }
}

/** An organisation with an order that has a contributor and a reviewer, and cookies for its people. */
export async function chatWorld(name = 'Chat') {
  const { org, owner } = await createTenant(`${name} ${Math.random().toString(36).slice(2, 8)}`)
  const product = await createProductWithWorkflow(org.id)
  const customer = await createCustomer(org.id)
  const writer = await createContributor(org.id)
  const reviewer = await createContributor(org.id, { role: 'REVIEWER' })
  const otherWriter = await createContributor(org.id, { firstName: 'Olive', lastName: 'Other' })
  const order = await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId }, { writerUserId: writer.userId, reviewerUserId: reviewer.userId })
  const staff = await createUser({ firstName: 'Sam', lastName: 'Staff', memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
  const outsider = await createUser({ firstName: 'Nora', lastName: 'Noorders', memberships: [{ clientId: org.id, role: 'user', permissions: ['READ_CUSTOMERS'] }] })
  return {
    org,
    order,
    owner,
    writer,
    reviewer,
    otherWriter,
    staff,
    outsider,
    cookie: (who: { email: string }) => cookieFor(who.email, org.name),
  }
}

/** Uploads a file through POST /api/file/upload as the cookie's person; the stored file. */
export async function uploadFile(cookie: string, name: string, bytes: Buffer, type: string, base = BASE_URL) {
  const body = new FormData()
  body.set('file', new File([new Uint8Array(bytes)], name, { type }))
  const res = await fetch(`${base}/api/file/upload`, { method: 'POST', headers: { Cookie: cookie, Origin: base }, body })
  return { status: res.status, body: (await res.json()) as { status: boolean; file?: { key: string; originalname: string; size: number; mimetype: string }; error?: string } }
}

export type SecondServer = { base: string; port: number; stop: () => Promise<void>; start: () => Promise<void> }

/**
 * Another app process serving the same build, database and Redis on `port`: what a second machine
 * behind the load balancer is. `env` shrinks the socket timings for the tests that need them.
 */
export async function secondServer(port: number, env: Record<string, string> = {}): Promise<SecondServer> {
  let child: ChildProcess | null = null
  const base = `http://localhost:${port}`
  async function start() {
    child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
      env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production', RUN_WORKERS: 'false', SMTP_SINK_PORT: String(port - 500) },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    // Up to a minute: seconds on a quiet machine, much longer while the rest of the suite loads it.
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`second server exited with ${child.exitCode}`)
      try {
        if ((await fetch(`${base}/healthz`)).ok) return
      } catch {}
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('second server did not start')
  }
  async function stop() {
    const running = child
    child = null
    if (!running || running.exitCode !== null) return
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve())
      running.kill('SIGTERM')
    })
  }
  await start()
  return { base, port, start, stop }
}
