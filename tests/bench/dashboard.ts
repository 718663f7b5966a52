// Dashboard figures for `npm run bench` (issue 12, ADR 0043): the Sales tab's loader, page and JSON
// calls one request at a time, for an organisation with 10,000 orders (Rival Resumes, topped up here)
// and for Demo Writing Co with the 1,000,000 bench orders. Both read rollups only, so the 1M p95 must
// be within 1.2x of the 10k one. Requests alternate between the two, so other load weighs on both alike.
import { sql } from 'kysely'
import { rebuildAnalytics } from '#app/models/analytics.server'
import { platformDb, tenantDb } from '#app/services/db.server'
import { base, ms, ownerCookie, percentile } from './harness'

export const BENCH_DASHBOARD_SMALL = Number(process.env.BENCH_DASHBOARD_SMALL ?? 10_000)
const SAMPLES = Number(process.env.BENCH_DASHBOARD_SAMPLES ?? process.env.BENCH_SAMPLES ?? 60)
const BATCH = 50_000

const SMALL = { org: 'Rival Resumes', owner: 'owner2@demo.test' }
const LARGE = { org: 'Demo Writing Co', owner: 'owner@demo.test' }

/** The Sales tab's loader alone (single fetch's targeted data request), the page, and each JSON call. */
const PATHS: [string, string][] = [
  ['loader (Sales tab data)', '/dashboard.data?_routes=routes%2F_app.dashboard'],
  ['page /dashboard', '/dashboard'],
  ['GET /api/client/homepage', '/api/client/homepage'],
  ['sales-history', '/api/client/homepage/analytics/sales-history'],
  ['orders-history', '/api/client/homepage/analytics/orders-history'],
  ['writers-stats', '/api/client/homepage/analytics/writers-stats'],
  ['products-history', '/api/client/homepage/analytics/products-history'],
  ['total-sales-earnings', '/api/client/homepage/analytics/total-sales-earnings'],
  ['top-ten-selling-products', '/api/client/homepage/analytics/top-ten-selling-products'],
]

const orgId = async (name: string) => (await platformDb.selectFrom('organisations').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id
const countOrders = async (clientId: number) =>
  Number(
    (
      await platformDb
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow()
    ).n,
  )

/**
 * Tops the organisation up to `target` orders over the last two years across its own customers,
 * products and contributors (INSERT ... SELECT over MariaDB's sequence tables, like seed-large.ts).
 */
async function topUpOrders(clientId: number, target: number): Promise<number> {
  const missing = target - (await countOrders(clientId))
  if (missing <= 0) return 0
  await platformDb.connection().execute(async (db) => {
    await sql`CREATE TEMPORARY TABLE IF NOT EXISTS dash_customers (n INT PRIMARY KEY, id BIGINT UNSIGNED, first_name VARCHAR(191), last_name VARCHAR(191), email VARCHAR(191))`.execute(
      db,
    )
    await sql`CREATE TEMPORARY TABLE IF NOT EXISTS dash_products (n INT PRIMARY KEY, id BIGINT UNSIGNED, name VARCHAR(191), price_cents BIGINT, services JSON, module_count INT)`.execute(
      db,
    )
    await sql`CREATE TEMPORARY TABLE IF NOT EXISTS dash_writers (n INT PRIMARY KEY, id BIGINT UNSIGNED)`.execute(db)
    await sql`INSERT INTO dash_customers SELECT ROW_NUMBER() OVER (ORDER BY u.id) - 1, u.id, u.first_name, u.last_name, u.email
      FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.client_id = ${clientId} AND m.role = 'customer'`.execute(db)
    await sql`INSERT INTO dash_products SELECT ROW_NUMBER() OVER (ORDER BY p.id) - 1, p.id, p.name, p.price_cents,
        (SELECT o.services FROM orders o WHERE o.client_id = p.client_id AND o.product_id = p.id LIMIT 1),
        (SELECT o.module_count FROM orders o WHERE o.client_id = p.client_id AND o.product_id = p.id LIMIT 1)
      FROM products p WHERE p.client_id = ${clientId} AND EXISTS (SELECT 1 FROM orders o WHERE o.client_id = p.client_id AND o.product_id = p.id)`.execute(db)
    await sql`INSERT INTO dash_writers SELECT ROW_NUMBER() OVER (ORDER BY m.user_id) - 1, m.user_id FROM memberships m
      WHERE m.client_id = ${clientId} AND m.role = 'user' AND JSON_CONTAINS(m.permissions, '"WRITER"')`.execute(db)
    const counts = (
      await sql<{
        c: number
        p: number
        w: number
      }>`SELECT (SELECT COUNT(*) FROM dash_customers) c, (SELECT COUNT(*) FROM dash_products) p, (SELECT COUNT(*) FROM dash_writers) w`.execute(db)
    ).rows[0]!
    if (!counts.c || !counts.p || !counts.w) throw new Error('The dashboard bench needs the demo seed (customers, products with orders, contributors)')
    for (let from = 1; from <= missing; from += BATCH) {
      const to = Math.min(missing, from + BATCH - 1)
      // Order n was placed n * (two years / missing) ago; a third still open, a tenth unassigned.
      await sql`INSERT IGNORE INTO orders (public_id, client_id, customer_id, product_id, customer_first_name, customer_last_name, customer_name,
          customer_email, package_name, services, module_count, price_cents, writer_id, status_percentage, completed_at, test_order, created_at, updated_at)
        SELECT CONCAT('bd', ${clientId}, 'x', LPAD(s.seq, 18, '0')), ${clientId}, c.id, p.id, c.first_name, c.last_name, CONCAT(c.first_name, ' ', c.last_name),
          c.email, p.name, p.services, p.module_count, p.price_cents,
          IF(s.seq % 10 = 0, NULL, w.id),
          IF(s.seq % 3 = 0, 40, 100),
          IF(s.seq % 3 = 0, NULL, NOW(3) - INTERVAL (s.seq * ${Math.max(1, Math.floor((2 * 365 * 86400) / missing))}) SECOND),
          s.seq % 97 = 0,
          NOW(3) - INTERVAL (s.seq * ${Math.max(1, Math.floor((2 * 365 * 86400) / missing))}) SECOND,
          NOW(3) - INTERVAL (s.seq * ${Math.max(1, Math.floor((2 * 365 * 86400) / missing))}) SECOND
        FROM (SELECT CAST(seq AS SIGNED) AS seq FROM seq_${sql.raw(String(from))}_to_${sql.raw(String(to))}) s
        JOIN dash_customers c ON c.n = s.seq % ${counts.c}
        JOIN dash_products p ON p.n = s.seq % ${counts.p}
        JOIN dash_writers w ON w.n = s.seq % ${counts.w}`.execute(db)
    }
    await sql`DROP TEMPORARY TABLE dash_customers, dash_products, dash_writers`.execute(db)
  })
  return missing
}

/**
 * Bulk-inserted orders skip the events, so the rollups are rebuilt when their facts do not cover every
 * order (timed: the figure the reconcile pays when it has to start over).
 */
async function ensureRollups(clientId: number): Promise<{ rebuiltMs: number | null; orders: number }> {
  const [facts, orders] = await Promise.all([
    platformDb
      .selectFrom('analytics_facts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .where('source', '=', 'order')
      .executeTakeFirst(),
    platformDb
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .where('test_order', '=', false)
      .executeTakeFirstOrThrow(),
  ])
  const all = await countOrders(clientId)
  if (Number(facts?.n ?? 0) === Number(orders.n)) return { rebuiltMs: null, orders: all }
  const started = performance.now()
  await rebuildAnalytics({ db: tenantDb(clientId), clientId })
  return { rebuiltMs: performance.now() - started, orders: all }
}

async function timed(path: string, cookie: string): Promise<number> {
  const started = performance.now()
  const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: 'manual' })
  await res.arrayBuffer()
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
  return performance.now() - started
}

