// The two commands of the README (npm start, npm test) plus bench and worker: bootstraps
// dependencies, local services, schema and demo data, then runs the requested thing.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {
  ensureChromium,
  ensureHaproxy,
  findFreePort,
  portIsFree,
  rememberedPorts,
  rememberPorts,
  root,
  startMariaDb,
  startRedis,
  startStripeEmulator,
  stopByPidFile,
  stopStripeEmulator,
  startCrmEmulator,
  stopCrmEmulator,
  startS3Emulator,
  stopS3Emulator,
} from './services.mjs'
import { withMemorySettings } from './process-memory.mjs'

const mode = process.argv[2] ?? 'start'
// `npm test -- vitest <files>` or `npm test -- playwright <args>` runs one phase; the rest goes to its runner.
const phases = ['vitest', 'playwright']
const onlyPhase = mode === 'test' && phases.includes(process.argv[3]) ? process.argv[3] : null
const extraArgs = process.argv.slice(onlyPhase ? 4 : 3)
process.chdir(root)

// Default ports; a port another program (another checkout) holds is never shared: see choosePorts().
const profiles = {
  start: { dir: '.data/dev', mysqlPort: 3307, redisPort: 6380, database: 'draftdesk', appEnv: 'development', port: 3000, sinkPort: 2525, stripePort: 12111 },
  'storage-migrate': { dir: '.data/dev', mysqlPort: 3307, redisPort: 6380, database: 'draftdesk', appEnv: 'development', port: 3000, sinkPort: 2525, stripePort: 12111 },
  // npm start scaled out (ADR 0096): the same services and data, HAProxy on the app's port.
  cluster: { dir: '.data/dev', mysqlPort: 3307, redisPort: 6380, database: 'draftdesk', appEnv: 'development', port: 3000, sinkPort: 2525, stripePort: 12111 },
  worker: { dir: '.data/dev', mysqlPort: 3307, redisPort: 6380, database: 'draftdesk', appEnv: 'development', port: 3000, sinkPort: 2525, stripePort: 12111 },
  test: { dir: '.data/test', mysqlPort: 3317, redisPort: 6390, database: 'draftdesk_test', appEnv: 'test', port: 3100, sinkPort: 2545, stripePort: 12121 },
  bench: { dir: '.data/bench', mysqlPort: 3327, redisPort: 6400, database: 'draftdesk_bench', appEnv: 'test', port: 3200, sinkPort: 2555, stripePort: 12131 },
}
// playwright.config.ts gives its test server the SMTP sink at the app port minus 500.
const PLAYWRIGHT_SINK_OFFSET = 500
// At most this many Vitest workers (vitest.config.ts), each with an SMTP sink port of its own.
const VITEST_MAX_WORKERS = 8
// Where the Stripe emulator posts events (app/routes/api.webhooks.stripe.ts, ADR 0031).
const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe'
// What the demo seed's ids name at Stripe (the demo's subscription and payout account, ADR 0057): the
// emulator forgets everything when it stops while the database keeps them, so it starts with them.
const STRIPE_FIXTURES = 'db/seed/stripe-fixtures.ts'
const profile = profiles[mode]
// A run re-executed on the project's Node (useProjectNode) counts from the first process's start and keeps its install time.
const scriptStarted = Number(process.env.DRAFTDESK_RUN_STARTED ?? Date.now())
process.env.DRAFTDESK_RUN_STARTED = String(scriptStarted)
if (!profile) {
  console.error(`Unknown mode ${mode}`)
  process.exit(2)
}

/** How long each phase of this run took, printed with the closing line of npm test. */
const phaseTimes = JSON.parse(process.env.DRAFTDESK_RUN_PHASES ?? '[]')
function timed(name, work) {
  const started = Date.now()
  const done = () => phaseTimes.push([name, (Date.now() - started) / 1000])
  const result = work()
  if (result instanceof Promise) return result.finally(done)
  done()
  return result
}

/** Runs commands side by side (each its own process): resolves with the names of those that failed. */
function runTogether(commands, env) {
  return Promise.all(
    commands.map(
      ([name, cmd, args]) =>
        new Promise((resolve) => {
          const started = Date.now()
          const child = spawn(cmd, args, { stdio: 'inherit', env })
          child.on('exit', (code) => {
            phaseTimes.push([name, (Date.now() - started) / 1000])
            resolve(code === 0 ? null : name)
          })
        }),
    ),
  ).then((names) => names.filter(Boolean))
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
  // A new or changed patch (patches/, applied by postinstall) needs an install as much as a new lockfile.
  const stale = !fs.existsSync(marker) || newestMtime(['package-lock.json', 'patches']) > fs.statSync(marker).mtimeMs
  // npm ci refuses the lockfile here (other-platform optional packages are missing), see STACK.md
  if (stale) run('npm', ['install', '--no-audit', '--no-fund'])
}

