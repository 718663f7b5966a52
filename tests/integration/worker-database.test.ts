// Each Vitest worker works on its own copy of the seeded database and its own Redis database
// (tests/worker-databases.ts), never on the template Playwright's server uses.
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { platformDb } from '#app/services/db.server'
import { redis } from '#app/services/redis.server'
import { workerSettings } from '#tests/worker-databases'

afterAll(async () => {
  await redis().quit()
})

describe('the worker databases', () => {
  const poolId = Number(process.env.VITEST_POOL_ID)
  const template = new URL(process.env.TEST_TEMPLATE_DATABASE_URL!).pathname.slice(1)

  it('this worker is connected to its own copy, not the template', async () => {
    const { rows } = await sql<{ name: string }>`SELECT DATABASE() AS name`.execute(platformDb)
    expect(rows[0]!.name).toBe(`${template}_w${poolId}`)
    expect(rows[0]!.name).not.toBe(template)
  })

  it('the copy holds the seed, with the foreign keys of the template', async () => {
    const demo = await platformDb.selectFrom('organisations').select('id').where('name', '=', 'Demo Writing Co').executeTakeFirst()
    expect(demo).toBeDefined()
    const count = async (schema: string) =>
      Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM information_schema.referential_constraints WHERE constraint_schema = ${schema}`.execute(platformDb)).rows[0]!.n)
    expect(await count(`${template}_w${poolId}`)).toBe(await count(template))
    expect(await count(template)).toBeGreaterThan(0)
  })

  it('Redis and the SMTP sink port are the worker’s own too', async () => {
    const own = workerSettings(
      { databaseUrl: process.env.TEST_TEMPLATE_DATABASE_URL!, redisUrl: process.env.TEST_TEMPLATE_REDIS_URL!, smtpSinkPort: Number(process.env.TEST_TEMPLATE_SMTP_SINK_PORT) },
      poolId,
    )
    expect(process.env.REDIS_URL).toBe(own.redisUrl)
    expect(Number(process.env.SMTP_SINK_PORT)).toBe(Number(process.env.TEST_TEMPLATE_SMTP_SINK_PORT) + poolId)
    const info = await redis().call('CLIENT', 'INFO')
    expect(String(info)).toMatch(new RegExp(`\\bdb=${poolId}\\b`))
  })
})
