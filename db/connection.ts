// Builds a Kysely instance for DATABASE_URL; shared by the app, migrations, seeds and tests.
import { Kysely, MysqlDialect } from 'kysely'
import { createPool, type PoolOptions, type TypeCast } from 'mysql2'
import type { Database } from './types'

export function poolOptions(url = process.env.DATABASE_URL): PoolOptions {
  if (!url) throw new Error('DATABASE_URL is not set (npm start and npm test set it for you).')
  return {
    uri: url,
    connectionLimit: Number(process.env.DATABASE_POOL_SIZE ?? 20),
    timezone: 'Z',
    charset: 'utf8mb4_unicode_ci',
    supportBigNumbers: true,
    // Kysely sends text queries, never prepared statements; mysql2 would size each connection's statement
    // cache for 16,000 of them up front (four arrays, 0.5 MB a connection, 10 MB of a pool; ADR 0105).
    maxPreparedStatements: 16,
    typeCast: tinyOneAsBoolean,
  }
}

/**
 * TINYINT(1) is how MariaDB stores booleans: read it back as one. Marked, the text protocol's row parser does
 * this itself (patches/mysql2+*.patch, ADR 0115) instead of calling this function, with a closure, for every
 * field of every row; the binary protocol still calls it.
 */
type TypeCastFunction = Extract<TypeCast, (...args: never[]) => unknown>
const tinyOneAsBoolean: TypeCastFunction & { tinyOneAsBoolean: true } = Object.assign(
  (field: Parameters<TypeCastFunction>[0], next: Parameters<TypeCastFunction>[1]) => {
    if (field.type === 'TINY' && field.length === 1) {
      const value = field.string()
      return value === null ? null : value === '1'
    }
    return next()
  },
  { tinyOneAsBoolean: true as const },
)

/** Unguarded: the app wraps it in tenant guards (app/services/db.server.ts); migrations and seeds use it as is. */
export function createDatabase(url?: string): Kysely<Database> {
  return new Kysely<Database>({ dialect: new MysqlDialect({ pool: createPool(poolOptions(url)) }) })
}
