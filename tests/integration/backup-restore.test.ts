// npm run db:backup and npm run db:restore (ADR 0087): a backup of the seeded database with its uploads,
// restored into a fresh database and directory, holds every row of every table and every file.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise'
import { afterAll, beforeAll, expect, test } from 'vitest'

const run = promisify(execFile)
const source = new URL(process.env.DATABASE_URL!)
const restored = new URL(source)
restored.pathname = `${source.pathname}_restored`
const sourceName = source.pathname.slice(1)
const restoredName = restored.pathname.slice(1)

let work: string
let connection: Connection

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'draftdesk-backup-'))
  connection = await createConnection({ uri: source.toString() })
  await connection.query(`DROP DATABASE IF EXISTS \`${restoredName}\``)
})

afterAll(async () => {
  await connection?.query(`DROP DATABASE IF EXISTS \`${restoredName}\``)
  await connection?.end()
  fs.rmSync(work, { recursive: true, force: true })
})

/**
 * Each base table's row count and a hash of its rows' contents (every column, generated ones too, as
 * hex): equal on both sides means the same rows. CHECKSUM TABLE is no judge: it differs between two
 * copies of the same rows (it reads a stored generated column's bytes as laid out on disk).
 */
async function fingerprint(database: string) {
  const [columns] = await connection.query<RowDataPacket[]>(
    `SELECT c.table_name AS tableName, c.column_name AS columnName FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = ? ORDER BY c.table_name, c.ordinal_position`,
    [database],
  )
  const tables = new Map<string, string[]>()
  for (const { tableName, columnName } of columns) tables.set(String(tableName), [...(tables.get(String(tableName)) ?? []), String(columnName)])
  const rows = await Promise.all(
    [...tables].map(async ([table, names]) => {
      const row = `MD5(CONCAT_WS('|', ${names.map((n) => `IFNULL(HEX(\`${n}\`), 'NULL')`).join(', ')}))`
      const [[result]] = await connection.query<RowDataPacket[]>(
        `SELECT COUNT(*) AS n, COALESCE(SUM(CONV(LEFT(${row}, 12), 16, 10)), 0) AS total, COALESCE(BIT_XOR(CONV(RIGHT(${row}, 15), 16, 10)), 0) AS parity FROM \`${database}\`.\`${table}\``,
      )
      return [table, { rows: Number(result.n), hash: `${result.total}:${result.parity}` }] as const
    }),
  )
  return Object.fromEntries(rows)
}

test('a backup restored into a fresh database and uploads directory has every row and every file', async () => {
  const uploads = path.join(work, 'uploads')
  fs.mkdirSync(uploads)
  const files = {
    'a1b2c3.pdf': Buffer.from('%PDF-1.4 a contract'),
    'd4e5f6.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]),
    'report_x9.csv': Buffer.from('id,name\n1,Ann\n'),
  }
  for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(uploads, name), bytes)
  const backup = path.join(work, 'backup')

  await run('node', ['scripts/backup.mjs', 'backup', '--out', backup], { env: { ...process.env, STORAGE_DIR: uploads } })
  expect(fs.readdirSync(backup).sort()).toEqual(['database.sql.gz', 'manifest.json', 'uploads.tar.gz'])

  const target = path.join(work, 'restored-uploads')
  await run('node', ['scripts/backup.mjs', 'restore', backup], { env: { ...process.env, DATABASE_URL: restored.toString(), STORAGE_DIR: target } })

  const [before, after] = await Promise.all([fingerprint(sourceName), fingerprint(restoredName)])
  expect(Object.keys(before).length).toBeGreaterThan(20)
  expect(before.orders.rows).toBeGreaterThan(0)
  expect(after).toEqual(before)
  for (const [name, bytes] of Object.entries(files)) expect(fs.readFileSync(path.join(target, name))).toEqual(bytes)

  // A second restore onto what is there now is refused without --force: a restore never overwrites by accident.
  const again = await run('node', ['scripts/backup.mjs', 'restore', backup], { env: { ...process.env, DATABASE_URL: restored.toString(), STORAGE_DIR: target } }).catch((e) => e)
  expect(again.code).toBe(1)
  expect(String(again.stderr)).toContain('pass --force')
}, 60_000)
