// The emulator's HTTP face: Bearer auth, form decoding, idempotency, routing, Stripe error bodies,
// and `startStripeEmulator()` for tests and the CLI.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { runDue } from './billing'
import { advanceGlobalClock, handleControl } from './control'
import { API_VERSION, Emulator, NO_REQUEST } from './emulator'
import { accountInvalid, invalidRequest, StripeApiError } from './errors'
import { decodeForm, FORBIDDEN_SEGMENTS, type ParamObject } from './form'
import { type FixturesLoaded, loadFixtures, type StripeFixtures } from './fixtures'
import { IdempotencyStore } from './idempotency'
import { randomToken } from './ids'
import { catalogRoutes } from './resources/catalog'
import { checkoutRoutes } from './resources/checkout'
import { connectRoutes } from './resources/connect'
import { couponRoutes } from './resources/coupons'
import { customerRoutes } from './resources/customers'
import { eventRoutes } from './resources/events'
import { invoiceRoutes } from './resources/invoices'
import { paymentMethodRoutes } from './resources/payment-methods'
import { paymentRoutes } from './resources/payments'
import { subscriptionRoutes } from './resources/subscriptions'
import { testClockRoutes } from './resources/test-clocks'
import { matchRoute, type Route } from './router'
import type { WebhookEndpoint } from './webhooks'

const routes: Route[] = [
  ...customerRoutes,
  ...paymentMethodRoutes,
  ...catalogRoutes,
  ...couponRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...paymentRoutes,
  ...connectRoutes,
  ...testClockRoutes,
  ...eventRoutes,
  ...checkoutRoutes,
]

export type StripeEmulatorOptions = {
  /** 0 (the default) picks a free port. */
  port?: number
  host?: string
  /** Where events are POSTed; a comma-separated string or a list. */
  webhookUrl?: string | string[]
  /** The `whsec_...` secret the receiver verifies with. */
  webhookSecret?: string
  webhookRetryDelaysMs?: number[]
  /** Log one line per request to stdout. */
  log?: boolean
  /** Objects that exist from the start under fixed ids (fixtures.ts), loaded before the first request. */
  fixtures?: StripeFixtures
}

export type StripeEmulator = {
  url: string
  port: number
  emulator: Emulator
  /** Unix time on the emulator's global clock. */
  now(): number
  /** Moves the global clock forward and runs what falls due (trial ends, renewals, retries ...). */
  advance(seconds: number): number
  advanceTo(timestamp: number): number
  /** Queues an event for delivery again, as Stripe's "Resend" does. */
  resend(eventId: string): boolean
  /** Resolves once every queued webhook delivery (and retry) is done. */
  webhooksIdle(): Promise<void>
  /** Makes the fixtures that do not exist yet (silently; existing ones are kept). */
  loadFixtures(fixtures: StripeFixtures): FixturesLoaded
  close(): Promise<void>
}

export const DEFAULT_WEBHOOK_SECRET = 'whsec_emulator_local_development_secret'

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function parseBody(raw: string, contentType: string | undefined): ParamObject {
  if (!raw) return {}
  if (contentType?.includes('application/json')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      throw invalidRequest('Invalid JSON in the request body.')
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidRequest('The request body must be a JSON object.')
    return Object.fromEntries(
      Object.entries(parsed)
        .filter(([k]) => !FORBIDDEN_SEGMENTS.has(k))
        .map(([k, v]) => [k, String(v)]),
    )
  }
  return decodeForm(raw)
}

/** The secret key from `Authorization: Bearer sk_...` or Basic auth with the key as user name (`curl -u sk_test_x:`). */
function apiKeyFrom(header: string | undefined): string | null {
  const bearer = /^Bearer (\S+)$/.exec(header ?? '')
  if (bearer) return bearer[1]!
  const basic = /^Basic (\S+)$/.exec(header ?? '')
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] || null
  return null
}

function authError(header: string | undefined): StripeApiError | null {
  const key = apiKeyFrom(header)
  if (!key) {
    return new StripeApiError(401, {
      type: 'invalid_request_error',
      message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    })
  }
  if (!key.startsWith('sk_test_')) {
    return new StripeApiError(401, { type: 'invalid_request_error', code: 'api_key_invalid', message: `Invalid API Key provided: ${shownKey(key)}` })
  }
  return null
}

/** A key as Stripe's messages show it: the start and the last four characters. */
const shownKey = (key: string) => `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`

/**
 * The connected account a request acts for (`Stripe-Account`), or null for the platform itself. Every
 * account the emulator made (or was given as a fixture) is one of the platform's.
 */
function connectedAccountOf(em: Emulator, req: IncomingMessage): string | null {
  const header = req.headers['stripe-account']
  if (header === undefined) return null
  const id = Array.isArray(header) ? header.join(',') : header
  if (!em.store.accounts.has(id)) throw accountInvalid(shownKey(apiKeyFrom(req.headers.authorization) ?? ''), id)
  return id
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string>) {
  res.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers })
  res.end(body)
}

