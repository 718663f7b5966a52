// At scale (issue 29, ADR 0105): on the bench data (50 organisations: Demo Writing Co with 1,000,000 orders,
// 49 small ones), each call at c=50 for 30 s (p50/p95/p99, req/s, errors, memory of the server) on one
// process and then through the two-process topology (HAProxy, ADR 0096); and a soak (`BENCH_ONLY=soak`):
// a mix of eight calls at c=20 for 10 minutes, with the app process's memory before, during and after.
import fs from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { platformDb } from '#app/services/db.server'
import { seededOrderId } from '#db/seed/orders'
import { startCluster } from '../../scripts/cluster'
import { cpuMs, MEMORY_DIR, ms, ownerCookie, percentile, port, probe } from './harness'
import { BENCH_SMALL_ORGANISATIONS, smallOwnerEmail } from './seed-large'

const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 30)
const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 50)
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600)
const SOAK_CONNECTIONS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 20)
/** 200 pages of 50 along nextCursor: the 10,000th order, as the orders section's deep page. */
const DEEP_HOPS = Number(process.env.BENCH_DEEP_HOPS ?? 200)
const DEMO_PASSWORD = 'Demo-pass-2026'
const MB = 1024 * 1024

type Row = Record<string, string | number>

/** One call of the mix: a GET with the owner's session, a GET on the shop's host, or the sign-in POST. */
type Call = { name: string; path: string; cookie?: string; shop?: boolean; signIn?: boolean }

type Target = { name: string; port: number; origin: string; pids: () => number[] }

/** What each call needs from the data: the owner's session, a deep cursor, a project, the accounts that sign in. */
async function calls(cookie: string): Promise<{ calls: Call[]; credentials: string[] }> {
  let answer = JSON.parse((await probe('/api/client/orders?size=50', cookie)).body) as { nextCursor?: string | null }
  let deep = ''
  for (let hop = 0; hop < DEEP_HOPS && answer.nextCursor; hop++) {
    deep = answer.nextCursor
    answer = JSON.parse((await probe(`/api/client/orders?size=50&cursor=${encodeURIComponent(deep)}`, cookie)).body)
  }
  if (!deep) throw new Error('The orders list has no deep page: is the bench seeded?')
  const orgs = await platformDb.selectFrom('organisations').select(['public_id', 'name', 'subdomain']).execute()
  const small = Array.from({ length: BENCH_SMALL_ORGANISATIONS }, (_, i) => i + 1)
  // Every small organisation's owner and the large one's, in turn: 49 accounts, each its own rate-limit keys.
  const credentials = [
    ...small.map((n) => ({ email: smallOwnerEmail(n), clientId: orgs.find((o) => o.subdomain === `benchorg${n}`)?.public_id })),
    { email: 'owner@demo.test', clientId: orgs.find((o) => o.name === 'Demo Writing Co')?.public_id },
  ]
    .filter((c) => c.clientId)
    .map((c) => JSON.stringify({ ...c, password: DEMO_PASSWORD }))
  return {
    credentials,
    calls: [
      { name: 'sign-in (POST /api/auth/login, 49 owners in turn)', path: '/api/auth/login', signIn: true },
      { name: 'dashboard', path: '/dashboard', cookie },
      { name: 'orders page, first', path: '/orders/view', cookie },
      { name: `orders page, page ${DEEP_HOPS + 1}`, path: `/orders/view?cursor=${encodeURIComponent(deep)}`, cookie },
      { name: 'project page', path: `/project/view/${seededOrderId('demo', 4)}`, cookie },
      { name: 'storefront (the shop on demowriting)', path: '/', shop: true },
      { name: 'orders JSON (GET /api/client/orders)', path: '/api/client/orders?size=50', cookie },
      { name: 'customers page', path: '/customers/view', cookie },
    ],
  }
}

/** An autocannon request for one call against a target (the shop's Host header, the sign-in's rotating body). */
function request(call: Call, target: Target, credentials: string[]): autocannon.Request {
  const headers: Record<string, string> = {}
  if (call.cookie) headers.cookie = call.cookie
  if (call.shop) headers.host = `demowriting.localhost:${target.port}`
  if (!call.signIn) return { method: 'GET', path: call.path, headers }
  let next = 0
  return {
    method: 'POST',
    path: call.path,
    headers: { ...headers, 'content-type': 'application/json', origin: target.origin },
    setupRequest: (req) => ({ ...req, body: credentials[next++ % credentials.length] }),
  }
}

/** Resident memory of a process now and at its peak (Linux /proc), in bytes. */
export function rss(pid: number): { now: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN) * 1024
    return { now: kb('VmRSS'), peak: kb('VmHWM') }
  } catch {
    return { now: NaN, peak: NaN }
  }
}

