// Profiles the production server under load: `npx tsx tests/bench/profile.ts /customers/view [seconds]`
// starts server.ts with --cpu-prof, drives the path with autocannon, then prints where busy time went.
// `npx tsx tests/bench/profile.ts --read file.cpuprofile` only reads an existing profile.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { platformDb } from '#app/services/db.server'
import { assertPortFree, CONNECTIONS, load, ownerCookie, probe, startServer } from './harness'

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; endTime: number }

const NOT_BUSY = new Set(['(idle)', '(program)', '(garbage collector)'])

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(`${process.cwd()}/`, '')
    .replace(/^.*node_modules\//, '~/')

/**
 * Self and inclusive time per function, as shares of busy time (idle and GC left out of the total).
 * `lastSeconds`: only the samples of the load, not the server's start-up before it.
 */
export function summarize(profile: CpuProfile, top = 30, lastSeconds = Infinity) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const key = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'}  ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`
  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  let busy = 0
  let gc = 0
  const times: number[] = []
  profile.timeDeltas.reduce((at, dt, i) => (times[i] = at + dt), 0)
  const offset = profile.endTime - (times[times.length - 1] ?? 0)
  const from = profile.endTime - lastSeconds * 1e6
  profile.samples.forEach((id, i) => {
    if (times[i]! + offset < from) return
    const dt = profile.timeDeltas[i] ?? 0
    const node = byId.get(id)!
    if (node.callFrame.functionName === '(garbage collector)') gc += dt
    if (NOT_BUSY.has(node.callFrame.functionName)) return
    busy += dt
    self.set(key(node), (self.get(key(node)) ?? 0) + dt)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = key(byId.get(at)!)
      if (seen.has(k)) continue
      seen.add(k)
      inclusive.set(k, (inclusive.get(k) ?? 0) + dt)
    }
  })
  const pct = (n: number) => `${((n / busy) * 100).toFixed(1)}%`
  const rows = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
  console.log(`\nBusy ${(busy / 1e6).toFixed(2)} s, garbage collection ${(gc / 1e6).toFixed(2)} s\n\nTop self time:`)
  for (const [k, v] of rows(self)) console.log(`  ${pct(v).padStart(6)}  ${k}`)
  console.log('\nTop inclusive time (app code and named hot spots):')
  const interesting = [...inclusive.entries()].filter(([k]) => /app\/|server\/|toLocale|Intl|matchRoute|renderToPipeableStream|json/i.test(k))
  for (const [k, v] of interesting.sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(v).padStart(6)}  ${k}`)
}

/** Statements the server sent to MariaDB per request (its global Questions counter over sequential requests, less our own reads of it). */
export async function queriesPerRequest(target: string, cookie: string, requests = 10) {
  const questions = async () => Number((await sql<{ Value: string }>`SHOW GLOBAL STATUS LIKE 'Questions'`.execute(platformDb)).rows[0]?.Value ?? NaN)
  await probe(target, cookie)
  const before = await questions()
  for (let i = 0; i < requests; i++) await probe(target, cookie)
  return ((await questions()) - before - 1) / requests
}

async function profilePath(target: string, seconds: number) {
  await assertPortFree()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draftdesk-prof-'))
  const server = await startServer(['--cpu-prof', `--cpu-prof-dir=${dir}`])
  try {
    const cookie = await ownerCookie()
    console.log(`${target}: ${(await queriesPerRequest(target, cookie)).toFixed(1)} queries per request`)
    await load(target, cookie, 2)
    const result = await load(target, cookie, seconds)
    console.log(`${target}: ${result.rps.toFixed(0)} req/s at c=${CONNECTIONS}, p50 ${result.p50} ms, p95 ${result.p95} ms, non-2xx ${result.failed}`)
  } finally {
    await server.stop()
    await platformDb.destroy()
  }
  // Thread 0 is the main thread (tsx's loader runs in a worker with a profile of its own).
  const file = fs.readdirSync(dir).find((f) => /\.0\.\d+\.cpuprofile$/.test(f)) ?? fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
  if (!file) throw new Error(`No profile written in ${dir}`)
  console.log(`Profile: ${path.join(dir, file)}`)
  // The load's own window, less a moment for the shutdown that follows it.
  summarize(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), 30, seconds + 1)
}

const [arg, second] = process.argv.slice(2)
if (arg === '--read' && second) {
  summarize(JSON.parse(fs.readFileSync(second, 'utf8')))
  await platformDb.destroy()
} else {
  await profilePath(arg ?? '/customers/view', Number(second ?? 10))
}
