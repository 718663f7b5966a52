// What the bench scripts share: a production server of their own, an owner session, load and latency figures.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import autocannon from 'autocannon'
import { platformDb } from '#app/services/db.server'
import { sessionCookie } from '#tests/factories/session'
import { withMemorySettings } from '../../scripts/process-memory.mjs'

export const port = Number(process.env.BENCH_PORT ?? 3200)
export const base = `http://localhost:${port}`
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
/** The issue measures list pages at 50 concurrent connections. */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)

/** Where bench servers write their memory figures (tests/bench/memory-probe.mjs, read by the scale section). */
export const MEMORY_DIR = path.resolve(process.env.BENCH_MEMORY_DIR ?? '.data/bench/memory')
process.env.BENCH_MEMORY_DIR = MEMORY_DIR

export async function assertPortFree() {
  try {
    await fetch(`${base}/healthz`)
  } catch {
    return
  }
  throw new Error(`Something already listens on port ${port}: stop it or set BENCH_PORT`)
}

async function waitForServer(server: ChildProcess) {
  for (let i = 0; i < 400; i++) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error('The server did not start')
}

/** The production build ($BUILD_DIR) served by server.ts; `nodeArgs` e.g. ['--cpu-prof'] for profiling. */
export type BenchServer = { pid: number; stop: () => Promise<void> }

/** CPU time (user + system) the process has used so far, in ms (Linux /proc; NaN elsewhere). */
export function cpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return Number.NaN
  }
}
const CLOCK_TICKS = 100

export async function startServer(nodeArgs: string[] = []): Promise<BenchServer> {
  // Node itself is the child (not npx), so stopping it really stops the server.
  const probe = path.resolve('tests/bench/memory-probe.mjs')
  // BENCH_SERVER_NODE_ARGS (e.g. "--trace-gc") and BENCH_SERVER_STDOUT (a file for the server's output): for looking inside.
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const stdout = process.env.BENCH_SERVER_STDOUT ? fs.openSync(process.env.BENCH_SERVER_STDOUT, 'a') : 'ignore'
  const server = spawn(process.execPath, [...extra, ...nodeArgs, '--import', probe, '--import', 'tsx', 'server.ts'], {
    // The heap limit and allocator settings of every app process (ADR 0105), as npm start and the image run it.
    env: withMemorySettings({
      ...process.env,
      PORT: String(port),
      NODE_ENV: 'production',
      RUN_WORKERS: 'false',
      SMTP_SINK_PORT: process.env.BENCH_SINK_PORT ?? '2555',
      // The chat section opens 500 tabs of one owner and sends as many of them: a person's caps and budget (ADR 0083) would measure the limit, not the fan-out.
      REALTIME_SOCKETS_PER_USER: '100000',
      REALTIME_MESSAGE_BURST: '100000',
      REALTIME_MESSAGES_PER_SECOND: '100000',
    }),
    stdio: ['ignore', stdout, 'inherit'],
    // Another checkout (e.g. the landed code, for before/after figures) may serve the same database.
    cwd: process.env.BENCH_SERVER_DIR ?? process.cwd(),
  })
  await waitForServer(server)
  return {
    pid: server.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve()
        server.once('exit', () => resolve())
        server.kill('SIGTERM')
      }),
  }
}

/** A signed-in session cookie for the Demo Writing Co owner, written straight into the session store. */
export async function ownerCookie(email = 'owner@demo.test') {
  const user = await platformDb.selectFrom('users').select(['id', 'client_id']).where('email', '=', email).where('client_id', 'is not', null).executeTakeFirstOrThrow()
  return sessionCookie({ userId: user.id, clientId: user.client_id })
}

/**
 * Where a request goes: `host` is a Host header to send (a tenant's `<subdomain>.localhost:<port>`),
 * since Node cannot resolve *.localhost; such requests go to 127.0.0.1 through node:http.
 */
export type Target = { host?: string }

const keepAlive = new http.Agent({ keepAlive: true })