/** What a server process says of its memory (tests/bench/memory-probe.mjs), when it runs the probe. */
export function heapOf(pid: number): { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number; heapLimit: number } | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(MEMORY_DIR, `${pid}.json`), 'utf8'))
  } catch {
    return null
  }
}

const mb = (bytes: number) => (Number.isFinite(bytes) ? (bytes / MB).toFixed(0) : '-')

/** `requests` (one call, or a mix that each connection walks in turn) at `connections` for `seconds`. */
async function hammer(target: Target, requests: autocannon.Request[], connections: number, seconds: number) {
  const latencies: number[] = []
  let refused = 0
  const cpuBefore = target.pids().map(cpuMs)
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: `http://localhost:${target.port}`, connections, duration: seconds, requests, timeout: 30 }, (error, res) =>
      error ? reject(error) : resolve(res),
    )
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime)
      if (statusCode !== 200) refused++
    })
  })
  const cpu = target.pids().reduce((sum, pid, i) => sum + cpuMs(pid) - cpuBefore[i]!, 0)
  latencies.sort((a, b) => a - b)
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    // Answers other than 200, and connection errors or timeouts (no answer at all).
    errors: refused + result.errors + result.timeouts,
    completed: latencies.length,
    cpuPerRequest: cpu / Math.max(1, latencies.length),
  }
}

function memoryColumns(target: Target): Row {
  const pids = target.pids()
  const columns: Row = {}
  pids.forEach((pid, i) => {
    const label = pids.length > 1 ? ` web${i + 1}` : ''
    const heap = heapOf(pid)
    columns[`RSS MB${label}`] = mb(rss(pid).now)
    columns[`heap MB${label}`] = heap ? mb(heap.heapUsed) : '-'
  })
  return columns
}

/**
 * Until MariaDB is quiet (at most 2 queries running for a second, or 2 minutes): requests a load run leaves
 * unanswered when it stops go on in the server, and their queries would weigh on the next call's figures.
 */
