// Starts private MariaDB and Redis servers under .data/<profile>/ on loopback, reusing this checkout's
// running ones. A server is recognised by its data directory and pid file, never by its port alone.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0
}

function findBinary(names) {
  for (const name of names) {
    for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin']) {
      const file = path.join(dir, name)
      if (fs.existsSync(file)) return file
    }
  }
  return null
}

/** Installs Debian packages when a binary is missing (root only, as the README says). */
export function aptInstall(packages, probe) {
  if (probe()) return
  if (process.getuid?.() !== 0) {
    throw new Error(`Missing ${packages.join(', ')}: run as root once, or install them with apt-get.`)
  }
  console.log(`Installing ${packages.join(', ')} with apt-get (once)...`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const listsAge = (() => {
    try {
      return Date.now() - fs.statSync('/var/lib/apt/lists').mtimeMs
    } catch {
      return Infinity
    }
  })()
  const hasLists = fs.existsSync('/var/lib/apt/lists') && fs.readdirSync('/var/lib/apt/lists').some((f) => f.endsWith('Packages') || f.endsWith('Packages.lz4'))
  if (!hasLists || listsAge > 7 * 24 * 3600 * 1000) execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env })
}

const MARIADB_NAMES = ['mariadbd', 'mysqld']
const REDIS_NAMES = ['redis-server']

/** The program a process runs (`/proc/<pid>/comm`), or null where /proc does not say. */
function processName(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
  } catch {
    return null
  }
}

/**
 * The pid in a pid file if that process still runs one of `names`; false otherwise. A pid file left
 * by a crash or a reboot may name nothing, or a pid since reused by an unrelated program: stale,
 * so it neither blocks a start nor gets a signal from us. Without /proc a live pid is trusted.
 */
function alive(pidFile, names) {
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim())
    if (!pid) return false
    process.kill(pid, 0)
    const name = processName(pid)
    return name === null || names.includes(name) ? pid : false
  } catch {
    return false
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** True when nothing listens on 127.0.0.1:port (we can bind it ourselves). */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)))
  })
}

/**
 * The first port from `preferred` upwards that is free, together with its companions (e.g. the
 * SMTP sink the test server derives from its own port) and not in `avoid` (ports promised to
 * something that has not started yet); null if none in `span` ports is.
 */
export async function findFreePort(preferred, { companions = () => [], avoid = [], span = 200 } = {}) {
  for (let port = preferred; port < preferred + span && port < 65536; port++) {
    if (avoid.includes(port)) continue
    const all = [port, ...companions(port)]
    if (all.every((p) => p > 1024 && p < 65536) && (await Promise.all(all.map(portIsFree))).every(Boolean)) return port
  }
  return null
}

// Ports this checkout's services last ran on, per profile directory, so `npm run worker` (and the
// next run) find the same servers the previous command started on a port it had to pick.
function portsFile(dir) {
  return path.join(dir, 'ports.json')
}

export function rememberedPorts(dir) {
  try {
    return JSON.parse(fs.readFileSync(portsFile(dir), 'utf8'))
  } catch {
    return {}
  }
}

export function rememberPorts(dir, ports) {
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(portsFile(dir), `${JSON.stringify({ ...rememberedPorts(dir), ...ports }, null, 2)}\n`)
}

function samePath(a, b) {
  try {
    return fs.realpathSync(a) === fs.realpathSync(b)
  } catch {
    return path.resolve(a) === path.resolve(b)
  }
}

/** The command-line options of a running process (`--name=value`), or null where /proc has none. */
function processOptions(pid) {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    return Object.fromEntries(args.filter((a) => a.startsWith('--') && a.includes('=')).map((a) => [a.slice(2, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]))
  } catch {
    return null
  }
}

