// Starts private MariaDB and Redis servers under .data/<profile>/ on loopback, reusing running ones.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
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
    try { return Date.now() - fs.statSync('/var/lib/apt/lists').mtimeMs } catch { return Infinity }
  })()
  const hasLists = fs.existsSync('/var/lib/apt/lists') && fs.readdirSync('/var/lib/apt/lists').some((f) => f.endsWith('Packages') || f.endsWith('Packages.lz4'))
  if (!hasLists || listsAge > 7 * 24 * 3600 * 1000) execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env })
}

function alive(pidFile) {
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim())
    if (!pid) return false
    process.kill(pid, 0)
    return pid
  } catch {
    return false
  }
}

function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => { socket.end(); resolve() })
      socket.once('error', () => {
        socket.destroy()
        if (Date.now() > deadline) reject(new Error(`Nothing listens on 127.0.0.1:${port}`))
        else setTimeout(attempt, 100)
      })
    }
    attempt()
  })
}

export async function startMariaDb({ dir, port, database }) {
  aptInstall(['mariadb-server', 'mariadb-client'], () => !!findBinary(['mariadbd', 'mysqld']))
  const datadir = path.join(dir, 'mariadb')
  const socket = path.join(os.tmpdir(), `draftdesk-${port}.sock`)
  const pidFile = path.join(dir, 'mariadb.pid')
  const user = os.userInfo().username
  fs.mkdirSync(dir, { recursive: true })
  if (!alive(pidFile)) {
    if (!fs.existsSync(path.join(datadir, 'mysql'))) {
      const installDb = findBinary(['mariadb-install-db', 'mysql_install_db'])
      execFileSync(installDb, ['--no-defaults', `--datadir=${datadir}`, `--user=${user}`, '--auth-root-authentication-method=normal', '--skip-test-db'], { stdio: 'ignore' })
    }
    const mariadbd = findBinary(['mariadbd', 'mysqld'])
    const log = fs.openSync(path.join(dir, 'mariadb.log'), 'a')
    const child = spawn(mariadbd, [
      '--no-defaults', `--datadir=${datadir}`, `--socket=${socket}`, `--pid-file=${pidFile}`,
      `--port=${port}`, '--bind-address=127.0.0.1', `--user=${user}`, '--skip-name-resolve',
      '--character-set-server=utf8mb4', '--collation-server=utf8mb4_unicode_ci',
      '--innodb-buffer-pool-size=256M', '--max-connections=500',
    ], { detached: true, stdio: ['ignore', log, log] })
    child.unref()
    await waitForPort(port, 30000)
  }
  const client = findBinary(['mariadb', 'mysql'])
  execFileSync(client, ['--no-defaults', '-uroot', `--socket=${socket}`, '-e',
    `CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
     CREATE USER IF NOT EXISTS 'draftdesk'@'127.0.0.1' IDENTIFIED BY 'draftdesk';
     CREATE USER IF NOT EXISTS 'draftdesk'@'localhost' IDENTIFIED BY 'draftdesk';
     GRANT ALL ON *.* TO 'draftdesk'@'127.0.0.1';
     GRANT ALL ON *.* TO 'draftdesk'@'localhost';`], { stdio: 'inherit' })
  return { url: `mysql://draftdesk:draftdesk@127.0.0.1:${port}/${database}`, pidFile }
}

export async function startRedis({ dir, port }) {
  aptInstall(['redis-server'], () => !!findBinary(['redis-server']))
  const pidFile = path.join(dir, 'redis.pid')
  fs.mkdirSync(dir, { recursive: true })
  if (!alive(pidFile)) {
    execFileSync(findBinary(['redis-server']), [
      '--port', String(port), '--bind', '127.0.0.1', '--daemonize', 'yes', '--dir', dir,
      '--pidfile', pidFile, '--logfile', path.join(dir, 'redis.log'),
      '--maxmemory-policy', 'noeviction', '--save', '60 1000', '--appendonly', 'no',
    ], { stdio: 'inherit' })
    await waitForPort(port, 10000)
  }
  return { url: `redis://127.0.0.1:${port}`, pidFile }
}

export function stopByPidFile(pidFile) {
  const pid = alive(pidFile)
  if (pid) {
    try { process.kill(pid, 'SIGTERM') } catch {}
  }
}

export function ensureChromium() {
  aptInstall(['chromium'], () => fs.existsSync('/usr/bin/chromium'))
}

export { root, has }
