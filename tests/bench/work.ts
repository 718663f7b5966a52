// My work figures for `npm run bench` (issue 26, ADR 0066): a bench writer of Demo Writing Co holding 200
// of the large seed's 1,000,000 orders (almost all open, the heavy case of the list), the /work page beside
// GET /api/writer/orders one request at a time and at c=50, plus the filters' JSON.
import { sql } from 'kysely'
import { platformDb } from '#app/services/db.server'
import { CONNECTIONS, DURATION, latency, load, loadAlternating, ms, ownerCookie, probe } from './harness'

const WRITER_EMAIL = 'bench-writer@bench.test'
const ASSIGNED = Number(process.env.BENCH_WORK_ORDERS ?? 200)

type Row = Record<string, string | number>

/** The bench writer (WRITER, a profile with no services: every product) and their orders, made once. */
async function benchWriter(): Promise<{ clientId: number; userId: number }> {
  const org = await platformDb.selectFrom('organisations').select('id').where('name', '=', 'Demo Writing Co').executeTakeFirstOrThrow()
  let user = await platformDb.selectFrom('users').select('id').where('email', '=', WRITER_EMAIL).where('client_id', '=', org.id).executeTakeFirst()
  if (!user) {
    const hash = (await platformDb.selectFrom('users').select('password_hash').where('email', '=', 'owner@demo.test').where('client_id', '=', org.id).executeTakeFirstOrThrow())
      .password_hash
    const inserted = await platformDb
      .insertInto('users')
      .values({ public_id: 'benchwriter000000000000', client_id: org.id, email: WRITER_EMAIL, password_hash: hash, first_name: 'Bench', last_name: 'Writer' })
      .executeTakeFirstOrThrow()
    user = { id: Number(inserted.insertId) }
    await platformDb
      .insertInto('memberships')
      .values({ client_id: org.id, user_id: user.id, role: 'user', permissions: JSON.stringify(['WRITER']), active: true, archived: false })
      .execute()
    await platformDb
      .insertInto('writer_profiles')
      .values({
        client_id: org.id,
        user_id: user.id,
        levels: '[]',
        services: '[]',
        languages: '[]',
        certificates: '[]',
        expertise: '[]',
        available_days: '[]',
        scheduling_link: null,
      })
      .execute()
  }
  // Bench orders 1, 100, 199, ...: all among the newest 20,000, which the seed leaves open (a tenth archived).
  const ids = Array.from({ length: ASSIGNED }, (_, k) => `bo${String(1 + k * 99).padStart(22, '0')}`)
  await platformDb.updateTable('orders').set({ writer_id: user.id }).where('client_id', '=', org.id).where('public_id', 'in', ids).execute()
  const held = await platformDb
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`SUM(archived = 0 AND status_percentage < 100 AND marked_as_complete = 0)`.as('open')])
    .where('client_id', '=', org.id)
    .where('writer_id', '=', user.id)
    .executeTakeFirstOrThrow()
  console.log(`\nMy work: ${WRITER_EMAIL} holds ${held.n} orders (${held.open} open, not archived) among the organisation's orders`)
  return { clientId: org.id, userId: user.id }
}

/** The plan of the open-orders query (listMyWork): which indexes MariaDB takes for the OR of both sides. */
async function explainOpenList(clientId: number, userId: number) {
  const plan = await sql<Record<string, unknown>>`EXPLAIN SELECT o.id FROM orders o WHERE o.client_id = ${clientId}
    AND (o.writer_id = ${userId} OR o.reviewer_id = ${userId}) AND o.archived = 0 AND o.status_percentage < 100
    AND o.marked_as_complete = 0 ORDER BY o.due_date IS NULL, o.due_date LIMIT 2000`.execute(platformDb)
  for (const row of plan.rows) console.log(`EXPLAIN open list: type ${row.type}, key ${row.key}, rows ${row.rows}, ${row.Extra}`)
}

export async function workSection(serverPid: number) {
  const { clientId, userId } = await benchWriter()
  await explainOpenList(clientId, userId)
  const cookie = await ownerCookie(WRITER_EMAIL)
  const first = await probe('/api/writer/orders', cookie)
  if (first.status !== 200) {
    console.log(`My work skipped: GET /api/writer/orders answers ${first.status}`)
    return
  }
  const paths: [string, string][] = [
    ['My work page', '/work'],
    ['My work JSON', '/api/writer/orders'],
    ['JSON, waiting on me', '/api/writer/orders?filter=waiting-on-me'],
    ['JSON, due soon', '/api/writer/orders?filter=due-soon'],
    ['JSON, done', '/api/writer/orders?filter=done'],
    ['JSON, page 4 of 25', '/api/writer/orders?page=4'],
  ]
  const rows: Row[] = []
  for (const [what, path] of paths) {
    const { p50, p95, samples } = await latency(path, cookie)
    rows.push({ what, path, 'p50 ms': ms(p50), 'p95 ms': ms(p95), samples })
  }
  // The demo writer holds a share of the million (most of them done): the list must not read the done ones.
  const heavy = await ownerCookie('writer@demo.test')
  const heavyCount = JSON.parse((await probe('/api/writer/orders', heavy)).body).count
  const heavyLatency = await latency('/api/writer/orders', heavy, 20)
  rows.push({
    what: `JSON, writer@demo.test (${heavyCount} listed)`,
    path: '/api/writer/orders',
    'p50 ms': ms(heavyLatency.p50),
    'p95 ms': ms(heavyLatency.p95),
    samples: heavyLatency.samples,
  })
  console.log(`My work (${JSON.parse(first.body).count} open orders listed), one request at a time:`)
  console.table(rows)
  await load('/work', cookie, 1)
  await load('/api/writer/orders', cookie, 1)
  const { a: page, b: json } = await loadAlternating('/work', '/api/writer/orders', cookie, DURATION, serverPid)
  console.log(`My work at c=${CONNECTIONS} (${DURATION} s in alternating slices):`)
  console.table([
    { what: 'page /work', 'req/s': Math.round(page.rps), 'p50 ms': ms(page.p50), 'p95 ms': ms(page.p95), 'CPU ms/req': page.cpuPerRequest.toFixed(2), 'non-2xx': page.failed },
    {
      what: 'JSON /api/writer/orders',
      'req/s': Math.round(json.rps),
      'p50 ms': ms(json.p50),
      'p95 ms': ms(json.p95),
      'CPU ms/req': json.cpuPerRequest.toFixed(2),
      'non-2xx': json.failed,
    },
  ])
}