/** The same path for both organisations, alternating request by request; the first few warm the caches. */
async function paired(path: string, cookies: [string, string]) {
  const times: [number[], number[]] = [[], []]
  for (let i = 0; i < SAMPLES + 3; i++) {
    for (const k of [0, 1] as const) {
      const t = await timed(path, cookies[k])
      if (i >= 3) times[k].push(t)
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b)
    return { p50: percentile(list, 50), p95: percentile(list, 95) }
  }) as [{ p50: number; p95: number }, { p50: number; p95: number }]
}

export async function dashboardSection() {
  const [smallId, largeId] = [await orgId(SMALL.org), await orgId(LARGE.org)]
  const added = await topUpOrders(smallId, BENCH_DASHBOARD_SMALL)
  if (added) console.log(`\nDashboard: seeded ${added} orders into ${SMALL.org}`)
  const small = await ensureRollups(smallId)
  const large = await ensureRollups(largeId)
  for (const [name, r] of [
    [SMALL.org, small],
    [LARGE.org, large],
  ] as const) {
    console.log(`Rollups of ${name} (${r.orders} orders): ${r.rebuiltMs === null ? 'up to date' : `rebuilt from the raw rows in ${(r.rebuiltMs / 1000).toFixed(1)} s`}`)
  }
  const cookies: [string, string] = [await ownerCookie(SMALL.owner), await ownerCookie(LARGE.owner)]
  const rows: Record<string, string | number>[] = []
  for (const [what, path] of PATHS) {
    const [s, l] = await paired(path, cookies)
    rows.push({
      what,
      [`p50 ms (${small.orders})`]: ms(s.p50),
      [`p95 ms (${small.orders})`]: ms(s.p95),
      [`p50 ms (${large.orders})`]: ms(l.p50),
      [`p95 ms (${large.orders})`]: ms(l.p95),
      'p95 large/small': (l.p95 / s.p95).toFixed(2),
    })
  }
  console.log(`\nDashboard (Sales tab, rollups), one request at a time, ${SAMPLES} samples each, alternating between the organisations:`)
  console.table(rows)
  const loader = rows[0]!
  console.log(
    `Dashboard loader p95: ${loader[`p95 ms (${small.orders})`]} ms at ${small.orders} orders, ${loader[`p95 ms (${large.orders})`]} ms at ${large.orders} orders: ${loader['p95 large/small']}x (must be within 1.2x)`,
  )
}
