// ADR 0113: the queries every request runs (the session, the account) are compiled once; each call binds
// its own values into the same SQL and reads exactly what the query builder would have read.
import { describe, expect, it } from 'vitest'
import { platformDb } from '#app/services/db.server'
import { compiledOnce } from '#db/compiled-once'

const usersOf = (clientId: number, active: boolean) =>
  platformDb.selectFrom('users').select(['id', 'email', 'created_at']).where('client_id', '=', clientId).where('active', '=', active).orderBy('id').limit(20)

describe('compiledOnce', () => {
  it('reads what the query builder reads, for each call’s values, compiling once', async () => {
    let builds = 0
    const compiled = compiledOnce(platformDb, (clientId: number, active: boolean) => {
      builds++
      return usersOf(clientId, active)
    })
    const organisations = await platformDb.selectFrom('organisations').select('id').orderBy('id').limit(3).execute()
    expect(organisations.length).toBeGreaterThan(1)
    for (const { id } of organisations) {
      for (const active of [true, false]) expect(await compiled(id, active)).toEqual(await usersOf(id, active).execute())
    }
    expect((await compiled(organisations[0]!.id, true)).length).toBeGreaterThan(0)
    expect(builds).toBe(1)
  })

  it('keeps the values that belong to the shape and shares the SQL between concurrent first calls', async () => {
    let builds = 0
    const byEmail = compiledOnce(platformDb, (email: string) => {
      builds++
      // 'client' and 1 are part of the shape, not arguments.
      return platformDb.selectFrom('users').select('id').where('email', '=', email).where('client_id', '=', 1).where('email', '!=', 'client')
    })
    const owner = await platformDb.selectFrom('users').select(['id', 'email']).where('client_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()
    const [first, second, none] = await Promise.all([byEmail(owner.email), byEmail(owner.email), byEmail('nobody@example.invalid')])
    expect(first).toEqual([{ id: owner.id }])
    expect(second).toEqual(first)
    expect(none).toEqual([])
    expect(builds).toBe(1)
  })

  it('refuses a shape that leaves an argument out (its value would be silently ignored)', async () => {
    const ignoring = compiledOnce(platformDb, (_clientId: number) => platformDb.selectFrom('users').select('id').limit(1))
    await expect(ignoring(1)).rejects.toThrow(/argument 0 is not one of the query's values/)
  })
})