/**
 * The app and the tests run on the image's Node major (Dockerfile), pinned in devDependencies as the
 * `node` package; the machine's Node only installs the dependencies. On another major this script runs
 * again on node_modules' Node, and every child (npx tsx, vitest, playwright, its web server) finds that
 * Node first on PATH. Its exit code (or the signal that ended it) becomes this process's. (So the very
 * first install, on the machine's Node, may warn EBADENGINE for packages that want Node 22.)
 */
const NODE_MAJOR = 22
async function useProjectNode() {
  const bin = path.join(root, 'node_modules', '.bin')
  if (!process.env.PATH?.startsWith(bin + path.delimiter)) process.env.PATH = `${bin}${path.delimiter}${process.env.PATH ?? ''}`
  if (Number(process.versions.node.split('.')[0]) === NODE_MAJOR) {
    console.log(`Node ${process.versions.node} (${process.execPath}) runs the app.`)
    return
  }
  const node = path.join(bin, 'node')
  // The `node` package puts the binary there in its preinstall script, so an install without scripts has none.
  if (!fs.existsSync(node)) throw new Error(`${node} is missing: run npm install (with install scripts; the devDependency "node" fetches Node ${NODE_MAJOR} in one).`)
  process.env.DRAFTDESK_RUN_PHASES = JSON.stringify(phaseTimes)
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: process.env })
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP']
  const forward = (signal) => child.kill(signal)
  for (const signal of signals) process.on(signal, forward)
  child.on('exit', (code, signal) => {
    for (const s of signals) process.off(s, forward)
    if (signal) process.kill(process.pid, signal)
    else process.exit(code ?? 1)
  })
  // This process only waits for the child now.
  await new Promise(() => {})
}

function ensureBuild(env) {
  const stamp = 'build/.stamp'
  const sources = newestMtime(['app', 'public', 'vite.config.ts', 'remix.config.ts', 'package-lock.json'])
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= sources) return
  run('npx', ['remix', 'vite:build'], { ...env, NODE_ENV: 'production' })
  fs.writeFileSync(stamp, new Date().toISOString())
}

/** How to stop each service this run started (by its pid file), in start order. */
const started = []
function stopStarted() {
  for (const stop of started.splice(0)) stop()
}

/** A port that must be free: a clear stop instead of a server that fails to bind while another answers. */
async function requireFreePort(port, what, hint) {
  if (!(await portIsFree(port))) throw new Error(`Port ${port} (${what}) is in use, perhaps by another checkout's npm ${mode}. Stop it, or ${hint}.`)
  return port
}

/** The first free port from `preferred` up (with its companions); says so when it is not the default. */
async function freePort(preferred, what, companions, avoid) {
  const port = await findFreePort(preferred, { companions, avoid })
  if (port === null) throw new Error(`No free port for ${what} near ${preferred}.`)
  if (port !== preferred) console.log(`Port ${preferred} (${what}) is in use; this run uses ${port}.`)
  return port
}

/**
 * The app and SMTP sink ports. Test and bench runs pick free ones, so two checkouts can test at
 * once; npm start keeps its well-known app port (stopping if it is taken) and picks a free sink,
 * remembered in the profile directory for `npm run worker`. Ports set in the environment win.
 */
