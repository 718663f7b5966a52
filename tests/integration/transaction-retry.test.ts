// inTransaction runs a deadlock's victim again instead of failing the request (a real deadlock on MariaDB).
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { platformDb } from '#app/services/db.server'
import { inTransaction } from '#db/transaction'

const TABLE = sql.raw('deadlock_probe_test')

/** A flag one transaction raises and the other waits for; once raised it stays raised (for the retry). */
function signal() {
  let raise!: () => void
  const raised = new Promise<void>((resolve) => (raise = resolve))
  return { raise, raised }
}

beforeAll(async () => {
  await sql`create table if not exists ${TABLE} (id int primary key, n int not null) engine=InnoDB`.execute(platformDb)
  await sql`replace into ${TABLE} values (1, 0), (2, 0)`.execute(platformDb)
})
afterAll(async () => {
  await sql`drop table if exists ${TABLE}`.execute(platformDb)
})

/**
 * Locks one row, waits until the other transaction holds the other row, then asks for it: each
 * waits on the other, a deadlock whatever the timing. The victim's second run finds the flag raised.
 */
function crossing(first: number, second: number, mine: ReturnType<typeof signal>, theirs: ReturnType<typeof signal>, runs: { n: number }) {
  return inTransaction(platformDb, async (trx) => {
    runs.n++
    await sql`update ${TABLE} set n = n + 1 where id = ${first}`.execute(trx)
    mine.raise()
    await theirs.raised
    await sql`update ${TABLE} set n = n + 1 where id = ${second}`.execute(trx)
  })
}

describe('inTransaction', () => {
  it('runs the victim of a deadlock again, so both writers succeed', async () => {
    const [a, b] = [{ n: 0 }, { n: 0 }]
    const [aHolds, bHolds] = [signal(), signal()]
    await Promise.all([crossing(1, 2, aHolds, bHolds, a), crossing(2, 1, bHolds, aHolds, b)])
    expect(a.n + b.n).toBe(3) // one of them ran twice
    const rows = await sql<{ n: number }>`select n from ${TABLE} order by id`.execute(platformDb)
    expect(rows.rows.map((r) => Number(r.n))).toEqual([2, 2]) // the rolled-back run left nothing behind
  })

  it('does not retry other errors', async () => {
    let runs = 0
    await expect(
      inTransaction(platformDb, async () => {
        runs++
        throw new Error('not a deadlock')
      }),
    ).rejects.toThrow('not a deadlock')
    expect(runs).toBe(1)
  })
})
