// Vitest files run in parallel: each worker gets its own database, cloned from the migrated and seeded
// template that npm test prepares (DATABASE_URL), its own Redis database and its own SMTP sink port.
import { createConnection, type Connection } from 'mysql2/promise'

/** The settings one Vitest worker (VITEST_POOL_ID, 1..maxWorkers) uses instead of the template's. */
export function workerSettings(base: { databaseUrl: string; redisUrl: string; smtpSinkPort: number }, poolId: number) {
  const database = new URL(base.databaseUrl)
  database.pathname = `${database.pathname}_w${poolId}`
  const redis = new URL(base.redisUrl)
  redis.pathname = `/${poolId}`
  return { databaseUrl: database.toString(), redisUrl: redis.toString(), smtpSinkPort: base.smtpSinkPort + poolId }
}

const quote = (name: string) => `\`${name.replaceAll('`', '``')}\``

/** Copies every table of `template` (structure with its foreign keys, then rows) into a new database `copy`. */
async function cloneDatabase(connection: Connection, template: string, copy: string) {
  await connection.query(`DROP DATABASE IF EXISTS ${quote(copy)}`)
  await connection.query(`CREATE DATABASE ${quote(copy)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`)
  await connection.query('SET FOREIGN_KEY_CHECKS = 0, UNIQUE_CHECKS = 0')
  const [tables] = await connection.query<import('mysql2').RowDataPacket[]>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
    [template],
  )
  for (const { name } of tables) {
    const [[created]] = await connection.query<import('mysql2').RowDataPacket[]>(`SHOW CREATE TABLE ${quote(template)}.${quote(name)}`)
    await connection.query(`USE ${quote(copy)}`)
    await connection.query(created['Create Table'])
    // Generated columns cannot be written: copy the stored ones only.
    const [columns] = await connection.query<import('mysql2').RowDataPacket[]>(
      "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = ? AND table_name = ? AND extra NOT LIKE '%GENERATED%' ORDER BY ordinal_position",
      [template, name],
    )
    const list = columns.map((c) => quote(c.name)).join(', ')
    await connection.query(`INSERT INTO ${quote(copy)}.${quote(name)} (${list}) SELECT ${list} FROM ${quote(template)}.${quote(name)}`)
  }
  // Triggers last (after the rows are in): e.g. the one that keeps contract acceptances immutable.
  const [triggers] = await connection.query<import('mysql2').RowDataPacket[]>('SELECT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = ?', [template])
  for (const { name } of triggers) {
    const [[created]] = await connection.query<import('mysql2').RowDataPacket[]>(`SHOW CREATE TRIGGER ${quote(template)}.${quote(name)}`)
    await connection.query(`USE ${quote(copy)}`)
    await connection.query(created['SQL Original Statement'])
  }
}

/** Vitest globalSetup: one database per worker from the template, before any test file runs. */
export default async function setup() {
  const workers = Number(process.env.VITEST_DATABASES ?? 1)
  const template = new URL(process.env.DATABASE_URL!)
  const templateName = template.pathname.slice(1)
  await Promise.all(
    Array.from({ length: workers }, async (_, index) => {
      const connection = await createConnection({ uri: template.toString(), multipleStatements: false })
      try {
        await cloneDatabase(connection, templateName, `${templateName}_w${index + 1}`)
      } finally {
        await connection.end()
      }
    }),
  )
}
