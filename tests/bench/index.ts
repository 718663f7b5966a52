// npm run bench: load figures for the login page and an authenticated page (never pass/fail).
import { spawn } from 'node:child_process'
import autocannon from 'autocannon'
import { platformDb } from '#app/services/db.server'
import { sessionStorage } from '#app/services/session.server'
import { BENCH_CUSTOMERS, seedLargeData } from './seed-large'

const port = Number(process.env.BENCH_PORT ?? 3200)
const base = `http://localhost:${port}`
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)

async function assertPortFree() {
  try {
    await fetch(`${base}/healthz`)
  } catch {
    return
  }
  throw new Error(`Something already listens on port ${port}: stop it or set BENCH_PORT`)
}

async function waitForServer() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/login`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error('The server did not start')
}

async function ownerCookie() {
  const user = await platformDb.selectFrom('users').select('id').where('email', '=', 'owner@demo.test').executeTakeFirstOrThrow()
  const membership = await platformDb.selectFrom('memberships').select('client_id').where('user_id', '=', user.id).executeTakeFirstOrThrow()
  const session = await sessionStorage().getSession()
  session.set('userId', user.id)
  session.set('clientId', membership.client_id)
  return (await sessionStorage().commitSession(session)).split(';')[0]
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

async function renderTimes(path: string, cookie?: string, samples = 50) {
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const res = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} })
    await res.text()
    const match = res.headers.get('server-timing')?.match(/render;dur=([\d.]+)/)
    if (match) times.push(Number(match[1]))
  }
  return times.sort((a, b) => a - b)
}

async function load(title: string, path: string, cookie?: string) {
  const latencies: number[] = []
  let non2xx = 0
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${base}${path}`, connections: CONNECTIONS, duration: DURATION, headers: cookie ? { cookie } : {} },
      (error, res) => (error ? reject(error) : resolve(res)),
    )
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime)
      if (statusCode >= 300) non2xx++
    })
  })
  latencies.sort((a, b) => a - b)
  const render = await renderTimes(path, cookie)
  return {
    page: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': percentile(latencies, 50).toFixed(1),
    'p95 ms': percentile(latencies, 95).toFixed(1),
    'p99 ms': percentile(latencies, 99).toFixed(1),
    requests: latencies.length,
    'non-2xx': non2xx,
    'render p50 ms': percentile(render, 50).toFixed(2),
    'render p95 ms': percentile(render, 95).toFixed(2),
  }
}

async function main() {
  await assertPortFree()
  const seeded = Date.now()
  await seedLargeData()
  console.log(`Bench data: ${BENCH_CUSTOMERS} extra customers in Demo Writing Co (${Date.now() - seeded} ms)`)
  // Node itself is the child (not npx), so stopping it really stops the server.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production', SMTP_SINK_PORT: process.env.BENCH_SINK_PORT ?? '2555' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    await waitForServer()
    const cookie = await ownerCookie()
    console.log(`\nBenchmark: ${CONNECTIONS} concurrent connections, ${DURATION} s per page, one server process\n`)
    const rows = [
      await load('GET /login', '/login'),
      await load('GET /dashboard (owner)', '/dashboard', cookie),
      await load('GET /api/auth/user (owner)', '/api/auth/user', cookie),
      await load(`GET /customers/view (first 50 of ~${BENCH_CUSTOMERS})`, '/customers/view', cookie),
      await load('GET /customers/view (page 300)', '/customers/view?page=300', cookie),
      await load('GET /api/customers/get?size=50', '/api/customers/get?size=50', cookie),
    ]
    console.table(rows)
  } finally {
    server.kill('SIGTERM')
    await platformDb.destroy()
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
