// One process: pages, the JSON API, websockets, the BullMQ workers and (outside production) the SMTP sink.
import { createServer } from 'node:http'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'

const { env, smtpSinkPort } = await import('./app/services/env.server')
const config = env()

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', config.APP_ENV === 'production' ? 1 : false)
app.use(compression())

// The client IP travels to Remix in a header no client can set itself.
app.use((req, res, next) => {
  req.headers['x-draftdesk-client-ip'] = req.ip ?? req.socket.remoteAddress ?? 'unknown'
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'same-origin')
  res.setHeader('X-Frame-Options', 'SAMEORIGIN')
  next()
})

// Cross-site request forgery: a state-changing request must come from our own origin.
app.use((req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
  const origin = req.get('origin')
  if (!origin) return next()
  let originHost = ''
  try {
    originHost = new URL(origin).host
  } catch {}
  if (originHost !== req.get('host')) {
    res.status(403).json({ status: false, statusCode: 403, error: 'Cross-origin request refused' })
    return
  }
  next()
})

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }))
app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h' }))

const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild
app.all('*', createRequestHandler({ build, mode: 'production' }))

const server = createServer(app)
const { attachRealtime } = await import('./app/services/realtime.server')
const realtime = attachRealtime(server)

const sinkPort = smtpSinkPort()
const { redis } = await import('./app/services/redis.server')
const sink = sinkPort ? await (await import('./app/services/mail-sink.server')).startMailSink(sinkPort, redis()) : null

const workers = config.RUN_WORKERS === 'true' ? (await import('./jobs/worker')).startWorkers() : null

server.listen(config.PORT, () => {
  console.log(`Draftdesk is running on http://localhost:${config.PORT}`)
  if (config.APP_ENV === 'development') {
    console.log(`Demo logins (password Demo-pass-2026): superadmin@demo.test, owner@demo.test, staff@demo.test,`)
    console.log(`  writer@demo.test, reviewer@demo.test, owner2@demo.test, multi@demo.test`)
    console.log(`E-mails sent by the app: http://localhost:${config.PORT}/dev/mailbox`)
  }
})

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  // Never hang on a dependency that is already gone (e.g. Redis stopped first): give up after 10 s.
  setTimeout(() => process.exit(0), 10_000).unref()
  server.close()
  await Promise.allSettled([workers?.close(), realtime.close(), new Promise((r) => (sink ? sink.close(() => r(null)) : r(null)))])
  process.exit(0)
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
