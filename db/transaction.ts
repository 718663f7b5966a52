// Transactions that survive a deadlock. Two requests writing link rows of the same organisation at
// once (two products saved together) can deadlock on InnoDB's gap locks; MariaDB then rolls one of
// them back whole (errno 1213), so running it again is safe as long as the work only touches the
// database. Without this the loser answered 500.
import type { Kysely, Transaction } from 'kysely'

const ER_LOCK_DEADLOCK = 1213

const isDeadlock = (error: unknown) => typeof error === 'object' && error !== null && (error as { errno?: unknown }).errno === ER_LOCK_DEADLOCK

/** `work` in a transaction, run again (up to `attempts` times in all) when MariaDB picks it as a deadlock's victim. */
export async function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work)
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error
      // A short random wait, so the two runs do not meet again at the same moment.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt))
    }
  }
}