/** A running process's working directory, or null where /proc does not say. */
function processCwd(pid) {
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`)
  } catch {
    return null
  }
}

function logTail(file, lines = 15) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return ''
  }
}

/**
 * Chooses the port for a service this checkout is about to start: the remembered one or the
 * default if free, else (onBusy 'pick') the next free one; onBusy 'fail' stops with the reason.
 */
async function choosePort({ name, preferred, remembered, onBusy, dataDir }) {
  for (const port of [remembered, preferred]) if (port && (await portIsFree(port))) return port
  const message = `Port ${preferred} is taken by a program that is not this checkout's ${name} (its data lives in ${dataDir}); another checkout's services?`
  if (onBusy === 'fail') throw new Error(`${message} Stop them, or set DATABASE_URL and REDIS_URL to servers of your own.`)
  const port = await findFreePort(preferred + 1)
  if (!port) throw new Error(`${message} No free port near it either.`)
  console.log(`${message} This checkout's ${name} uses port ${port} instead.`)
  return port
}

/** The database client talking to one server through its socket, as root (the only account a fresh datadir has). */
function mariaDbQuery(socket, sql) {
  const client = findBinary(['mariadb', 'mysql'])
  return execFileSync(client, ['--no-defaults', '-uroot', `--socket=${socket}`, '-N', '-B', '-e', sql], { stdio: ['ignore', 'pipe', 'pipe'] }).toString()
}

/** What a MariaDB server says about itself: its data directory and port (null if it does not answer). */
function mariaDbIdentity(socket) {
  try {
    const [datadir, port] = mariaDbQuery(socket, 'SELECT @@datadir, @@port').trim().split('\t')
    return { datadir, port: Number(port) }
  } catch {
    return null
  }
}

/** A socket path of this data directory alone (short enough for the 108-byte limit of Unix sockets). */
function mariaDbSocket(datadir) {
  return path.join(os.tmpdir(), `draftdesk-${createHash('sha256').update(path.resolve(datadir)).digest('hex').slice(0, 12)}.sock`)
}

/**
 * This checkout's MariaDB if it runs: the pid in our pid file is a mariadbd started on our data
 * directory, and the server on its socket reports that data directory. Never a server found by port.
 */
function runningMariaDb(datadir, pidFile) {
  const pid = alive(pidFile, MARIADB_NAMES)
  if (!pid) return null
  const options = processOptions(pid)
  if (options && !samePath(options.datadir ?? '', datadir)) return null
  const socket = options?.socket ?? mariaDbSocket(datadir)
  const identity = mariaDbIdentity(socket)
  if (!identity || !samePath(identity.datadir, datadir)) return null
  return { pid, port: identity.port, socket }
}

/**
 * Starts (or finds) the MariaDB server of this checkout's profile directory. A port held by anything
 * else, another checkout's server included, is never used: with onBusy 'pick' (the default) the
 * server starts on a free port, remembered in <dir>/ports.json; with 'fail' it stops with a message.
 */
