// Instructions per request of list pages and their JSON, counted by valgrind's callgrind: unlike CPU time, the
// count does not move with what other machines' work does to this one's cores (seen: the same path 30% apart
// in two runs minutes apart). Each build's server runs under callgrind with counting off; per path it warms up,
// then counts BENCH_COUNTED requests one after another. Two servers of one build agree within about 4% at 60
// requests (a full GC more or less), not at 10. Blind to system calls and cache misses (ADR 0114): a cut that
// only saves those shows in CPU time and profiles, not here.
// eval "$(node scripts/bench-env.mjs)" && npx tsx tests/bench/instructions.ts /tmp/base:build build
// BENCH_LISTS=orders,coupons picks lists (tests/bench/lists.ts); the slow part is each server's start (about a minute).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { platformDb } from '#app/services/db.server'
import { startBuild } from './build-server'
import { ownerCookie } from './harness'
import { LIST_PAIRS } from './lists'

const WARMUP = Number(process.env.BENCH_WARMUP_REQUESTS ?? 60)
const COUNTED = Number(process.env.BENCH_COUNTED ?? 60)
const PORT = Number(process.env.BENCH_AB_PORT ?? 3381)
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br'

/** The instructions callgrind counted since the last zeroing, read from a dump it writes on request. */
function countedSoFar(pid: number, dir: string): number {
  for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f))
  execFileSync('callgrind_control', ['--dump', String(pid)], { stdio: 'ignore' })
  let total = 0
  for (const f of fs.readdirSync(dir)) {
    // One dump per thread (the main thread, libuv's, V8's): all of it is the request's work.
    // The header's summary stays 0 when counting starts late; the totals line at the end is what was counted.
    const totals = /^totals: (\d+)/m.exec(fs.readFileSync(path.join(dir, f), 'utf8'))
    total += Number(totals?.[1] ?? 0)
  }
  return total
}

async function requests(port: number, target: string, cookie: string, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await fetch(`http://localhost:${port}${target}`, { headers: { cookie, 'accept-encoding': ACCEPT_ENCODING } })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${target}: ${res.status}`)
  }
}

const builds = process.argv.slice(2)
const cookie = await ownerCookie()
const pairs = LIST_PAIRS.filter((p) => !process.env.BENCH_LISTS || process.env.BENCH_LISTS.split(',').includes(p.name))
const rows = new Map(pairs.map((p) => [p.name, { list: p.name } as Record<string, string>]))
for (const build of builds) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draftdesk-callgrind-'))
  const wrapper = ['valgrind', '--tool=callgrind', '--instr-atstart=no', '--smc-check=all-non-file', '--separate-threads=yes', `--callgrind-out-file=${dir}/cg.out`]
  const server = await startBuild(build, PORT, { wrapper, startSeconds: 600 })
  try {
    for (const pair of pairs) {
      for (const [kind, target] of [
        ['page', pair.page],
        ['JSON', pair.json],
      ] as const) {
        await requests(PORT, target, cookie, WARMUP)
        execFileSync('callgrind_control', ['--zero', String(server.pid)], { stdio: 'ignore' })
        execFileSync('callgrind_control', ['--instr=on', String(server.pid)], { stdio: 'ignore' })
        await requests(PORT, target, cookie, COUNTED)
        execFileSync('callgrind_control', ['--instr=off', String(server.pid)], { stdio: 'ignore' })
        rows.get(pair.name)![`${kind} M instr. ${build}`] = (countedSoFar(server.pid!, dir) / COUNTED / 1e6).toFixed(2)
      }
    }
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
console.log(`Millions of instructions per request (callgrind, ${COUNTED} requests after ${WARMUP} of warm-up, one at a time):`)
console.table([...rows.values()])
await platformDb.destroy()
