// What the layers between the socket and a JSON route's loader cost (ADR 0115): the real server (Express, its
// middleware, Remix's handler) beside bare-loader-server.ts, which calls the same loader of the same build from
// node:http. Requests alternate between the two from two loops; each round prints CPU per request of each.
// eval "$(node scripts/bench-env.mjs)" && npx tsx tests/bench/layers.ts [route id] [path]
import { spawn } from 'node:child_process'
import { platformDb } from '#app/services/db.server'
import { startBuild } from './build-server'
import { cpuMs, ownerCookie } from './harness'

const ROUTE_ID = process.argv[2] ?? 'routes/api.client.customer-coupons.coupons'
const PATH = process.argv[3] ?? '/api/client/customer-coupons/coupons'
const PORT = Number(process.env.BENCH_AB_PORT ?? 3371)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9)
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5)

const cookie = await ownerCookie()
const full = await startBuild('build', PORT)
const bare = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/bare-loader-server.ts'], {
  env: { ...process.env, PORT: String(PORT + 1), NODE_ENV: 'production', BARE_ROUTE_ID: ROUTE_ID },
  stdio: ['ignore', 'ignore', 'inherit'],
})
try {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://localhost:${PORT + 1}${PATH}`, { headers: { cookie } })).ok) break
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  const pids = [full.pid!, bare.pid!]
  // The first round warms both up: V8 keeps optimising for about 20 s of load.
  for (let round = 0; round < ROUNDS; round++) {
    const before = pids.map(cpuMs)
    const answered = [0, 0]
    const until = Date.now() + ROUND_SECONDS * 1000
    const loop = async (first: number) => {
      for (let k = first; Date.now() < until; k++) {
        const i = k % 2
        const res = await fetch(`http://localhost:${PORT + i}${PATH}`, { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } })
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`${PATH}: ${res.status} from ${i === 0 ? 'the server' : 'the bare loader'}`)
        answered[i]!++
      }
    }
    await Promise.all([loop(0), loop(1)])
    const [server, bareLoader] = pids.map((pid, i) => (cpuMs(pid) - before[i]!) / answered[i]!)
    if (round > 0)
      console.log(
        `round ${round}: server ${server!.toFixed(2)} ms, bare loader ${bareLoader!.toFixed(2)} ms per request (${((1 - bareLoader! / server!) * 100).toFixed(0)}% in the layers)`,
      )
  }
} finally {
  full.kill('SIGTERM')
  bare.kill('SIGTERM')
  await platformDb.destroy()
}