/** One GET with the given Host header, over a kept-alive connection like fetch's. */
function getWithHost(path: string, host: string, cookie?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host, ...(cookie ? { cookie } : {}) }
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent: keepAlive }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

async function get(path: string, cookie: string | undefined, target: Target): Promise<{ status: number; body: string }> {
  if (target.host) return getWithHost(path, target.host, cookie)
  const res = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' })
  return { status: res.status, body: await res.text() }
}

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** Status of one GET (a 404 means the route is not built yet: the bench skips it). */
export async function probe(path: string, cookie?: string, target: Target = {}): Promise<{ status: number; bytes: number; body: string }> {
  const { status, body } = await get(path, cookie, target)
  return { status, bytes: Buffer.byteLength(body), body }
}

/**
 * Latency of one request at a time (no queueing): what a single user waits. `samples` requests, or
 * fewer (at least 5) when they take longer than BENCH_LATENCY_SECONDS in all.
 */
export async function latency(path: string, cookie?: string, samples = Number(process.env.BENCH_SAMPLES ?? 60), target: Target = {}) {
  const times: number[] = []
  const budget = Date.now() + Number(process.env.BENCH_LATENCY_SECONDS ?? 20) * 1000
  for (let i = 0; i < samples + 3 && (times.length < 5 || Date.now() < budget); i++) {
    const started = performance.now()
    await get(path, cookie, target)
    if (i >= 3 || performance.now() - started > 1000) times.push(performance.now() - started) // the first few warm the caches
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95), samples: times.length }
}

/**
 * Throughput under CONNECTIONS concurrent connections for DURATION seconds, and the server's CPU
 * time per request (robust when other programs share the machine: req/s is not).
 */
export async function load(path: string, cookie?: string, seconds = DURATION, serverPid?: number, target: Target = {}) {
  const cpuBefore = serverPid ? cpuMs(serverPid) : Number.NaN
  const latencies: number[] = []
  let failed = 0
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const headers = { ...(cookie ? { cookie } : {}), ...(target.host ? { host: target.host } : {}) }
    const instance = autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: seconds, headers }, (error, res) => (error ? reject(error) : resolve(res)))
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime)
      if (statusCode >= 300) failed++
    })
  })
  const cpuPerRequest = serverPid ? (cpuMs(serverPid) - cpuBefore) / Math.max(1, latencies.length) : Number.NaN
  latencies.sort((a, b) => a - b)
  return { rps: result.requests.average, p50: percentile(latencies, 50), p95: percentile(latencies, 95), failed, cpuPerRequest, completed: latencies.length, latencies }
}

export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-')

type LoadFigures = Awaited<ReturnType<typeof load>>

/**
 * Two paths under the same load in alternating slices (a, b, a, b, ...), so that whatever else runs
 * on the machine weighs on both alike and their ratio holds; each answer sums its slices.
 */
export async function loadAlternating(a: string, b: string, cookie: string | undefined, seconds: number, serverPid: number, slices = 5, target: Target = {}) {
  const slice = Math.max(1, Math.round(seconds / slices))
  const parts: { a: LoadFigures[]; b: LoadFigures[] } = { a: [], b: [] }
  for (let i = 0; i < slices; i++) {
    parts.a.push(await load(a, cookie, slice, serverPid, target))
    parts.b.push(await load(b, cookie, slice, serverPid, target))
  }
  const sum = (figures: LoadFigures[]) => {
    const completed = figures.reduce((n, f) => n + f.completed, 0)
    return {
      rps: completed / (slice * figures.length),
      cpuPerRequest: figures.reduce((n, f) => n + f.cpuPerRequest * f.completed, 0) / Math.max(1, completed),
      p50: percentile(
        figures.flatMap((f) => f.latencies).sort((x, y) => x - y),
        50,
      ),
      // The worst slice's: a conservative figure when the machine was busier during one slice.
      p95: Math.max(...figures.map((f) => f.p95)),
      failed: figures.reduce((n, f) => n + f.failed, 0),
      completed,
    }
  }
  return { a: sum(parts.a), b: sum(parts.b) }
}