async function choosePorts(env, dir) {
  if (mode === 'test') {
    env.PORT ??= String(await freePort(profile.port, 'the test server', (p) => [p - PLAYWRIGHT_SINK_OFFSET]))
    // Vitest's workers each run a sink on the ports after this one (tests/setup.ts).
    const vitestSinks = (p) => Array.from({ length: VITEST_MAX_WORKERS }, (_, i) => p + 1 + i)
    env.SMTP_SINK_PORT ??= String(await freePort(profile.sinkPort, "Vitest's SMTP sinks", vitestSinks, [Number(env.PORT) - PLAYWRIGHT_SINK_OFFSET]))
  } else if (mode === 'bench') {
    env.BENCH_PORT ??= String(await freePort(profile.port, 'the bench server'))
    env.BENCH_SINK_PORT ??= String(await freePort(profile.sinkPort, "the bench server's SMTP sink"))
  } else if (mode === 'start' || mode === 'cluster') {
    env.PORT ??= String(await requireFreePort(profile.port, 'the app', `start this one on another: PORT=${profile.port + 1} npm ${mode === 'start' ? 'start' : 'run cluster'}`))
    if (mode === 'cluster') {
      // The two web processes behind the balancer, on the first free ports after it.
      const first = await freePort(Number(env.PORT) + 1, 'the first web process')
      const second = await freePort(first + 1, 'the second web process')
      env.CLUSTER_WEB_PORTS ??= `${first},${second}`
      env.CLUSTER_DIR ??= dir
    }
    if (env.APP_ENV !== 'production' && !env.SMTP_URL && !env.SMTP_SINK_PORT) {
      env.SMTP_SINK_PORT = String(await freePort(rememberedPorts(dir).smtpSink ?? profile.sinkPort, 'the development SMTP sink'))
      rememberPorts(dir, { smtpSink: Number(env.SMTP_SINK_PORT) })
    }
  } else if (mode === 'worker') {
    // The worker sends to the sink of the npm start it runs beside.
    const smtpSink = rememberedPorts(dir).smtpSink
    if (smtpSink && !env.SMTP_URL) env.SMTP_SINK_PORT ??= String(smtpSink)
  }
  env.PORT ??= String(profile.port)
}

async function bootstrap() {
  // A re-executed run (useProjectNode) has its install time from the first process already.
  if (process.env.DRAFTDESK_RUN_PHASES) ensureDependencies()
  else timed('install', ensureDependencies)
  await useProjectNode()
  const env = { ...process.env }
  const dir = path.join(root, profile.dir)
  const local = !env.DATABASE_URL || !env.REDIS_URL
  // Moving files needs only the store: no database, Redis or emulators of billing and CRM.
  const filesOnly = mode === 'storage-migrate'
  if (filesOnly) {
    env.APP_ENV ??= local ? profile.appEnv : 'production'
  } else if (local) {
    // Services are recognised by their data directory, so another checkout's server on our
    // default port is never used: ours starts on a free port instead (remembered in `dir`).
    // Test and bench runs own their services; start and worker leave services they reused alone.
    // Each is recorded as soon as it runs, so a failing Redis start still stops the new MariaDB.
    const ownsServices = mode === 'test' || mode === 'bench'
    const db = await startMariaDb({ dir, port: profile.mysqlPort, database: profile.database })
    if (ownsServices || !db.reused) started.push(() => stopByPidFile(db.pidFile))
    const redis = await startRedis({ dir, port: profile.redisPort })
    if (ownsServices || !redis.reused) started.push(() => stopByPidFile(redis.pidFile))
    env.DATABASE_URL ??= db.url
    env.REDIS_URL ??= redis.url
    env.APP_ENV ??= profile.appEnv
  } else {
    env.APP_ENV ??= 'production'
  }
  await choosePorts(env, dir)
  if (env.APP_ENV !== 'production') {
    env.SESSION_SECRET ??= 'local-development-secret-not-for-production'
  }
  if (!filesOnly) {
    await startStripe(env, dir)
    await startCrm(env, dir)
  }
  await startS3(env, dir)
  return env
}

/**
 * STORAGE_BACKEND=s3 without S3_ENDPOINT (outside production) keeps uploads in the local S3 store
 * (s3rver, ADR 0088): started here with its objects under <profile dir>/s3, shared by npm start and
 * npm run worker, owned by test and bench runs. Local disk, the default, needs nothing.
 */
async function startS3(env, dir) {
  if (env.STORAGE_BACKEND !== 's3' || env.S3_ENDPOINT || env.APP_ENV === 'production') return
  env.S3_BUCKET ||= 'draftdesk'
  const emulator = await startS3Emulator({ dir, port: profile.stripePort + 300, bucket: env.S3_BUCKET, reuse: mode !== 'test' && mode !== 'bench' })
  if (!emulator.reused) started.push(() => stopS3Emulator(emulator.pidFile, emulator.pid))
  env.S3_ENDPOINT = emulator.url
  env.S3_ACCESS_KEY_ID = 'S3RVER'
  env.S3_SECRET_ACCESS_KEY = 'S3RVER'
  console.log(`S3: the local store on ${emulator.url}${emulator.reused ? ' (already running)' : ''}, bucket ${env.S3_BUCKET}`)
}

