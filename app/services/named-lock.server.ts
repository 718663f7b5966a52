// MariaDB named locks (GET_LOCK) held for a check and the write it guards, with the work on the lock's own
// connection and at most one connection of this process waiting for each lock (ADR 0100).
import { type Kysely, sql } from 'kysely'
import type { Database } from '#db/types'
import { platformDb } from './db.server'
import { DependencyUnavailableError } from './dependency-failure.server'

/** How long a request waits for a lock (in this process, then at the server) before it gives up. */
export const NAMED_LOCK_TIMEOUT_SECONDS = 10

/** Per lock name, the turn of the last caller of this process: callers wait here, not on a pooled connection. */
const turns = new Map<string, Promise<void>>()

/** A lock not had in time: the database is too busy for this write now; 503 with Retry-After, nothing saved (ADR 0086). */
const notGranted = (name: string) => new DependencyUnavailableError('database', `the lock ${name} was not granted within ${NAMED_LOCK_TIMEOUT_SECONDS} s`)

/** Waits for `previous` at most `ms`; true when it came in time. */
function inTime(previous: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([previous.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]).finally(() => clearTimeout(timer))
}

/**
 * Runs `work` while holding the named lock `name` (prefixed with the database's name: named locks are
 * server-wide, and tests' cloned databases or a second environment on one server must not wait on each other).
 * `work` gets the lock's own connection and must run every query of the guarded section through it: a holder
 * that needed a second pooled connection would wait behind the waiters, who each hold one, until the lock's
 * timeout. Waiters of this process queue in memory first, so a burst of requests for one lock takes one
 * connection per process, not the whole pool; GET_LOCK still orders the processes between them.
 */
export async function holdingNamedLock<T>(name: string, work: (connection: Kysely<Database>) => Promise<T>): Promise<T> {
  const previous = turns.get(name) ?? Promise.resolve()
  let done!: () => void
  const mine = new Promise<void>((resolve) => (done = resolve))
  const turn = previous.then(() => mine)
  turns.set(name, turn)
  try {
    if (!(await inTime(previous, NAMED_LOCK_TIMEOUT_SECONDS * 1000))) throw notGranted(name)
    return await platformDb.connection().execute(async (connection) => {
      const got = await sql<{ locked: number | null }>`SELECT GET_LOCK(CONCAT(DATABASE(), ${name}), ${NAMED_LOCK_TIMEOUT_SECONDS}) AS locked`.execute(connection)
      if (Number(got.rows[0]?.locked) !== 1) throw notGranted(name)
      try {
        return await work(connection)
      } finally {
        await sql`SELECT RELEASE_LOCK(CONCAT(DATABASE(), ${name}))`.execute(connection)
      }
    })
  } finally {
    done()
    if (turns.get(name) === turn) turns.delete(name)
  }
}
