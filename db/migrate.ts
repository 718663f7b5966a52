// Applies every migration in db/migrations; --fresh drops all tables first (tests and bench only).
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { FileMigrationProvider, Migrator } from 'kysely/migration'
import { createDatabase } from './connection'

export async function migrateToLatest({ fresh = false } = {}) {
  const db = createDatabase().withoutPlugins()
  try {
    if (fresh) {
      if (process.env.APP_ENV === 'production') throw new Error('Refusing --fresh in production')
      const tables = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()`.execute(db)
      await sql`SET FOREIGN_KEY_CHECKS = 0`.execute(db)
      for (const { name } of tables.rows) await sql`DROP TABLE IF EXISTS ${sql.table(name)}`.execute(db)
      await sql`SET FOREIGN_KEY_CHECKS = 1`.execute(db)
    }
    const migrator = new Migrator({
      db,
      provider: new FileMigrationProvider({ fs, path, migrationFolder: path.join(import.meta.dirname, 'migrations') }),
    })
    const { error, results } = await migrator.migrateToLatest()
    for (const r of results ?? []) {
      if (r.status === 'Success') console.log(`migrated ${r.migrationName}`)
      else if (r.status === 'Error') console.error(`failed ${r.migrationName}`)
    }
    if (error) throw error
  } finally {
    await db.destroy()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  migrateToLatest({ fresh: process.argv.includes('--fresh') }).catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