/**
 * Without a real STRIPE_SECRET_KEY (and outside production) the app talks to the local Stripe
 * emulator: started here on a free port, with a per-run webhook secret, posting events to the app's
 * webhook route. npm start and npm run worker share one (reused when it runs); test and bench own theirs.
 */
async function startStripe(env, dir) {
  // A real key talks to Stripe; an explicit STRIPE_API_URL is an emulator someone runs themselves.
  if (env.STRIPE_SECRET_KEY || env.STRIPE_API_URL || env.APP_ENV === 'production') return
  const appPort = mode === 'bench' ? env.BENCH_PORT : env.PORT
  const webhookUrl = `http://127.0.0.1:${appPort}${STRIPE_WEBHOOK_PATH}`
  // The worker joins whatever emulator npm start runs (same in-memory Stripe), whatever its app port.
  const reuse = mode === 'worker' ? 'any' : mode === 'start' || mode === 'cluster'
  const emulator = await startStripeEmulator({ dir, port: profile.stripePort, webhookUrl, reuse, fixtures: STRIPE_FIXTURES })
  if (!emulator.reused) started.push(() => stopStripeEmulator(emulator.pidFile, emulator.pid))
  env.STRIPE_API_URL = emulator.url
  env.STRIPE_WEBHOOK_SECRET = emulator.secret
  console.log(`Stripe: the local emulator on ${emulator.url}${emulator.reused ? ' (already running)' : ''}, webhooks to ${webhookUrl}`)
}

/**
 * Without CRM_API_URL (and outside production) the app talks to the local CRM emulator (ADR 0049):
 * started here, shared by npm start and npm run worker, owned by test and bench runs.
 */
async function startCrm(env, dir) {
  if (env.CRM_API_URL || env.APP_ENV === 'production') return
  const emulator = await startCrmEmulator({ dir, port: profile.stripePort + 200, reuse: mode === 'start' || mode === 'cluster' || mode === 'worker' })
  if (!emulator.reused) started.push(() => stopCrmEmulator(emulator.pidFile, emulator.pid))
  env.CRM_API_URL = emulator.url
  env.CRM_URL ??= `${emulator.url}/_emulator/state`
  console.log(`CRM: the local emulator on ${emulator.url}${emulator.reused ? ' (already running)' : ''}`)
}

function serve(env, entry) {
  // Node itself (not npx) is the child, so a forwarded Ctrl-C reaches the server directly.
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { stdio: 'inherit', env: withMemorySettings({ ...env, NODE_ENV: 'production' }) })
  const forward = (signal) => child.kill(signal)
  process.on('SIGINT', () => forward('SIGINT'))
  process.on('SIGTERM', () => forward('SIGTERM'))
  child.on('exit', (code) => {
    stopStarted()
    process.exit(code ?? 0)
  })
}

/**
 * Ctrl-C during a test run reaches the test runner (same process group) and this process: the
 * runner stops, then the services this run started (the Stripe emulator) are stopped too, instead
 * of being left running when this process dies of the signal.
 */
function stopOnInterrupt() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopStarted()
      process.exit(130)
    })
  }
}

function interruptedBy(result) {
  if (result.signal !== 'SIGINT' && result.signal !== 'SIGTERM') return
  stopStarted()
  process.exit(130)
}

function firstLine(text) {
  // Colour codes from the runners are dropped (ESC is built, not written, to keep the pattern printable).
  const colour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')
  return (
    String(text ?? '')
      .replace(colour, '')
      .split('\n')
      .find((line) => line.trim()) ?? ''
  )
}

