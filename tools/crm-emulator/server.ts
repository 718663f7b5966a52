// A small in-memory stand-in for the external CRM and the messaging provider (ADR 0049), so the CRM
// flow runs offline in development and tests. JSON over HTTP with Bearer auth; /_emulator/* drives it.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type CrmEmulatorOptions = { port?: number; host?: string; apiKey?: string; log?: boolean }

type Location = { id: string; name: string; clientId: string; users: Map<string, EmulatedUser>; contacts: EmulatedContact[] }
type EmulatedUser = { id: string; firstName: string; lastName: string; email: string; type: string; permissions: Record<string, boolean>; password: string }
type EmulatedContact = { id: string; email: string; firstName: string; lastName: string; phone: string | null }
/** A failure queued by a test: the next `times` requests whose path contains `path` answer `status` with `body`. */
type Failure = { times: number; path: string; status: number; body: Record<string, unknown> }

export type CrmEmulator = {
  url: string
  close: () => Promise<void>
  /** Queue failures (what a test asks through POST /_emulator/fail, in-process). */
  fail: (failure: Partial<Failure>) => void
  reset: () => void
  locations: () => { id: string; clientId: string; users: EmulatedUser[]; contacts: EmulatedContact[] }[]
  addContact: (locationId: string, contact: Omit<EmulatedContact, 'id'>) => void
  requests: () => { method: string; path: string }[]
}

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`

class HttpError extends Error {
  constructor(
    public status: number,
    public body: Record<string, unknown>,
  ) {
    super(String(body.message ?? status))
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 100_000) throw new HttpError(413, { message: 'Body too large' })
    chunks.push(chunk as Buffer)
  }
  if (!size) return {}
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    return body && typeof body === 'object' && !Array.isArray(body) ? body : {}
  } catch {
    throw new HttpError(400, { message: 'Invalid JSON' })
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

export async function startCrmEmulator(opts: CrmEmulatorOptions = {}): Promise<CrmEmulator> {
  const locations = new Map<string, Location>()
  let failures: Failure[] = []
  let seen: { method: string; path: string }[] = []

  const userJson = (u: EmulatedUser) => ({
    id: u.id,
    name: `${u.firstName} ${u.lastName}`.trim(),
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    type: u.type,
    permissions: u.permissions,
  })

  function location(locationId: string): Location {
    const loc = locations.get(locationId)
    if (!loc) throw new HttpError(404, { message: 'Location not found' })
    return loc
  }

  function validateUser(body: Record<string, unknown>, create: boolean) {
    const crmErrors: Record<string, string> = {}
    if (!str(body.firstName)) crmErrors.firstName = 'firstName is required'
    if (!str(body.lastName)) crmErrors.lastName = 'lastName is required'
    if (!/^\S+@\S+\.\S+$/.test(str(body.email))) crmErrors.email = 'email is invalid'
    if (create && !str(body.password)) crmErrors.password = 'password is required'
    if (Object.keys(crmErrors).length) throw new HttpError(422, { message: 'Validation failed', crmErrors })
  }

  async function route(method: string, path: string, req: IncomingMessage): Promise<[number, unknown]> {
    let m: RegExpMatchArray | null
    if (method === 'POST' && path === '/v1/locations') {
      const body = await readJson(req)
      const loc: Location = { id: id('loc'), name: str(body.name) || 'Location', clientId: str(body.clientId), users: new Map(), contacts: [] }
      locations.set(loc.id, loc)
      return [201, { location: { id: loc.id, name: loc.name } }]
    }
    if ((m = path.match(/^\/v1\/locations\/([\w-]+)\/users$/))) {
      const loc = location(m[1]!)
      if (method === 'GET') return [200, { users: [...loc.users.values()].map(userJson) }]
      if (method === 'POST') {
        const body = await readJson(req)
        validateUser(body, true)
        const email = str(body.email).toLowerCase()
        if ([...loc.users.values()].some((u) => u.email === email))
          throw new HttpError(409, { message: 'A user with this email already exists in the CRM', crmErrors: { email: 'A user with this email already exists in the CRM' } })
        const user: EmulatedUser = {
          id: id('usr'),
          firstName: str(body.firstName),
          lastName: str(body.lastName),
          email,
          type: str(body.type) || 'user',
          permissions: (body.permissions as Record<string, boolean>) ?? {},
          password: str(body.password),
        }
        loc.users.set(user.id, user)
        return [201, { user: userJson(user) }]
      }
    }
    if ((m = path.match(/^\/v1\/locations\/([\w-]+)\/users\/([\w-]+)$/))) {
      const loc = location(m[1]!)
      const user = loc.users.get(m[2]!)
      if (!user) throw new HttpError(404, { message: 'User not found' })
      if (method === 'GET') return [200, { user: userJson(user) }]
      if (method === 'PUT') {
        const body = await readJson(req)
        validateUser(body, false)
        Object.assign(user, {
          firstName: str(body.firstName),
          lastName: str(body.lastName),
          email: str(body.email).toLowerCase(),
          permissions: (body.permissions as Record<string, boolean>) ?? user.permissions,
        })
        if (str(body.password)) user.password = str(body.password)
        return [200, { user: userJson(user) }]
      }
      if (method === 'DELETE') {
        loc.users.delete(user.id)
        return [200, { succeded: true }]
      }
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/locations\/([\w-]+)\/contacts$/))) {
      return [200, { contacts: location(m[1]!).contacts }]
    }
    if (method === 'POST' && path === '/v1/messaging/accounts/verify') {
      const body = await readJson(req)
      const accountSid = str(body.accountSid)
      const authToken = str(body.authToken)
      // Like the real provider: account ids start with AC; a token is 32 characters.
      if (!/^AC\w{8,}$/.test(accountSid) || authToken.length < 16) throw new HttpError(401, { message: 'Authenticate: the account SID or auth token is wrong' })
      return [200, { account: { sid: accountSid, status: 'active' } }]
    }
    throw new HttpError(404, { message: `No route ${method} ${path}` })
  }

  async function control(method: string, path: string, req: IncomingMessage): Promise<[number, unknown]> {
    if (path === '/_emulator/time') return [200, { now: Date.now() }]
    if (method === 'POST' && path === '/_emulator/fail') {
      const body = await readJson(req)
      fail(body as Partial<Failure>)
      return [200, { queued: failures.length }]
    }
    if (method === 'POST' && path === '/_emulator/reset') {
      reset()
      return [200, { reset: true }]
    }
    if (method === 'POST' && path.match(/^\/_emulator\/locations\/([\w-]+)\/contacts$/)) {
      const body = await readJson(req)
      addContact(path.split('/')[3]!, { email: str(body.email), firstName: str(body.firstName), lastName: str(body.lastName), phone: str(body.phone) || null })
      return [201, { ok: true }]
    }
    if (method === 'GET' && path === '/_emulator/state') return [200, { locations: state() }]
    throw new HttpError(404, { message: 'No such control' })
  }

  function fail(f: Partial<Failure>) {
    failures.push({
      times: Number(f.times ?? 1),
      path: String(f.path ?? ''),
      status: Number(f.status ?? 503),
      body: (f.body as Record<string, unknown>) ?? { message: 'The CRM is unavailable, try again later' },
    })
  }
  function reset() {
    locations.clear()
    failures = []
    seen = []
  }
  function addContact(locationId: string, contact: Omit<EmulatedContact, 'id'>) {
    location(locationId).contacts.push({ id: id('con'), ...contact })
  }
  const state = () => [...locations.values()].map((l) => ({ id: l.id, clientId: l.clientId, users: [...l.users.values()], contacts: l.contacts }))

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? 'GET').toUpperCase()
    const path = new URL(req.url ?? '/', 'http://emulator').pathname
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    try {
      if (path.startsWith('/_emulator/')) return send(...(await control(method, path, req)))
      seen.push({ method, path })
      if (opts.log) console.log(`${method} ${path}`)
      const auth = req.headers.authorization ?? ''
      if (!auth.startsWith('Bearer ') || (opts.apiKey && auth !== `Bearer ${opts.apiKey}`)) throw new HttpError(401, { message: 'Invalid API key' })
      const failure = failures.find((f) => f.times > 0 && path.includes(f.path))
      if (failure) {
        failure.times--
        failures = failures.filter((f) => f.times > 0)
        throw new HttpError(failure.status, failure.body)
      }
      return send(...(await route(method, path, req)))
    } catch (error) {
      if (error instanceof HttpError) return send(error.status, error.body)
      return send(500, { message: error instanceof Error ? error.message : 'Internal error' })
    }
  })
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
    fail,
    reset,
    locations: state,
    addContact,
    requests: () => [...seen],
  }
}