export async function startMariaDb({ dir, port, database, onBusy = 'pick' }) {
  aptInstall(['mariadb-server', 'mariadb-client'], () => !!findBinary(['mariadbd', 'mysqld']))
  const datadir = path.join(dir, 'mariadb')
  const pidFile = path.join(dir, 'mariadb.pid')
  const user = os.userInfo().username
  fs.mkdirSync(dir, { recursive: true })
  let server = runningMariaDb(datadir, pidFile)
  const reused = !!server
  if (!server) {
    const pid = alive(pidFile, MARIADB_NAMES)
    const options = pid ? processOptions(pid) : null
    // A MariaDB on our data directory that does not answer (still starting, hung), or one we cannot
    // inspect: never start a second server on it. Any other process makes the pid file stale.
    if (pid && (options === null || samePath(options.datadir ?? '', datadir))) {
      throw new Error(`${pidFile} names a live MariaDB that is not answering on this checkout's socket; stop it or remove the pid file.`)
    }
    fs.rmSync(pidFile, { force: true })
    const chosen = await choosePort({ name: 'MariaDB', preferred: port, remembered: rememberedPorts(dir).mysql, onBusy, dataDir: datadir })
    if (!fs.existsSync(path.join(datadir, 'mysql'))) {
      const installDb = findBinary(['mariadb-install-db', 'mysql_install_db'])
      execFileSync(installDb, ['--no-defaults', `--datadir=${datadir}`, `--user=${user}`, '--auth-root-authentication-method=normal', '--skip-test-db'], { stdio: 'ignore' })
    }
    const socket = mariaDbSocket(datadir)
    // Its own directory for internal temporary tables: several checkouts' servers sharing /tmp lost
    // their temporary files under load ("Error on delete of '/tmp/#sql-temptable-…MAI'").
    const tmpdir = path.join(dir, 'mariadb-tmp')
    fs.mkdirSync(tmpdir, { recursive: true })
    const logFile = path.join(dir, 'mariadb.log')
    const log = fs.openSync(logFile, 'a')
    const child = spawn(
      findBinary(['mariadbd', 'mysqld']),
      [
        '--no-defaults',
        `--datadir=${datadir}`,
        `--socket=${socket}`,
        `--pid-file=${pidFile}`,
        `--port=${chosen}`,
        '--bind-address=127.0.0.1',
        `--user=${user}`,
        '--skip-name-resolve',
        '--character-set-server=utf8mb4',
        '--collation-server=utf8mb4_unicode_ci',
        '--innodb-buffer-pool-size=256M',
        '--max-connections=500',
        `--tmpdir=${tmpdir}`,
      ],
      { detached: true, stdio: ['ignore', log, log] },
    )
    let exited = false
    child.once('exit', () => {
      exited = true
    })
    child.unref()
    // Ready means our own server answers on our own socket about our own datadir and port; a port
    // that merely accepts connections may be someone else's.
    const deadline = Date.now() + 30000
    for (;;) {
      const identity = mariaDbIdentity(socket)
      if (identity && samePath(identity.datadir, datadir) && identity.port === chosen) {
        server = { pid: child.pid, port: chosen, socket }
        break
      }
      if (exited || Date.now() > deadline) {
        if (!exited)
          try {
            process.kill(child.pid, 'SIGTERM')
          } catch {}
        throw new Error(`This checkout's MariaDB did not start on port ${chosen}:\n${logTail(logFile)}`)
      }
      await sleep(200)
    }
  }
  rememberPorts(dir, { mysql: server.port })
  mariaDbQuery(
    server.socket,
    `CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
     CREATE USER IF NOT EXISTS 'draftdesk'@'127.0.0.1' IDENTIFIED BY 'draftdesk';
     CREATE USER IF NOT EXISTS 'draftdesk'@'localhost' IDENTIFIED BY 'draftdesk';
     GRANT ALL ON *.* TO 'draftdesk'@'127.0.0.1';
     GRANT ALL ON *.* TO 'draftdesk'@'localhost';`,
  )
  return { url: `mysql://draftdesk:draftdesk@127.0.0.1:${server.port}/${database}`, pidFile, port: server.port, reused }
}

/** What a Redis server on a port says its working directory is (null if none answers or CONFIG is refused). */
function redisDir(port) {
  const result = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), '--raw', 'CONFIG', 'GET', 'dir'], { encoding: 'utf8', timeout: 5000 })
  const [key, value] = (result.stdout ?? '').trim().split('\n')
  return result.status === 0 && key === 'dir' && value ? value : null
}

function isOurRedis(port, dir) {
  const served = redisDir(port)
  return !!served && samePath(served, dir)
}

/**
 * Starts (or finds) the Redis server of this checkout's profile directory: ours is the one whose
 * pid file is ours and whose CONFIG dir is our directory. A busy port is handled as for MariaDB.
 */