function summarize(failedSteps) {
  let passed = 0
  let failed = 0
  let skipped = 0
  // The names of failed tests are repeated at the very end: CI logs are often read from the tail.
  const failures = []
  try {
    const v = JSON.parse(fs.readFileSync('test-results/vitest.json', 'utf8'))
    passed += v.numPassedTests
    failed += v.numFailedTests
    skipped += v.numPendingTests + (v.numTodoTests ?? 0)
    for (const file of v.testResults ?? []) {
      const name = path.relative(process.cwd(), file.name)
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed')
      for (const t of failedTests) failures.push(`vitest ${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
      if (!failedTests.length && file.status === 'failed') failures.push(`vitest ${name}: ${firstLine(file.message)}`)
    }
  } catch {}
  try {
    const p = JSON.parse(fs.readFileSync('test-results/playwright.json', 'utf8'))
    passed += p.stats.expected
    failed += p.stats.unexpected
    skipped += p.stats.skipped
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== 'unexpected') continue
          const error = t.results?.at(-1)?.error?.message
          failures.push(`playwright ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`)
        }
      }
      for (const child of suite.suites ?? []) visit(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles)
    }
    for (const suite of p.suites ?? []) visit(suite, [])
  } catch {}
  if (failures.length) console.log('\nFailed:\n' + failures.map((line) => `  ${line}`).join('\n'))
  // A runner that crashed before reporting still counts as a failure in the closing line.
  failed += failedSteps.filter((step) => !fs.existsSync(`test-results/${step}.json`)).length
  console.log('\nPhase times (s): ' + phaseTimes.map(([name, seconds]) => `${name} ${seconds.toFixed(0)}`).join(', '))
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
    if (mode === 'cluster') {
      run('npx', ['tsx', 'db/migrate.ts'], env)
      if (env.APP_ENV !== 'production') run('npx', ['tsx', 'db/seed/index.ts', '--if-empty'], env)
      ensureBuild(env)
      ensureHaproxy()
      return serve(env, 'scripts/cluster.ts')
    }
    if (mode === 'storage-migrate') {
      // The same command the image runs (README, Deployment), with the local S3 store when that is the target.
      run('npx', ['tsx', 'scripts/storage-migrate.ts', ...extraArgs], env)
      stopStarted()
      return
    }
    if (mode === 'worker') {
      run('npx', ['tsx', 'db/migrate.ts'], env)
      return serve(env, 'jobs/worker.ts')
    }
    if (mode === 'test') {
      const suiteStarted = Date.now()
      fs.rmSync('test-results', { recursive: true, force: true })
      fs.mkdirSync('test-results', { recursive: true })
      // Rules first, side by side (one process each): a lint, format or type error fails in seconds, before any test.
      const checks = [
        ['typecheck', 'npx', ['tsc', '--noEmit']],
        ['lint', 'npx', ['eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']],
        ['format', 'npx', ['prettier', '--check', '--cache', '--log-level', 'warn', '.']],
      ]
      const failedChecks = onlyPhase ? [] : await runTogether(checks, env)
      if (failedChecks.length) throw new Error(`${failedChecks.join(', ')} failed: fix it before the tests run`)
      timed('chromium', ensureChromium)
      // tests/integration/cluster.test.ts puts two app processes behind HAProxy (ADR 0096).
      if (onlyPhase !== 'playwright') timed('haproxy', ensureHaproxy)
      timed('database', () => {
        run('npx', ['tsx', 'db/migrate.ts', '--fresh'], env)
        // A clean Redis per run (every database: Vitest's workers use their own): no rate-limit counters or sent-markers left from the last one.
        run('redis-cli', ['-u', env.REDIS_URL, 'FLUSHALL'], env)
        run('npx', ['tsx', 'db/seed/index.ts'], env)
      })
      timed('build', () => ensureBuild(env))
      const failedSteps = []
      stopOnInterrupt()
      if (onlyPhase !== 'playwright') {
        const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json', ...(onlyPhase ? extraArgs : [])]
        const vitest = timed('vitest', () => spawnSync('npx', vitestArgs, { stdio: 'inherit', env }))
        interruptedBy(vitest)
        if (vitest.status !== 0) failedSteps.push('vitest')
      }
      if (onlyPhase !== 'vitest') {
        const playwright = timed('playwright', () => spawnSync('npx', ['playwright', 'test', ...(onlyPhase ? extraArgs : [])], { stdio: 'inherit', env }))
        interruptedBy(playwright)
        if (playwright.status !== 0) failedSteps.push('playwright')
      }
      phaseTimes.push(['total', (Date.now() - scriptStarted) / 1000], ['tests', (Date.now() - suiteStarted) / 1000])
      summarize(failedSteps)
      stopStarted()
      process.exit(failedSteps.length ? 1 : 0)
    }
    if (mode === 'bench') {
      // `npm run bench -- scale,soak` is BENCH_ONLY=scale,soak.
      if (extraArgs.length) env.BENCH_ONLY = extraArgs.join(',')
      run('npx', ['tsx', 'db/migrate.ts', '--fresh'], env)
      run('npx', ['tsx', 'db/seed/index.ts'], env)
      ensureBuild(env)
      stopOnInterrupt()
      const bench = spawnSync('npx', ['tsx', 'tests/bench/index.ts'], { stdio: 'inherit', env })
      interruptedBy(bench)
      if (bench.status !== 0) throw new Error(`the benchmark exited with ${bench.status}`)
      stopStarted()
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    stopStarted()
    process.exit(1)
  }
}

main()
