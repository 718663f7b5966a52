// Two builds side by side: `npx tsx tests/bench/ab.ts /tmp/build-before /tmp/build-after [list names...]`
// starts one server per build (ports BENCH_PORT and BENCH_PORT+1) and drives each list page and its JSON
// on both in alternating slices (before page, before JSON, after page, after JSON, ...), so whatever
// else runs on the machine weighs on all four alike: the before/after CPU ratios compare on equal terms.
import { spawn } from 'node:child_process'
import autocannon from 'autocannon'
import { platformDb } from '#app/services/db.server'
import { CONNECTIONS, cpuMs, DURATION, ownerCookie, port } from './harness'
import { LIST_PAIRS } from './lists'

type Server = { pid: number; base: string; stop: () => Promise<void> }

/** BENCH_SERVER_DIRS=before,after: the checkouts whose server.ts serves each build (default: this one). */
const serverDirs = (process.env.BENCH_SERVER_DIRS ?? '').split(',').filter(Boolean)

async function start(buildDir: string, at: number, cwd = process.cwd()): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd,
    env: {
      ...process.env,
      BUILD_DIR: buildDir,
      PORT: String(at),
      NODE_ENV: 'production',
      RUN_WORKERS: 'false',
      SMTP_SINK_PORT: String(Number(process.env.BENCH_SINK_PORT ?? 2555) + (at - port)),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://localhost:${at}`
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`The server for ${buildDir} exited with ${child.exitCode}`)
    if (i > 400) throw new Error(`The server for ${buildDir} did not start`)
    if (
      await fetch(`${base}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break
    await new Promise((r) => setTimeout(r, 150))
  }
  return {
    pid: child.pid!,
    base,
    stop: () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))),
  }
}

async function slice(server: Server, path: string, cookie: string, seconds: number) {
  const before = cpuMs(server.pid)
  let completed = 0
  let failed = 0
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon({ url: `${server.base}${path}`, connections: CONNECTIONS, duration: seconds, headers: { cookie } }, (error) => (error ? reject(error) : resolve()))
    instance.on('response', (_c, status) => {
      completed++
      if (status >= 300) failed++
    })
  })
  return { cpu: cpuMs(server.pid) - before, completed, failed }
}

type Sum = { cpu: number; completed: number; failed: number }
const add = (a: Sum, b: Sum): Sum => ({ cpu: a.cpu + b.cpu, completed: a.completed + b.completed, failed: a.failed + b.failed })
const perRequest = (s: Sum) => s.cpu / Math.max(1, s.completed)

async function main() {
  const [beforeDir, afterDir, ...only] = process.argv.slice(2)
  if (!beforeDir || !afterDir) throw new Error('Usage: tests/bench/ab.ts <before build dir> <after build dir> [list names]')
  const before = await start(beforeDir, port, serverDirs[0])
  const after = await start(afterDir, port + 1, serverDirs[1]).catch(async (error: unknown) => {
    await before.stop()
    throw error
  })
  const servers = [before, after] as const
  const slices = Number(process.env.BENCH_SLICES ?? 5)
  const seconds = Math.max(1, Math.round(DURATION / slices))
  try {
    const cookie = await ownerCookie()
    const rows = []
    for (const pair of LIST_PAIRS.filter((p) => !only.length || only.includes(p.name))) {
      const zero = (): Sum => ({ cpu: 0, completed: 0, failed: 0 })
      const sums = servers.map(() => ({ page: zero(), json: zero() }))
      for (const s of servers) {
        await slice(s, pair.page, cookie, 1)
        await slice(s, pair.json, cookie, 1)
      }
      for (let i = 0; i < slices; i++) {
        for (const [n, s] of servers.entries()) {
          sums[n]!.page = add(sums[n]!.page, await slice(s, pair.page, cookie, seconds))
          sums[n]!.json = add(sums[n]!.json, await slice(s, pair.json, cookie, seconds))
        }
      }
      const [b, a] = sums as [(typeof sums)[0], (typeof sums)[0]]
      rows.push({
        list: pair.name,
        'before page/JSON CPU ms': `${perRequest(b.page).toFixed(2)} / ${perRequest(b.json).toFixed(2)}`,
        'before x': (perRequest(b.page) / perRequest(b.json)).toFixed(2),
        'after page/JSON CPU ms': `${perRequest(a.page).toFixed(2)} / ${perRequest(a.json).toFixed(2)}`,
        'after x': (perRequest(a.page) / perRequest(a.json)).toFixed(2),
        'page CPU after/before': (perRequest(a.page) / perRequest(b.page)).toFixed(2),
        'non-2xx': b.page.failed + b.json.failed + a.page.failed + a.json.failed,
      })
      console.log(JSON.stringify(rows.at(-1)))
    }
    console.log(`\nBefore ${beforeDir}, after ${afterDir} (c=${CONNECTIONS}, ${slices} x ${seconds} s slices each):`)
    console.table(rows)
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
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