export async function startRedis({ dir, port, onBusy = 'pick' }) {
  aptInstall(['redis-server'], () => !!findBinary(['redis-server']))
  const pidFile = path.join(dir, 'redis.pid')
  fs.mkdirSync(dir, { recursive: true })
  const remembered = rememberedPorts(dir).redis
  let found = null
  const pid = alive(pidFile, REDIS_NAMES)
  // Redis works in its `dir`: a redis-server elsewhere (another checkout's, the system's) only reused our pid.
  const cwd = pid ? processCwd(pid) : null
  if (pid && (cwd === null || samePath(cwd, dir))) {
    // Redis rewrites its process title, so ask the server on each candidate port where it lives.
    found = [remembered, port].find((p) => p && isOurRedis(p, dir)) ?? null
    if (!found) throw new Error(`${pidFile} names a live process, but no Redis on port ${remembered ?? port} works in ${dir}; stop it or remove the pid file.`)
  }
  const reused = !!found
  if (!found) {
    fs.rmSync(pidFile, { force: true })
    const chosen = await choosePort({ name: 'Redis', preferred: port, remembered, onBusy, dataDir: dir })
    const logFile = path.join(dir, 'redis.log')
    execFileSync(
      findBinary(['redis-server']),
      [
        '--port',
        String(chosen),
        '--bind',
        '127.0.0.1',
        '--daemonize',
        'yes',
        '--dir',
        dir,
        '--pidfile',
        pidFile,
        '--logfile',
        logFile,
        '--maxmemory-policy',
        'noeviction',
        '--save',
        '60 1000',
        '--appendonly',
        'no',
      ],
      { stdio: 'inherit' },
    )
    const deadline = Date.now() + 10000
    while (!isOurRedis(chosen, dir)) {
      if (Date.now() > deadline) throw new Error(`This checkout's Redis did not start on port ${chosen}:\n${logTail(logFile)}`)
      await sleep(100)
    }
    found = chosen
  }
  rememberPorts(dir, { redis: found })
  return { url: `redis://127.0.0.1:${found}`, pidFile, port: found, reused }
}

/** Stops the server a pid file names, only if that pid still runs MariaDB or Redis. */
export function stopByPidFile(pidFile) {
  const pid = alive(pidFile, [...MARIADB_NAMES, ...REDIS_NAMES])
  if (pid) {
    try {
      process.kill(pid, 'SIGTERM')
    } catch {}
  }
}

/** Whether a pid runs this checkout's Stripe emulator (its command line names our entry file). */
function isOurEmulator(pid, entry) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(entry)
  } catch {
    return false
  }
}

async function emulatorAnswers(url) {
  try {
    const res = await fetch(`${url}/_emulator/time`, { signal: AbortSignal.timeout(1000) })
    return res.ok
  } catch {
    return false
  }
}

/**
 * Starts (or finds) the local Stripe emulator (tools/stripe-emulator) of a profile directory, with
 * webhooks signed by a fresh `whsec_` secret and posted to `webhookUrl`. A running one of this
 * checkout is reused when `reuse` is true and it posts to the same URL, or `reuse` is 'any' (npm run
 * worker beside npm start), so both see the same in-memory Stripe; its secret is read from <dir>/stripe-emulator.json (0600).
 * `fixtures`: a module of objects that exist from the start (tools/stripe-emulator/fixtures.ts); a reused
 * emulator already has them.
 */
