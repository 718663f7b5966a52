// Two production builds side by side on one database, under the same load in alternating slices, so that
// whatever else runs on the machine weighs on both alike: server CPU per request of each list page and JSON.
// eval "$(node scripts/bench-env.mjs)" && npx tsx tests/bench/ab-builds.ts build-base build
import { spawn } from 'node:child_process'
import autocannon from 'autocannon'
import { platformDb } from '#app/services/db.server'
import { cpuMs, ownerCookie } from './harness'
import { LIST_PAIRS } from './lists'

const SLICES = Number(process.env.BENCH_SLICES ?? 6)
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 2)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
/** The first build's port; the others follow it (another checkout's bench may hold the default). */
const FIRST_PORT = Number(process.env.BENCH_AB_PORT ?? 3231)

/** What browsers send: answers are gzipped as in real use (autocannon asks for nothing by itself). BENCH_ACCEPT_ENCODING=identity leaves it out. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br'

/** `BENCH_BASE_ENV='COMPRESSION_LEVEL=6'`: settings for the first build only (a server.ts change shows as a setting of the base). */
const baseEnv = Object.fromEntries(
  (process.env.BENCH_BASE_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((kv) => kv.split('=') as [string, string]),
)

async function start(buildDir: string, port: number, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, ...extraEnv, PORT: String(port), NODE_ENV: 'production', RUN_WORKERS: 'false', BUILD_DIR: buildDir, SMTP_SINK_PORT: String(port - 700) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) return child
    } catch {}
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`${buildDir} did not start`)
}

async function slice(port: number, pid: number, path: string, cookie: string) {
  const before = cpuMs(pid)
  const result = await autocannon({
    url: `http://localhost:${port}${path}`,
    connections: CONNECTIONS,
    duration: SLICE_SECONDS,
    headers: { cookie, 'accept-encoding': ACCEPT_ENCODING },
  })
  return { cpu: cpuMs(pid) - before, requests: result.requests.total, non2xx: result.non2xx }
}

const builds = process.argv.slice(2)
const servers = await Promise.all(builds.map((b, i) => start(b, FIRST_PORT + i, i === 0 ? baseEnv : {})))
try {
  const cookie = await ownerCookie()
  const rows: Record<string, string>[] = []
  for (const pair of LIST_PAIRS.filter((p) => !process.env.BENCH_LISTS || process.env.BENCH_LISTS.split(',').includes(p.name))) {
    const row: Record<string, string> = { list: pair.name }
    for (const path of [pair.page, pair.json]) {
      const totals = builds.map(() => ({ cpu: 0, requests: 0, non2xx: 0 }))
      for (let s = 0; s < SLICES; s++) {
        // Alternate which build goes first, so neither always follows the other's load.
        const order = s % 2 === 0 ? builds.map((_, i) => i) : builds.map((_, i) => builds.length - 1 - i)
        for (const i of order) {
          const r = await slice(FIRST_PORT + i, servers[i]!.pid!, path, cookie)
          totals[i]!.cpu += r.cpu
          totals[i]!.requests += r.requests
          totals[i]!.non2xx += r.non2xx
        }
      }
      const kind = path === pair.page ? 'page' : 'JSON'
      builds.forEach((b, i) => (row[`${kind} CPU ms ${b}`] = (totals[i]!.cpu / Math.max(1, totals[i]!.requests)).toFixed(2)))
      if (totals.some((t) => t.non2xx)) row[`${kind} non-2xx`] = totals.map((t) => t.non2xx).join('/')
    }
    rows.push(row)
  }
  console.log(`Server CPU per request, ${builds.join(' vs ')}, c=${CONNECTIONS}, ${SLICES} alternating slices of ${SLICE_SECONDS} s each:`)
  console.table(rows)
} finally {
  for (const s of servers) s.kill('SIGTERM')
  await platformDb.destroy()
}
process.exit(0)
