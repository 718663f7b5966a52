// npm run db:backup / npm run db:restore (ADR 0087): a consistent dump of the MariaDB database (one
// transaction's snapshot, mariadb-dump --single-transaction) with the uploads directory, and its restore
// into a database and uploads directory that are empty (or replaced with --force).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { rememberedPorts, root } from './services.mjs'

const USAGE = `Usage:
  npm run db:backup [-- --out <directory>]          a new backup (default: backups/<date and time>)
  npm run db:restore -- <backup directory> [--force] into DATABASE_URL's database and the uploads directory
DATABASE_URL and STORAGE_DIR name what is backed up or restored; without DATABASE_URL, npm start's local database.`

const FORMAT = 1

/** The database of DATABASE_URL, or the one `npm start` runs locally (its port remembered under .data/dev). */
function databaseUrl() {
  if (process.env.DATABASE_URL) return new URL(process.env.DATABASE_URL)
  const port = rememberedPorts(path.join(root, '.data/dev')).mysql
  if (!port) throw new Error('DATABASE_URL is not set and no local database of npm start was found: set DATABASE_URL.')
  return new URL(`mysql://draftdesk:draftdesk@127.0.0.1:${port}/draftdesk`)
}

/** Where uploads live: STORAGE_DIR, else the app's default for its APP_ENV (app/services/storage.server.ts). */
function uploadsDir() {
  const appEnv = process.env.APP_ENV ?? (process.env.DATABASE_URL ? 'production' : 'development')
  return path.resolve(process.env.STORAGE_DIR ?? path.join(root, '.data/uploads', appEnv))
}

/** The client options for a URL; the password goes in the environment (MYSQL_PWD), never on a command line others can read. */
function clientArgs(url) {
  return {
    args: [`--host=${url.hostname}`, `--port=${url.port || 3306}`, `--user=${decodeURIComponent(url.username)}`, '--protocol=TCP', '--default-character-set=utf8mb4'],
    env: { ...process.env, MYSQL_PWD: decodeURIComponent(url.password) },
    database: decodeURIComponent(url.pathname.slice(1)),
  }
}

function binary(names) {
  for (const name of names) if (spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0) return name
  throw new Error(`None of ${names.join(', ')} is installed (the MariaDB client).`)
}

function query(url, sql, database = null) {
  const { args, env } = clientArgs(url)
  const result = spawnSync(binary(['mariadb', 'mysql']), [...args, '-N', '-B', '-e', sql, ...(database ? [database] : [])], { env, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`mariadb: ${result.stderr.trim()}`)
  return result.stdout
}

/** Resolves when the child exits 0; rejects with its stderr otherwise. */
function finished(child, what) {
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${what} exited with ${code}: ${stderr.trim()}`))))
  })
}

function listFiles(dir) {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
}

async function backup(out) {
  const url = databaseUrl()
  const { args, env, database } = clientArgs(url)
  const dir = path.resolve(out ?? path.join(root, 'backups', new Date().toISOString().replace(/[:.]/g, '-')))
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) throw new Error(`${dir} is not empty: a backup never overwrites another.`)
  fs.mkdirSync(dir, { recursive: true })
  const started = Date.now()
  // One consistent snapshot of every InnoDB table without locking writers; rows streamed, not buffered.
  const dump = spawn(
    binary(['mariadb-dump', 'mysqldump']),
    [...args, '--single-transaction', '--quick', '--routines', '--triggers', '--events', '--hex-blob', '--no-tablespaces', database],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  await Promise.all([pipeline(dump.stdout, createGzip(), fs.createWriteStream(path.join(dir, 'database.sql.gz'))), finished(dump, 'mariadb-dump')])
  // Uploads after the snapshot: every file a dumped row names was written before its row, so it is here.
  const uploads = uploadsDir()
  const files = listFiles(uploads)
  if (files.length) {
    const tar = spawn('tar', ['-C', uploads, '-czf', path.join(dir, 'uploads.tar.gz'), '.'], { stdio: ['ignore', 'ignore', 'pipe'] })
    await finished(tar, 'tar')
  }
  const manifest = { format: FORMAT, createdAt: new Date().toISOString(), database, uploads: { files: files.length } }
  fs.writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  console.log(`Backup of ${database} and ${files.length} uploaded files written to ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
}

async function restore(from, force) {
  if (!from) throw new Error(USAGE)
  const dir = path.resolve(from)
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'))
  if (manifest.format !== FORMAT) throw new Error(`${dir} is a backup of format ${manifest.format}; this version restores format ${FORMAT}.`)
  const url = databaseUrl()
  const { args, env, database } = clientArgs(url)
  const uploads = uploadsDir()
  const quoted = `\`${database.replaceAll('`', '``')}\``
  const tables = Number(query(url, `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '${database.replaceAll("'", "''")}'`).trim())
  const files = listFiles(uploads).length
  if ((tables || files) && !force) {
    throw new Error(`${database} has ${tables} tables and ${uploads} ${files} files: restore only into an empty database and directory, or pass --force to replace them.`)
  }
  const started = Date.now()
  query(url, `DROP DATABASE IF EXISTS ${quoted}; CREATE DATABASE ${quoted} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`)
  const client = spawn(binary(['mariadb', 'mysql']), [...args, database], { env, stdio: ['pipe', 'ignore', 'pipe'] })
  await Promise.all([pipeline(fs.createReadStream(path.join(dir, 'database.sql.gz')), createGunzip(), client.stdin), finished(client, 'mariadb')])
  fs.rmSync(uploads, { recursive: true, force: true })
  fs.mkdirSync(uploads, { recursive: true })
  if (fs.existsSync(path.join(dir, 'uploads.tar.gz')))
    await finished(spawn('tar', ['-C', uploads, '-xzf', path.join(dir, 'uploads.tar.gz')], { stdio: ['ignore', 'ignore', 'pipe'] }), 'tar')
  console.log(
    `Restored ${manifest.database} (${manifest.createdAt}) into ${database} and ${manifest.uploads.files} files into ${uploads} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  )
}

const [command, ...rest] = process.argv.slice(2)
try {
  if (command === 'backup') {
    const at = rest.indexOf('--out')
    await backup(at >= 0 ? rest[at + 1] : undefined)
  } else if (command === 'restore') {
    await restore(
      rest.find((a) => !a.startsWith('--')),
      rest.includes('--force'),
    )
  } else throw new Error(USAGE)
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
