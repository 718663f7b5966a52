// A burst of parallel attempts at one named lock around a shared counter row, run by the test process of
// tests/integration/named-lock.test.ts and by its second process (named-lock.child.ts) at the same time.
import { sql } from 'kysely'
import { holdingNamedLock } from '#app/services/named-lock.server'

/** The shared row: `holders` counts the sections inside at once, `entered` orders them, `taken` the seats won. */
export const PROBE_TABLE = 'named_lock_probe'

export type Attempt = { ok: true; entered: number; holders: number; won: boolean } | { ok: false; error: string }

/**
 * `n` parallel attempts, each: count itself in, read the row, take a seat by writing the read value plus one
 * (a lost update if two sections ever overlapped), count itself out. Every statement runs on the lock's connection.
 */
export function burst(lock: string, n: number, limit: number): Promise<Attempt[]> {
  const attempt = () =>
    holdingNamedLock(lock, async (connection) => {
      await sql`UPDATE named_lock_probe SET holders = holders + 1, entered = entered + 1 WHERE name = ${lock}`.execute(connection)
      const { rows } = await sql<{ holders: number; entered: number; taken: number }>`SELECT holders, entered, taken FROM named_lock_probe WHERE name = ${lock}`.execute(connection)
      const row = rows[0]!
      const won = row.taken < limit
      if (won) await sql`UPDATE named_lock_probe SET taken = ${row.taken + 1} WHERE name = ${lock}`.execute(connection)
      await sql`UPDATE named_lock_probe SET holders = holders - 1 WHERE name = ${lock}`.execute(connection)
      return { ok: true as const, entered: row.entered, holders: row.holders, won }
    }).catch((error: unknown) => ({ ok: false as const, error: String(error) }))
  return Promise.all(Array.from({ length: n }, attempt))
}