async function settle() {
  const deadline = Date.now() + 120_000
  let quiet = 0
  while (Date.now() < deadline && quiet < 4) {
    const running = await sql<{ Value: string }>`SHOW GLOBAL STATUS LIKE 'Threads_running'`.execute(platformDb)
    quiet = Number(running.rows[0]?.Value ?? 0) <= 2 ? quiet + 1 : 0
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** Every call alone at CONNECTIONS for SECONDS against one target, each from a quiet database. */
async function callsRows(target: Target, list: Call[], credentials: string[]): Promise<Row[]> {
  const rows: Row[] = []
  for (const call of list) {
    await settle()
    // A second of warm-up: caches, connections, the JIT.
    await hammer(target, [request(call, target, credentials)], CONNECTIONS, 1)
    await settle()
    const f = await hammer(target, [request(call, target, credentials)], CONNECTIONS, SECONDS)
    rows.push({
      call: call.name,
      'req/s': f.rps.toFixed(1),
      'p50 ms': ms(f.p50),
      'p95 ms': ms(f.p95),
      'p99 ms': ms(f.p99),
      errors: f.errors,
      'CPU ms/req': f.cpuPerRequest.toFixed(1),
      ...memoryColumns(target),
    })
    console.log(`  ${target.name}: ${call.name} done (${f.completed} answers, ${f.errors} errors)`)
  }
  return rows
}

function peakColumns(target: Target): string {
  return target
    .pids()
    .map((pid) => {
      const heap = heapOf(pid)
      return `pid ${pid}: RSS ${mb(rss(pid).now)} MB (peak ${mb(rss(pid).peak)} MB), heap ${heap ? `${mb(heap.heapUsed)} of ${mb(heap.heapTotal)} MB, limit ${mb(heap.heapLimit)} MB` : '-'}`
    })
    .join('; ')
}

/** The single bench server, then two web processes and two workers behind HAProxy on the same database. */
export async function scaleSection(serverPid: number) {
  const cookie = await ownerCookie()
  const { calls: all, credentials } = await calls(cookie)
  // BENCH_SCALE_CALLS=project,storefront: only the calls whose names contain one of these.
  const only = process.env.BENCH_SCALE_CALLS?.split(',')
  const list = only ? all.filter((c) => only.some((o) => c.name.includes(o))) : all
  const single: Target = { name: 'one process', port, origin: `http://localhost:${port}`, pids: () => [serverPid] }
  console.log(`\nAt scale: ${credentials.length} owners sign in in turn; c=${CONNECTIONS}, ${SECONDS} s per call`)
  const singleRows = await callsRows(single, list, credentials)
  console.log(`One process (c=${CONNECTIONS}, ${SECONDS} s each; errors = answers other than 200, connection errors and timeouts):`)
  console.table(singleRows)
  console.log(`Memory after: ${peakColumns(single)}`)

  const clusterPort = Number(process.env.BENCH_CLUSTER_PORT ?? port + 10)
  const webPorts = [clusterPort + 1, clusterPort + 2]
  const cluster = await startCluster({
    port: clusterPort,
    webPorts,
    env: { ...process.env, NODE_OPTIONS: probeOption(process.env.NODE_OPTIONS), SMTP_SINK_PORT: process.env.BENCH_SINK_PORT ?? '' },
    dir: path.join(MEMORY_DIR, '..', 'cluster'),
  })
  try {
    const webPids = webPorts.map(pidListeningOn)
    const balanced: Target = { name: 'HAProxy, two processes', port: clusterPort, origin: cluster.url, pids: () => webPids }
    const clusterRows = await callsRows(balanced, list, credentials)
    console.log(`Through HAProxy to two web processes (and two workers), c=${CONNECTIONS}, ${SECONDS} s each:`)
    console.table(clusterRows)
    console.log(`Memory after: ${peakColumns(balanced)}`)
  } finally {
    await cluster.stop()
  }
}

/** NODE_OPTIONS with the memory probe added (the cluster's processes are spawned by scripts/cluster.ts). */
export function probeOption(existing = ''): string {
  return `${existing} --import=${path.resolve('tests/bench/memory-probe.mjs')}`.trim()
}

/** The pid of the process listening on a loopback port (from its probe file: each process writes its own). */
function pidListeningOn(webPort: number): number {
  for (const file of fs.readdirSync(MEMORY_DIR)) {
    if (!file.endsWith('.json')) continue
    const pid = Number(file.slice(0, -5))
    try {
      const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
      if (environ.includes(`PORT=${webPort}`) && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server.ts')) return pid
    } catch {}
  }
  throw new Error(`No process found for port ${webPort}`)
}

/**
 * The soak: the eight calls in turn on every connection (SOAK_CONNECTIONS) for SOAK_SECONDS, the server's
 * memory sampled every 10 s, then 30 s idle. Growth is the RSS at the end of the soak over the RSS after its first minute.
 */
export async function soakSection(serverPid: number) {
  const cookie = await ownerCookie()
  const { calls: list, credentials } = await calls(cookie)
  const target: Target = { name: 'soak', port, origin: `http://localhost:${port}`, pids: () => [serverPid] }
  const idle = rss(serverPid).now
  console.log(`\nSoak: ${list.length} calls in turn on ${SOAK_CONNECTIONS} connections for ${SOAK_SECONDS} s; idle RSS ${mb(idle)} MB (${peakColumns(target)})`)
  const samples: Row[] = []
  const started = Date.now()
  const sample = () => {
    const heap = heapOf(serverPid)
    const { now, peak } = rss(serverPid)
    samples.push({
      s: Math.round((Date.now() - started) / 1000),
      'RSS MB': mb(now),
      'peak RSS MB': mb(peak),
      'heap used MB': heap ? mb(heap.heapUsed) : '-',
      'heap total MB': heap ? mb(heap.heapTotal) : '-',
      'external MB': heap ? mb(heap.external) : '-',
      'array buffers MB': heap ? mb(heap.arrayBuffers) : '-',
    })
  }
  const timer = setInterval(sample, 10_000)
  const figures = await hammer(
    target,
    list.map((call) => request(call, target, credentials)),
    SOAK_CONNECTIONS,
    SOAK_SECONDS,
  ).finally(() => clearInterval(timer))
  sample()
  const end = rss(serverPid).now
  await new Promise((r) => setTimeout(r, 30_000))
  sample()
  const afterMinute = Number(samples.find((s) => Number(s.s) >= 60)?.['RSS MB'] ?? NaN)
  // Every minute, the end of the load and 30 s after it.
  console.table(samples.filter((s, i) => Number(s.s) % 60 < 10 || i >= samples.length - 2))
  console.log(
    `Soak: ${figures.completed} answers (${figures.rps.toFixed(1)} req/s), ${figures.errors} errors, p50 ${ms(figures.p50)} ms, p95 ${ms(figures.p95)} ms, p99 ${ms(figures.p99)} ms; ` +
      `RSS idle ${mb(idle)} MB, after 1 min ${afterMinute} MB, at the end ${mb(end)} MB (${(((end / MB - afterMinute) / afterMinute) * 100).toFixed(1)}% over the first minute), ` +
      `peak ${mb(rss(serverPid).peak)} MB, 30 s after ${samples.at(-1)?.['RSS MB']} MB`,
  )
}
