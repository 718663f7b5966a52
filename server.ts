// One process: pages, the JSON API, websockets, the BullMQ workers and (outside production) the SMTP sink.
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import path from 'node:path'
import v8 from 'node:v8'
import { constants as zlibConstants } from 'node:zlib'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import { remixHandler } from './server/remix-handler'
import { sameOriginGuard, securityHeaders } from './server/security'
import { refuseUnknownHost, resolveTenantHost } from './server/tenant-host'
import { dependencyErrors } from './server/unavailable'
import { BROTLI_QUALITY } from './server/whole-answer'

const { env, smtpSinkPort } = await import('./app/services/env.server')
const config = env()

// Under the 256 MB heap limit (ADR 0105) V8 lets the old generation grow only 1.3x past what a full GC left
// alive, so a loaded process ran a full GC every few dozen requests; 2x keeps the same limit and collects less
// often (ADR 0111: 14 to 23% of a list page's CPU). V8 refuses this flag in NODE_OPTIONS, hence here.
const HEAP_GROWING_PERCENT = 100
v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)

const app = express()
app.disable('x-powered-by')
// Remix reads the query from the URL itself: Express's parse of it (qs) on every request was never read (ADR 0115).
app.set('query parser', false)
// Only as many proxies as configured may speak for the client (X-Forwarded-For/-Proto); off by default.
app.set('trust proxy', config.TRUST_PROXY)
// Pages and JSON are compressed on every request, so at a cheap level (ADR 0104), in one call each by
// remixHandler (server/whole-answer.ts, ADR 0113); what streams (downloads, reports) at the same levels, by
// this middleware, which remixHandler puts on only those answers (ADR 0115) and the public files get here.
// The immutable assets, compressed once per browser, keep the middleware's defaults.
const compressAssets = compression()
const compressStreams = compression({ level: config.COMPRESSION_LEVEL, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } } })
app.use((req, res, next) => (req.path.startsWith('/assets/') ? compressAssets(req, res, next) : next()))

// The client IP (as trust proxy allows) and the socket's own peer travel to Remix in headers no
// client can set itself.
// Set once SIGTERM arrives (shutdown below): every answer from then on closes its connection.
let draining = false
app.use((req, res, next) => {
  if (draining) res.setHeader('Connection', 'close')
  req.headers['x-draftdesk-client-ip'] = req.ip ?? req.socket.remoteAddress ?? 'unknown'
  req.headers['x-draftdesk-peer-ip'] = req.socket.remoteAddress ?? 'unknown'
  // The loaders of one page share its session and account (app/services/request-memo.server.ts).
  req.headers['x-draftdesk-request-id'] = randomUUID()
  next()
})
app.use(securityHeaders(config))
// Which organisation the Host names (its subdomain or verified custom domain), before the origin check needs it.
app.use(resolveTenantHost())
// Cross-site request forgery: writes and state-changing GETs must come from our own pages.
app.use(sameOriginGuard())
// A host that is neither ours nor an organisation's gets a plain 404, never someone's portal.
app.use(refuseUnknownHost())

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }))
// Files in the client root (favicon.ico, robots.txt) have an extension: pages and API calls never
// cost a disk lookup on their way to Remix.
const publicFiles = express.static(path.join(buildDir, 'client'), { maxAge: '1h' })
app.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? compressStreams(req, res, () => publicFiles(req, res, next)) : next()))

// tsx turns Node's source maps on and inlines a map into what it loads: for the 2.4 MB server build that is a
// 1,000,000-entry map Node keeps for the life of the process once any stack is printed, 150 MB of a 230 MB
// heap (ADR 0105). The build is plain JavaScript whose own lines stack traces name, so it loads without one.
const sourceMaps = process.sourceMapsEnabled
process.setSourceMapsEnabled(false)
const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild
process.setSourceMapsEnabled(sourceMaps)
app.all('*', remixHandler({ build, gzipLevel: config.COMPRESSION_LEVEL, compressStreams }))
// MariaDB or Redis away before Remix (the host lookup): 503 with Retry-After, not Express's 500 (ADR 0086).
app.use(dependencyErrors())

const server = createServer(app)
// An idle keep-alive connection outlives the load balancer's (HAProxy's 60 s, deploy/haproxy.cfg) and a test
// client's pauses: with Node's 5 s, a request sent on a connection at the moment the server closed it was
// reset (ECONNRESET), and a POST is never retried. The proxy, not the app, closes first (ADR 0114).
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
const { attachRealtime } = await import('./server/realtime/index')
const realtime = attachRealtime(server)

const sinkPort = smtpSinkPort()
const { redis } = await import('./app/services/redis.server')
const sink = sinkPort ? await (await import('./app/services/mail-sink.server')).startMailSink(sinkPort, redis()) : null

const workers = config.RUN_WORKERS === 'true' ? (await import('./jobs/worker')).startWorkers() : null

// Outside production only loopback can reach the server (and the dev mailbox); production listens on HOST.
server.listen(config.PORT, config.HOST, () => {
  console.log(`Draftdesk is running on ${config.APP_ENV === 'production' ? config.PUBLIC_URL : `http://localhost:${config.PORT}`} (listening on ${config.HOST ?? 'every address'})`)
  if (config.APP_ENV === 'development') {
    console.log(`Demo logins (password Demo-pass-2026): superadmin@demo.test, owner@demo.test, staff@demo.test,`)
    console.log(`  writer@demo.test, reviewer@demo.test, owner2@demo.test, multi@demo.test`)
    // The demo business's own host (its subdomain under PUBLIC_URL's host): Chromium resolves *.localhost here.
    const publicUrl = new URL(config.PUBLIC_URL)
    console.log(`Demo Writing Co's customer portal (shop): ${publicUrl.protocol}//demowriting.${publicUrl.host} (customer@demo.test)`)
    console.log(`E-mails sent by the app: http://localhost:${config.PORT}/dev/mailbox`)
  }
})

/** How long SIGTERM waits for requests and jobs in flight before it gives up (under the usual 30 s before SIGKILL). */
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000)

let stopping = false
/**
 * SIGTERM (ADR 0086): stop taking connections, let every request in flight finish, close sockets with
 * 1012 (Service Restart: browsers reconnect, to another process behind the load balancer), let the
 * workers finish the jobs they hold, then exit. Only a stop that outlasts SHUTDOWN_TIMEOUT_MS cuts anything off.
 */
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  draining = true
  console.log(`[server] ${signal}: finishing the requests and jobs in flight, then stopping`)
  setTimeout(() => {
    console.error(`[server] still busy after ${SHUTDOWN_TIMEOUT_MS} ms: stopping anyway`)
    process.exit(1)
  }, SHUTDOWN_TIMEOUT_MS).unref()
  // Stops listening now; the callback comes once every connection (websockets included) has ended.
  const httpClosed = new Promise((resolve) => server.close(resolve))
  // Keep-alive connections are closed as soon as they are idle: at once, or when their request is answered.
  server.closeIdleConnections()
  const idleSweep = setInterval(() => server.closeIdleConnections(), 50)
  await Promise.allSettled([realtime.close(), workers?.close(), httpClosed])
  clearInterval(idleSweep)
  await new Promise((resolve) => (sink ? sink.close(() => resolve(null)) : resolve(null)))
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