export async function startStripeEmulator({ dir, port, webhookUrl, reuse = true, fixtures = null }) {
  const entry = path.join(root, 'tools/stripe-emulator/main.ts')
  const pidFile = path.join(dir, 'stripe-emulator.pid')
  const stateFile = path.join(dir, 'stripe-emulator.json')
  fs.mkdirSync(dir, { recursive: true })
  let state = null
  try {
    state = JSON.parse(fs.readFileSync(stateFile, 'utf8'))
  } catch {}
  const runningPid = state?.pid && isOurEmulator(state.pid, entry) ? state.pid : null
  if (reuse && runningPid && (reuse === 'any' || state.webhookUrl === webhookUrl) && (await emulatorAnswers(`http://127.0.0.1:${state.port}`))) {
    return { url: `http://127.0.0.1:${state.port}`, secret: state.secret, pidFile, port: state.port, reused: true }
  }
  const chosen = await findFreePort(rememberedPorts(dir).stripeEmulator ?? port)
  if (!chosen) throw new Error(`No free port for the Stripe emulator near ${port}.`)
  if (chosen !== port) console.log(`Port ${port} (the Stripe emulator) is in use; this run uses ${chosen}.`)
  const secret = `whsec_${randomBytes(24).toString('hex')}`
  const url = `http://127.0.0.1:${chosen}`
  const logFile = path.join(dir, 'stripe-emulator.log')
  const log = fs.openSync(logFile, 'a')
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      STRIPE_EMULATOR_PORT: String(chosen),
      STRIPE_EMULATOR_HOST: '127.0.0.1',
      STRIPE_EMULATOR_WEBHOOK_URL: webhookUrl,
      STRIPE_WEBHOOK_SECRET: secret,
      ...(fixtures ? { STRIPE_EMULATOR_FIXTURES: path.resolve(root, fixtures) } : {}),
    },
  })
  let exited = false
  child.once('exit', () => {
    exited = true
  })
  child.unref()
  fs.writeFileSync(pidFile, `${child.pid}\n`)
  fs.writeFileSync(stateFile, `${JSON.stringify({ pid: child.pid, port: chosen, secret, webhookUrl })}\n`, { mode: 0o600 })
  rememberPorts(dir, { stripeEmulator: chosen })
  const deadline = Date.now() + 30000
  while (!(await emulatorAnswers(url))) {
    if (exited || Date.now() > deadline) {
      if (!exited)
        try {
          process.kill(child.pid, 'SIGTERM')
        } catch {}
      throw new Error(`The Stripe emulator did not start on port ${chosen}:\n${logTail(logFile)}`)
    }
    await sleep(150)
  }
  return { url, secret, pidFile, pid: child.pid, port: chosen, reused: false }
}

/**
 * Stops the emulator this run started (by its own pid, never whatever the shared pid file names now:
 * another run may have started its own since), and forgets the files only while they still name it.
 */
export function stopStripeEmulator(pidFile, pid) {
  const entry = path.join(root, 'tools/stripe-emulator/main.ts')
  try {
    if (pid && isOurEmulator(pid, entry)) process.kill(pid, 'SIGTERM')
  } catch {}
  const stateFile = path.join(path.dirname(pidFile), 'stripe-emulator.json')
  try {
    if (Number(fs.readFileSync(pidFile, 'utf8').trim()) === pid) fs.rmSync(pidFile, { force: true })
  } catch {}
  try {
    if (JSON.parse(fs.readFileSync(stateFile, 'utf8')).pid === pid) fs.rmSync(stateFile, { force: true })
  } catch {}
}

/**
 * Starts (or finds) a local emulator run from its tools/<name>/main.ts, for a profile directory: reused when
 * its recorded pid is our own entry file answering on its port (and `sameState` accepts the recorded state),
 * else started detached on a free port near `port` (remembered in the directory), logging to <name>.log.
 * `env(port)` gives the child its settings; `answers(url)` says it is up.
 */
