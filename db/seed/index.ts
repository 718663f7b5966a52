// Seeds the demo data: deterministic and idempotent; --if-empty skips a database that has data.
import { createDatabase } from '../connection'
import { seedCore } from './core'

export async function seed({ ifEmpty = false } = {}) {
  const db = createDatabase().withoutPlugins()
  try {
    if (ifEmpty && (await db.selectFrom('organisations').select('id').limit(1).executeTakeFirst())) {
      console.log('Database has data: seed skipped')
      return
    }
    await seedCore(db)
    console.log('Seeded demo data')
  } finally {
    await db.destroy()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seed({ ifEmpty: process.argv.includes('--if-empty') }).catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
