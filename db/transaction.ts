// Transactions that survive a deadlock. Two requests writing link rows of the same organisation at
// once (two products saved together) can deadlock on InnoDB's gap locks; MariaDB then rolls one of
// them back whole (errno 1213), so running it again is safe as long as the work only touches the
// database. Without this the loser answered 500. `tenantTransaction` is the one way a model opens a
// transaction of an organisation; `inTransaction` the same for platform work (no tenant).
import type { IsolationLevel, Kysely, Transaction } from 'kysely'
import type { TenantScope } from './tenant'

const ER_LOCK_DEADLOCK = 1213

const isDeadlock = (error: unknown) => typeof error === 'object' && error !== null && (error as { errno?: unknown }).errno === ER_LOCK_DEADLOCK

export type TransactionOptions = {
  /** Runs in all, counting the first (3 by default; 1 when the caller has its own retry, e.g. a queued job). */
  attempts?: number
  isolationLevel?: IsolationLevel
}

/** `work` in a transaction, run again (up to `attempts` times in all) when MariaDB picks it as a deadlock's victim. */
export async function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 3
  for (let attempt = 1; ; attempt++) {
    try {
      const builder = db.transaction()
      return await (options.isolationLevel ? builder.setIsolationLevel(options.isolationLevel) : builder).execute(work)
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error
      // A short random wait, so the two runs do not meet again at the same moment.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt))
    }
  }
}

/** `work` against a transaction of this organisation (`tx`: the same tenant on the transaction), with the deadlock retry. */
export function tenantTransaction<T>(t: TenantScope, work: (tx: TenantScope) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  return inTransaction(t.db, (trx) => work({ db: trx, clientId: t.clientId }), options)
}
