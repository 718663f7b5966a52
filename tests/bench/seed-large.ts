// Bench data on top of the demo seed: many customers in Demo Writing Co, inserted in bulk.
import { sql } from 'kysely'
import { platformDb } from '#app/services/db.server'

export const BENCH_CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20000)

export async function seedLargeData() {
  const org = await platformDb.selectFrom('organisations').select('id').where('name', '=', 'Demo Writing Co').executeTakeFirstOrThrow()
  const existing = await platformDb.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('email', 'like', 'bench%@bench.test').executeTakeFirstOrThrow()
  if (Number(existing.n) >= BENCH_CUSTOMERS) return
  const hash = (await platformDb.selectFrom('users').select('password_hash').where('email', '=', 'owner@demo.test').where('client_id', '=', org.id).executeTakeFirstOrThrow()).password_hash
  const chunk = 1000
  for (let start = 0; start < BENCH_CUSTOMERS; start += chunk) {
    const users = Array.from({ length: Math.min(chunk, BENCH_CUSTOMERS - start) }, (_, i) => {
      const n = start + i
      return {
        public_id: `bench${String(n).padStart(19, '0')}`,
        client_id: org.id,
        email: `bench${n}@bench.test`,
        password_hash: hash,
        first_name: `Bench${n % 977}`,
        last_name: `Customer${n}`,
        created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
      }
    })
    await platformDb.insertInto('users').values(users).onDuplicateKeyUpdate({ first_name: sql`first_name` }).execute()
    await sql`INSERT IGNORE INTO memberships (client_id, user_id, role, permissions, archived, active, created_at)
      SELECT ${org.id}, id, 'customer', '[]', (id % 20 = 0), (id % 15 <> 0), created_at FROM users
      WHERE email LIKE 'bench%@bench.test' AND id NOT IN (SELECT user_id FROM memberships WHERE client_id = ${org.id})`.execute(platformDb)
  }
}