async function startEmulator({ name, label, dir, port, reuse, env, answers, state: extra = {}, sameState = () => true }) {
  const entry = path.join(root, `tools/${name}/main.ts`)
  const pidFile = path.join(dir, `${name}.pid`)
  const stateFile = path.join(dir, `${name}.json`)
  const portKey = name.replace(/-(\w)/g, (_, c) => c.toUpperCase())
  fs.mkdirSync(dir, { recursive: true })
  let state = null
  try {
    state = JSON.parse(fs.readFileSync(stateFile, 'utf8'))
  } catch {}
  if (reuse && state?.pid && sameState(state) && isOurEmulator(state.pid, entry) && (await answers(`http://127.0.0.1:${state.port}`))) {
    return { url: `http://127.0.0.1:${state.port}`, pidFile, port: state.port, reused: true }
  }
  const chosen = await findFreePort(rememberedPorts(dir)[portKey] ?? port)
  if (!chosen) throw new Error(`No free port for the ${label} near ${port}.`)
  const url = `http://127.0.0.1:${chosen}`
  const logFile = path.join(dir, `${name}.log`)
  const log = fs.openSync(logFile, 'a')
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: root, detached: true, stdio: ['ignore', log, log], env: { ...process.env, ...env(chosen) } })
  let exited = false
  child.once('exit', () => {
    exited = true
  })
  child.unref()
  fs.writeFileSync(pidFile, `${child.pid}\n`)
  fs.writeFileSync(stateFile, `${JSON.stringify({ pid: child.pid, port: chosen, ...extra })}\n`)
  rememberPorts(dir, { [portKey]: chosen })
  const deadline = Date.now() + 30000
  while (!(await answers(url))) {
    if (exited || Date.now() > deadline) {
      if (!exited)
        try {
          process.kill(child.pid, 'SIGTERM')
        } catch {}
      throw new Error(`The ${label} did not start on port ${chosen}:\n${logTail(logFile)}`)
    }
    await sleep(150)
  }
  return { url, pidFile, pid: child.pid, port: chosen, reused: false }
}

/** Stops an emulator this run started, by its own pid (as stopStripeEmulator does). */
function stopEmulator(name, pidFile, pid) {
  const entry = path.join(root, `tools/${name}/main.ts`)
  try {
    if (pid && isOurEmulator(pid, entry)) process.kill(pid, 'SIGTERM')
  } catch {}
  try {
    if (Number(fs.readFileSync(pidFile, 'utf8').trim()) === pid) fs.rmSync(pidFile, { force: true })
  } catch {}
}

/**
 * Starts (or finds) the local CRM emulator (tools/crm-emulator, ADR 0049) of a profile directory: the
 * external CRM and messaging provider the app talks to in development and tests. Reused like the
 * Stripe emulator's (same checks: our own entry file, answering on its port).
 */
export function startCrmEmulator({ dir, port, reuse = true }) {
  return startEmulator({
    name: 'crm-emulator',
    label: 'CRM emulator',
    dir,
    port,
    reuse,
    answers: emulatorAnswers,
    env: (chosen) => ({ CRM_EMULATOR_PORT: String(chosen), CRM_EMULATOR_HOST: '127.0.0.1' }),
  })
}

export const stopCrmEmulator = (pidFile, pid) => stopEmulator('crm-emulator', pidFile, pid)

/** Whether anything answers HTTP at `url` (s3rver answers its root with an S3 error or a bucket list). */
async function httpAnswers(url) {
  try {
    await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) })
    return true
  } catch {
    return false
  }
}

/**
 * Starts (or finds) the local S3 store (tools/s3-emulator: s3rver) of a profile directory, keeping its
 * objects under <dir>/s3 so they outlive restarts like the database does. Reused like the CRM emulator.
 */
export function startS3Emulator({ dir, port, bucket, reuse = true }) {
  return startEmulator({
    name: 's3-emulator',
    label: 'S3 emulator',
    dir,
    port,
    reuse,
    answers: httpAnswers,
    state: { bucket },
    sameState: (state) => state.bucket === bucket,
    env: (chosen) => ({ S3_EMULATOR_PORT: String(chosen), S3_EMULATOR_HOST: '127.0.0.1', S3_EMULATOR_DIR: path.join(dir, 's3'), S3_BUCKET: bucket }),
  })
}

export const stopS3Emulator = (pidFile, pid) => stopEmulator('s3-emulator', pidFile, pid)

export function ensureChromium() {
  aptInstall(['chromium'], () => fs.existsSync('/usr/bin/chromium'))
}

/** HAProxy, the load balancer of `npm run cluster` and its test (ADR 0096). */
export function ensureHaproxy() {
  aptInstall(['haproxy'], () => findBinary(['haproxy']) !== null)
}

export { root, has }
