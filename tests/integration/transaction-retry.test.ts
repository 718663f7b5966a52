// inTransaction and tenantTransaction run a deadlock's victim again instead of failing the request (a real deadlock on MariaDB).
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { platformDb } from '#app/services/db.server'
import { inTransaction, tenantTransaction } from '#db/transaction'

const TABLE = sql.raw('deadlock_probe_test')

/** A flag one transaction raises and the other waits for; once raised it stays raised (for the retry). */
function signal() {
  let raise!: () => void
  const raised = new Promise<void>((resolve) => (raise = resolve))
  return { raise, raised }
}

async function resetRows() {
  await sql`replace into ${TABLE} values (1, 0), (2, 0)`.execute(platformDb)
}

beforeAll(async () => {
  await sql`create table if not exists ${TABLE} (id int primary key, n int not null) engine=InnoDB`.execute(platformDb)
  await resetRows()
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

describe('tenantTransaction', () => {
  /** The same crossing, through the tenant helper: the work gets the organisation on the transaction. */
  function tenantCrossing(first: number, second: number, mine: ReturnType<typeof signal>, theirs: ReturnType<typeof signal>, runs: { n: number; clientIds: number[] }) {
    return tenantTransaction({ db: platformDb, clientId: 7 }, async (tx) => {
      runs.clientIds.push(tx.clientId)
      await tenantCrossingWork(tx.db, first, second, mine, theirs, runs)
    })
  }

  it('runs the victim of a deadlock again on a transaction of the same organisation', async () => {
    await resetRows()
    const [a, b] = [
      { n: 0, clientIds: [] as number[] },
      { n: 0, clientIds: [] as number[] },
    ]
    const [aHolds, bHolds] = [signal(), signal()]
    await Promise.all([tenantCrossing(1, 2, aHolds, bHolds, a), tenantCrossing(2, 1, bHolds, aHolds, b)])
    expect(a.n + b.n).toBe(3)
    expect([...a.clientIds, ...b.clientIds]).toEqual([7, 7, 7])
    const rows = await sql<{ n: number }>`select n from ${TABLE} order by id`.execute(platformDb)
    expect(rows.rows.map((r) => Number(r.n))).toEqual([2, 2])
  })

  it('runs once when asked for one attempt', async () => {
    await resetRows()
    const [a, b] = [
      { n: 0, clientIds: [] as number[] },
      { n: 0, clientIds: [] as number[] },
    ]
    const [aHolds, bHolds] = [signal(), signal()]
    const results = await Promise.allSettled([
      tenantTransaction({ db: platformDb, clientId: 7 }, (tx) => tenantCrossingWork(tx.db, 1, 2, aHolds, bHolds, a), { attempts: 1 }),
      tenantTransaction({ db: platformDb, clientId: 7 }, (tx) => tenantCrossingWork(tx.db, 2, 1, bHolds, aHolds, b), { attempts: 1 }),
    ])
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1)
    expect(a.n + b.n).toBe(2)
  })
})

async function tenantCrossingWork(db: typeof platformDb, first: number, second: number, mine: ReturnType<typeof signal>, theirs: ReturnType<typeof signal>, runs: { n: number }) {
  runs.n++
  await sql`update ${TABLE} set n = n + 1 where id = ${first}`.execute(db)
  mine.raise()
  await theirs.raised
  await sql`update ${TABLE} set n = n + 1 where id = ${second}`.execute(db)
}