export function createRequestHandler(em: Emulator, log: boolean) {
  const idempotency = new IdempotencyStore()
  return async (req: IncomingMessage, res: ServerResponse) => {
    const requestId = `req_${randomToken(14)}`
    const url = new URL(req.url ?? '/', 'http://emulator')
    const method = (req.method ?? 'GET').toUpperCase()
    const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': API_VERSION }
    let status = 200
    let body = ''
    try {
      const raw = await readBody(req)
      const params = method === 'POST' ? parseBody(raw, req.headers['content-type']) : decodeForm(url.search.slice(1))
      // Work that fell due on the global clock while nobody asked (renewals in real time) runs first.
      runDue(em, null, em.clocks.globalNow())
      if (url.pathname.startsWith('/_emulator/')) {
        const result = handleControl(em, method, url.pathname.split('/').filter(Boolean).slice(1), params, url.searchParams)
        if (!result) throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` })
        Object.assign(headers, result.headers)
        status = result.status
        body = result.body
      } else {
        const auth = authError(req.headers.authorization)
        if (auth) throw auth
        const account = connectedAccountOf(em, req)
        const key = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined
        const fingerprint = idempotency.fingerprint(method, url.pathname, params)
        const replay = key ? idempotency.lookup(account, key, fingerprint) : undefined
        if (replay) {
          status = replay.status
          body = replay.body
          headers['idempotent-replayed'] = 'true'
          headers['idempotency-key'] = key!
        } else {
          em.request = { id: requestId, idempotencyKey: key ?? null, account }
          const matched = matchRoute(routes, method, url.pathname)
          try {
            if (!matched)
              throw new StripeApiError(404, {
                type: 'invalid_request_error',
                message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
              })
            if ('methodMismatch' in matched) throw new StripeApiError(405, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` })
            // Objects of other kinds are not kept per account here: answering them for the platform would mislead.
            if (account && !matched.route.connect) {
              throw invalidRequest(
                `The emulator does not emulate ${method} ${url.pathname} on a connected account (Stripe-Account header): only payment intents, charges, refunds and events are kept per account.`,
              )
            }
            body = JSON.stringify(matched.route.handler({ em, params, path: matched.path, account }), null, 2)
          } catch (error) {
            if (!(error instanceof StripeApiError)) throw error
            status = error.status
            body = JSON.stringify(error.toJSON(), null, 2)
          } finally {
            em.request = NO_REQUEST
          }
          if (key) {
            idempotency.remember(account, key, fingerprint, status, body)
            headers['idempotency-key'] = key
          }
        }
      }
    } catch (error) {
      if (error instanceof StripeApiError) {
        status = error.status
        body = JSON.stringify(error.toJSON(), null, 2)
      } else {
        status = 500
        body = JSON.stringify({ error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } })
        console.error('[stripe-emulator]', error)
      }
      headers['content-type'] = 'application/json'
    }
    // The SDK retries 409/5xx by itself; Stripe says when a retry would be pointless.
    if (status >= 400 && status < 500) headers['stripe-should-retry'] = 'false'
    if (log) console.log(`[stripe-emulator] ${method} ${url.pathname} ${status}`)
    send(res, status, body, headers)
  }
}

function endpointsFrom(options: StripeEmulatorOptions): WebhookEndpoint[] {
  const urls = Array.isArray(options.webhookUrl) ? options.webhookUrl : (options.webhookUrl ?? '').split(',')
  const secret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET
  return urls
    .map((u) => u.trim())
    .filter(Boolean)
    .map((url) => ({ url, secret }))
}

export async function startStripeEmulator(options: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  const em = new Emulator({ endpoints: endpointsFrom(options), retryDelaysMs: options.webhookRetryDelaysMs })
  if (options.fixtures) loadFixtures(em, options.fixtures)
  const server = createServer(createRequestHandler(em, options.log ?? false))
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const url = `http://${host}:${port}`
  em.baseUrl = url
  // Renewals on the global clock also happen in real time when no request arrives.
  const ticker = setInterval(() => runDue(em, null, em.clocks.globalNow()), 30_000)
  ticker.unref()
  return {
    url,
    port,
    emulator: em,
    now: () => em.clocks.globalNow(),
    advance: (seconds) => advanceGlobalClock(em, em.clocks.globalNow() + seconds),
    advanceTo: (timestamp) => advanceGlobalClock(em, timestamp),
    resend: (eventId) => em.resend(eventId),
    webhooksIdle: () => em.webhooks.idle(),
    loadFixtures: (fixtures) => loadFixtures(em, fixtures),
    close: async () => {
      clearInterval(ticker)
      em.webhooks.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
