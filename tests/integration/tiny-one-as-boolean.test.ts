// ADR 0115: TINYINT(1) is read back as a boolean by the row parser itself (patches/mysql2+3.24.6.patch), not by
// a call per field. The same values as the typeCast function gives, by both protocols, and a parser compiled for
// one connection's cast is never handed to a connection with another.
import { createConnection } from 'mysql2/promise'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { poolOptions } from '#db/connection'

const { connectionLimit: _limit, maxPreparedStatements: _statements, ...options } = poolOptions()
const ROWS = `SELECT flag, small, label, payload FROM tiny_one ORDER BY id`

describe('TINYINT(1) as a boolean', () => {
  let app: Awaited<ReturnType<typeof createConnection>>
  let plain: Awaited<ReturnType<typeof createConnection>>
  let called: Awaited<ReturnType<typeof createConnection>>
  let counted: Awaited<ReturnType<typeof createConnection>>
  let calls = 0
  let markedCalls = 0

  beforeAll(async () => {
    app = await createConnection(options)
    const unmarked = options.typeCast as (field: { type: string; length: number; string(): string | null }, next: () => unknown) => unknown
    called = await createConnection({
      ...options,
      // The same rule without the mark: the parser calls it for every field.
      typeCast: (field, next) => {
        calls++
        return unmarked(field, next)
      },
    })
    // The app's mark on a counting cast: the text protocol's parser must not call it.
    counted = await createConnection({
      ...options,
      typeCast: Object.assign(
        (field: Parameters<typeof unmarked>[0], next: () => unknown) => {
          markedCalls++
          return unmarked(field, next)
        },
        { tinyOneAsBoolean: true },
      ),
    })
    const { typeCast: _cast, ...untyped } = options
    plain = await createConnection(untyped)
    // The same temporary table on each connection: the same columns, so the same entry of the parser cache,
    // and nothing left in the schema if the test stops half way.
    for (const connection of [app, plain, called, counted]) {
      await connection.query(`CREATE TEMPORARY TABLE tiny_one (id int PRIMARY KEY, flag tinyint(1) NULL, small tinyint(4) NULL, label varchar(20), payload json)`)
      await connection.query(`INSERT INTO tiny_one VALUES (1, 1, 1, 'one', '{"a":1}'), (2, 0, 7, 'zero', NULL), (3, NULL, NULL, NULL, '[true]'), (4, 2, -3, 'two', '{}')`)
    }
  })

  afterAll(async () => {
    await Promise.all([app.end(), plain.end(), called.end(), counted.end()])
  })

  const expected = [
    { flag: true, small: 1, label: 'one', payload: { a: 1 } },
    { flag: false, small: 7, label: 'zero', payload: null },
    { flag: null, small: null, label: null, payload: [true] },
    // What the cast always did: only 1 is true.
    { flag: false, small: -3, label: 'two', payload: {} },
  ]

  it('reads booleans, leaves every other column as the driver reads it, by the text protocol and the binary one', async () => {
    const [text] = await app.query(ROWS)
    expect(text).toEqual(expected)
    const [binary] = await app.execute(ROWS)
    expect(binary).toEqual(expected)
  })

  it('gives what the unmarked cast gives, without calling it per field', async () => {
    markedCalls = 0
    const [text] = await counted.query(ROWS)
    expect(text).toEqual(expected)
    expect(markedCalls).toBe(0)
    // The binary protocol's parser still calls the cast.
    await counted.execute(ROWS)
    expect(markedCalls).toBe(4 * 4)
    calls = 0
    const [viaCalls] = await called.query(ROWS)
    expect(viaCalls).toEqual(expected)
    expect(calls).toBe(4 * 4)
  })

  it('never shares a compiled parser between connections with different casts', async () => {
    // The same columns again on each: a parser cached for the marked cast must not serve the others.
    for (let round = 0; round < 2; round++) {
      const [[marked], [withoutCast]] = await Promise.all([app.query(ROWS), plain.query(ROWS)])
      expect(marked).toEqual(expected)
      expect((withoutCast as Array<{ flag: unknown }>).map((row) => row.flag)).toEqual([1, 0, null, 2])
      calls = 0
      await called.query(ROWS)
      expect(calls).toBe(16)
    }
  })
})
