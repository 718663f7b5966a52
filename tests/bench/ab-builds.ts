// Two production builds side by side on one database, under the same load in alternating slices, so that
// whatever else runs on the machine weighs on both alike: server CPU per request of each list page and JSON.
// eval "$(node scripts/bench-env.mjs)" && npx tsx tests/bench/ab-builds.ts build-base build
// A build may name its checkout (`/tmp/base:build`, build-server.ts).
import autocannon from 'autocannon'
import { platformDb } from '#app/services/db.server'
import { startBuild } from './build-server'
import { cpuMs, ownerCookie } from './harness'
import { LIST_PAIRS } from './lists'

const SLICES = Number(process.env.BENCH_SLICES ?? 6)
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 2)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
/**
 * BENCH_AB_TOGETHER=1: every build under load at the same moment, each with its own CONNECTIONS, instead of
 * one after the other: a burst of another program's load then weighs on both within the same second.
 */
const TOGETHER = process.env.BENCH_AB_TOGETHER === '1'
/**
 * BENCH_AB_INTERLEAVED=1: CONNECTIONS loops each send one request to every build in turn (a, b, a, b, ...), so
 * both builds meet the machine's other load request by request, and no request is cut off by a slice's end.
 */
const INTERLEAVED = process.env.BENCH_AB_INTERLEAVED === '1'
/** Seconds of load on each path before its slices count (the first requests compile its code). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1)
/** The first build's port; the others follow it (another checkout's bench may hold the default). */
const FIRST_PORT = Number(process.env.BENCH_AB_PORT ?? 3231)

/** What browsers send: answers are gzipped as in real use (autocannon asks for nothing by itself). BENCH_ACCEPT_ENCODING=identity leaves it out. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br'

/** `BENCH_BASE_ENV='COMPRESSION_LEVEL=6'`: settings for the first build only (a server.ts change shows as a setting of the base). */
const baseEnv = Object.fromEntries(
  (process.env.BENCH_BASE_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
)

async function slice(port: number, pid: number, path: string, cookie: string, seconds = SLICE_SECONDS) {
  const before = cpuMs(pid)
  const result = await autocannon({
    url: `http://localhost:${port}${path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie, 'accept-encoding': ACCEPT_ENCODING },
  })
  return { cpu: cpuMs(pid) - before, requests: result.requests.total, non2xx: result.non2xx }
}

/** One request after another on each build in turn for SLICE_SECONDS, from CONNECTIONS loops at once. */
async function interleavedSlice(pids: number[], path: string, cookie: string) {
  const before = pids.map(cpuMs)
  const counts = pids.map(() => ({ requests: 0, non2xx: 0 }))
  const until = Date.now() + SLICE_SECONDS * 1000
  const loop = async (first: number) => {
    for (let n = first; Date.now() < until; n++) {
      const i = n % pids.length
      const res = await fetch(`http://localhost:${FIRST_PORT + i}${path}`, { headers: { cookie, 'accept-encoding': ACCEPT_ENCODING } })
      await res.arrayBuffer()
      counts[i]!.requests++
      if (res.status >= 300) counts[i]!.non2xx++
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => loop(c)))
  return pids.map((pid, i) => ({ cpu: cpuMs(pid) - before[i]!, ...counts[i]! }))
}

const builds = process.argv.slice(2)
const started = await Promise.allSettled(builds.map((b, i) => startBuild(b, FIRST_PORT + i, { env: i === 0 ? baseEnv : {} })))
const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
if (servers.length < builds.length) {
  // No server left behind when another did not start.
  for (const s of servers) s.kill('SIGTERM')
  throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason
}
try {
  const cookie = await ownerCookie()
  const rows: Record<string, string>[] = []
  for (const pair of LIST_PAIRS.filter((p) => !process.env.BENCH_LISTS || process.env.BENCH_LISTS.split(',').includes(p.name))) {
    const row: Record<string, string> = { list: pair.name }
    for (const path of [pair.page, pair.json]) {
      const totals = builds.map(() => ({ cpu: 0, requests: 0, non2xx: 0 }))
      const add = (i: number, r: Awaited<ReturnType<typeof slice>>) => {
        totals[i]!.cpu += r.cpu
        totals[i]!.requests += r.requests
        totals[i]!.non2xx += r.non2xx
      }
      if (WARMUP_SECONDS > 0) await Promise.all(builds.map((_, i) => slice(FIRST_PORT + i, servers[i]!.pid!, path, cookie, WARMUP_SECONDS)))
      for (let s = 0; s < SLICES; s++) {
        if (INTERLEAVED) {
          const results = await interleavedSlice(
            servers.map((server) => server.pid!),
            path,
            cookie,
          )
          results.forEach((r, i) => add(i, r))
          continue
        }
        if (TOGETHER) {
          const results = await Promise.all(builds.map((_, i) => slice(FIRST_PORT + i, servers[i]!.pid!, path, cookie)))
          results.forEach((r, i) => add(i, r))
          continue
        }
        // Alternate which build goes first, so neither always follows the other's load.
        const order = s % 2 === 0 ? builds.map((_, i) => i) : builds.map((_, i) => builds.length - 1 - i)
        for (const i of order) add(i, await slice(FIRST_PORT + i, servers[i]!.pid!, path, cookie))
      }
      const kind = path === pair.page ? 'page' : 'JSON'
      builds.forEach((b, i) => (row[`${kind} CPU ms ${b}`] = (totals[i]!.cpu / Math.max(1, totals[i]!.requests)).toFixed(2)))
      if (totals.some((t) => t.non2xx)) row[`${kind} non-2xx`] = totals.map((t) => t.non2xx).join('/')
    }
    rows.push(row)
  }
  console.log(
    `Server CPU per request, ${builds.join(' vs ')}, c=${CONNECTIONS}, ${SLICES} ${INTERLEAVED ? 'interleaved' : TOGETHER ? 'simultaneous' : 'alternating'} slices of ${SLICE_SECONDS} s each:`,
  )
  console.table(rows)
} finally {
  for (const s of servers) s.kill('SIGTERM')
  await platformDb.destroy()
}
process.exit(0)
