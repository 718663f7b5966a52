// The two commands of the README (npm start, npm test) plus bench and worker: bootstraps
// dependencies, local services, schema and demo data, then runs the requested thing.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ensureChromium, root, startMariaDb, startRedis, stopByPidFile } from './services.mjs'

const mode = process.argv[2] ?? 'start'
const extraArgs = process.argv.slice(3)
process.chdir(root)

const profiles = {
  start: { dir: '.data/dev', mysqlPort: 3307, redisPort: 6380, database: 'draftdesk', appEnv: 'development', port: 3000 },
  worker: { dir: '.data/dev', mysqlPort: 3307, redisPort: 6380, database: 'draftdesk', appEnv: 'development', port: 3000 },
  test: { dir: '.data/test', mysqlPort: 3317, redisPort: 6390, database: 'draftdesk_test', appEnv: 'test', port: 3100 },
  bench: { dir: '.data/bench', mysqlPort: 3327, redisPort: 6400, database: 'draftdesk_bench', appEnv: 'test', port: 3200 },
}
const profile = profiles[mode]
if (!profile) {
  console.error(`Unknown mode ${mode}`)
  process.exit(2)
}

function run(cmd, args, env = process.env) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env })
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${result.status}`)
}

function newestMtime(entries) {
  let newest = 0
  const walk = (p) => {
    if (!fs.existsSync(p)) return
    const stat = fs.statSync(p)
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(p)) if (child !== 'node_modules') walk(path.join(p, child))
    } else newest = Math.max(newest, stat.mtimeMs)
  }
  entries.forEach(walk)
  return newest
}

function ensureDependencies() {
  const marker = 'node_modules/.package-lock.json'
  const stale = !fs.existsSync(marker) || fs.statSync('package-lock.json').mtimeMs > fs.statSync(marker).mtimeMs
  // npm ci refuses the lockfile here (other-platform optional packages are missing), see STACK.md
  if (stale) run('npm', ['install', '--no-audit', '--no-fund'])
}

function ensureBuild(env) {
  const stamp = 'build/.stamp'
  const sources = newestMtime(['app', 'public', 'vite.config.ts', 'remix.config.ts', 'package-lock.json'])
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= sources) return
  run('npx', ['remix', 'vite:build'], { ...env, NODE_ENV: 'production' })
  fs.writeFileSync(stamp, new Date().toISOString())
}

const started = []
function stopStarted() {
  for (const pidFile of started) stopByPidFile(pidFile)
}

async function bootstrap() {
  ensureDependencies()
  const env = { ...process.env }
  const local = !env.DATABASE_URL || !env.REDIS_URL
  if (local) {
    const dir = path.join(root, profile.dir)
    const wasRunning = (f) => fs.existsSync(path.join(dir, f))
    const dbRunningBefore = wasRunning('mariadb.pid')
    const redisRunningBefore = wasRunning('redis.pid')
    const db = await startMariaDb({ dir, port: profile.mysqlPort, database: profile.database })
    const redis = await startRedis({ dir, port: profile.redisPort })
    // Test and bench runs own their services; a dev run leaves services it reused alone.
    if (mode !== 'start' || !dbRunningBefore) started.push(db.pidFile)
    if (mode !== 'start' || !redisRunningBefore) started.push(redis.pidFile)
    env.DATABASE_URL ??= db.url
    env.REDIS_URL ??= redis.url
    env.APP_ENV ??= profile.appEnv
  } else {
    env.APP_ENV ??= 'production'
  }
  env.PORT ??= String(profile.port)
  if (env.APP_ENV !== 'production') {
    env.SESSION_SECRET ??= 'local-development-secret-not-for-production'
  }
  return env
}

function serve(env, entry) {
  // Node itself (not npx) is the child, so a forwarded Ctrl-C reaches the server directly.
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { stdio: 'inherit', env: { ...env, NODE_ENV: 'production' } })
  const forward = (signal) => child.kill(signal)
  process.on('SIGINT', () => forward('SIGINT'))
  process.on('SIGTERM', () => forward('SIGTERM'))
  child.on('exit', (code) => {
    stopStarted()
    process.exit(code ?? 0)
  })
}

function summarize(failedSteps) {
  let passed = 0
  let failed = 0
  let skipped = 0
  try {
    const v = JSON.parse(fs.readFileSync('test-results/vitest.json', 'utf8'))
    passed += v.numPassedTests
    failed += v.numFailedTests
    skipped += v.numPendingTests + (v.numTodoTests ?? 0)
  } catch {}
  try {
    const p = JSON.parse(fs.readFileSync('test-results/playwright.json', 'utf8'))
    passed += p.stats.expected
    failed += p.stats.unexpected
    skipped += p.stats.skipped
  } catch {}
  // A runner that crashed before reporting still counts as a failure in the closing line.
  failed += failedSteps.filter((step) => !fs.existsSync(`test-results/${step}.json`)).length
  console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`)
}

async function main() {
  let env
  try {
    env = await bootstrap()
    if (mode === 'start') {
      run('npx', ['tsx', 'db/migrate.ts'], env)
      if (env.APP_ENV !== 'production') run('npx', ['tsx', 'db/seed/index.ts', '--if-empty'], env)
      ensureBuild(env)
      return serve(env, 'server.ts')
    }
    if (mode === 'worker') {
      run('npx', ['tsx', 'db/migrate.ts'], env)
      return serve(env, 'jobs/worker.ts')
    }
    if (mode === 'test') {
      ensureChromium()
      fs.rmSync('test-results', { recursive: true, force: true })
      fs.mkdirSync('test-results', { recursive: true })
      run('npx', ['tsx', 'db/migrate.ts', '--fresh'], env)
      // A clean Redis per run: no rate-limit counters or sent-markers left from the last one.
      run('redis-cli', ['-u', env.REDIS_URL, 'FLUSHDB'], env)
      run('npx', ['tsx', 'db/seed/index.ts'], env)
      run('npx', ['tsc', '--noEmit'], env)
      ensureBuild(env)
      const failedSteps = []
      const vitest = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json', ...extraArgs], { stdio: 'inherit', env })
      if (vitest.status !== 0) failedSteps.push('vitest')
      const playwright = spawnSync('npx', ['playwright', 'test'], { stdio: 'inherit', env })
      if (playwright.status !== 0) failedSteps.push('playwright')
      summarize(failedSteps)
      stopStarted()
      process.exit(failedSteps.length ? 1 : 0)
    }
    if (mode === 'bench') {
      run('npx', ['tsx', 'db/migrate.ts', '--fresh'], env)
      run('npx', ['tsx', 'db/seed/index.ts'], env)
      ensureBuild(env)
      run('npx', ['tsx', 'tests/bench/index.ts'], env)
      stopStarted()
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    stopStarted()
    process.exit(1)
  }
}

main()
