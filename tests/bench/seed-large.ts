// Bench data on top of the demo seed: in Demo Writing Co 20,000 extra customers and 1,000,000 orders, and
// 48 small organisations beside it (50 in all, issue 29 "At scale"), written by the database itself
// (INSERT ... SELECT over MariaDB's sequence tables), skipped once there.
import { sql } from 'kysely'
import { platformDb } from '#app/services/db.server'

export const BENCH_CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20000)
export const BENCH_ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000)
/** Rows per INSERT ... SELECT: big enough to be fast, small enough for the undo log. */
const ORDER_BATCH = 100_000

const demoOrg = async () => (await platformDb.selectFrom('organisations').select('id').where('name', '=', 'Demo Writing Co').executeTakeFirstOrThrow()).id

export async function seedLargeCustomers() {
  const orgId = await demoOrg()
  const existing = await platformDb
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', 'like', 'bench%@bench.test')
    .executeTakeFirstOrThrow()
  if (Number(existing.n) >= BENCH_CUSTOMERS) return false
  const hash = (await platformDb.selectFrom('users').select('password_hash').where('email', '=', 'owner@demo.test').where('client_id', '=', orgId).executeTakeFirstOrThrow())
    .password_hash
  const chunk = 1000
  for (let start = 0; start < BENCH_CUSTOMERS; start += chunk) {
    const users = Array.from({ length: Math.min(chunk, BENCH_CUSTOMERS - start) }, (_, i) => {
      const n = start + i
      return {
        public_id: `bench${String(n).padStart(19, '0')}`,
        client_id: orgId,
        email: `bench${n}@bench.test`,
        password_hash: hash,
        first_name: `Bench${n % 977}`,
        last_name: `Customer${n}`,
        created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
      }
    })
    await platformDb
      .insertInto('users')
      .values(users)
      .onDuplicateKeyUpdate({ first_name: sql`first_name` })
      .execute()
  }
  await sql`INSERT IGNORE INTO memberships (client_id, user_id, role, permissions, archived, active, created_at)
    SELECT ${orgId}, id, 'customer', '[]', (id % 20 = 0), (id % 15 <> 0), created_at FROM users
    WHERE client_id = ${orgId} AND email LIKE 'bench%@bench.test'`.execute(platformDb)
  return true
}

const benchOrderId = (n: number) => `bo${String(n).padStart(22, '0')}`

/**
 * BENCH_ORDERS orders over the last three years across the organisation's customers, products and
 * writers, in varied states (archived, completed, priorities, due dates, unassigned; a third stays
 * open at every age, so even the default list, which hides completed orders older than six months, is deep). Foreign keys
 * are checked by construction, so the bulk insert runs without them on its own connection.
 */
export async function seedLargeOrders(): Promise<boolean> {
  const orgId = await demoOrg()
  if (await platformDb.selectFrom('orders').select('id').where('public_id', '=', benchOrderId(BENCH_ORDERS)).executeTakeFirst()) return false
  await platformDb.connection().execute(async (db) => {
    await sql`SET SESSION foreign_key_checks = 0, unique_checks = 0`.execute(db)
    // Lookup tables numbered from 0, so row n picks customer n % count.
    await sql`CREATE TEMPORARY TABLE bench_customers (n INT PRIMARY KEY, id BIGINT UNSIGNED, first_name VARCHAR(191), last_name VARCHAR(191), email VARCHAR(191))`.execute(db)
    await sql`INSERT INTO bench_customers SELECT ROW_NUMBER() OVER (ORDER BY u.id) - 1, u.id, u.first_name, u.last_name, u.email
      FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.client_id = ${orgId} AND m.role = 'customer'`.execute(db)
    await sql`CREATE TEMPORARY TABLE bench_products (n INT PRIMARY KEY, id BIGINT UNSIGNED, name VARCHAR(191), price_cents BIGINT, services JSON, module_count INT)`.execute(db)
    // The same snapshot the demo seed's orders carry (one order per product is enough to copy from).
    await sql`INSERT INTO bench_products SELECT ROW_NUMBER() OVER (ORDER BY p.id) - 1, p.id, p.name, p.price_cents,
        (SELECT o.services FROM orders o WHERE o.client_id = p.client_id AND o.product_id = p.id LIMIT 1),
        (SELECT o.module_count FROM orders o WHERE o.client_id = p.client_id AND o.product_id = p.id LIMIT 1)
      FROM products p WHERE p.client_id = ${orgId} AND EXISTS (SELECT 1 FROM orders o WHERE o.client_id = p.client_id AND o.product_id = p.id)`.execute(db)
    await sql`CREATE TEMPORARY TABLE bench_writers (n INT PRIMARY KEY, id BIGINT UNSIGNED)`.execute(db)
    await sql`INSERT INTO bench_writers SELECT ROW_NUMBER() OVER (ORDER BY m.user_id) - 1, m.user_id FROM memberships m
      WHERE m.client_id = ${orgId} AND m.role = 'user' AND JSON_CONTAINS(m.permissions, '"WRITER"')`.execute(db)
    const counts = (
      await sql<{
        c: number
        p: number
        w: number
      }>`SELECT (SELECT COUNT(*) FROM bench_customers) c, (SELECT COUNT(*) FROM bench_products) p, (SELECT COUNT(*) FROM bench_writers) w`.execute(db)
    ).rows[0]!
    if (!counts.c || !counts.p || !counts.w) throw new Error('Bench orders need the demo seed (customers, products with orders, writers)')
    for (let from = 1; from <= BENCH_ORDERS; from += ORDER_BATCH) {
      const to = Math.min(BENCH_ORDERS, from + ORDER_BATCH - 1)
      // Newest first by n: order n was placed n * 90 seconds ago (a million orders span ~2.9 years).
      await sql`INSERT IGNORE INTO orders (public_id, client_id, customer_id, product_id, customer_first_name, customer_last_name, customer_name,
          customer_email, package_name, services, module_count, price_cents, writer_id, status_percentage, priority, due_date, assigned_at,
          completed_at, archived, test_order, hide_order, last_task_id, last_task_at, created_at, updated_at)
        SELECT CONCAT('bo', LPAD(s.seq, 22, '0')), ${orgId}, c.id, p.id, c.first_name, c.last_name, CONCAT(c.first_name, ' ', c.last_name),
          c.email, p.name, p.services, p.module_count, p.price_cents,
          IF(s.seq % 9 = 0, NULL, w.id),
          IF(s.seq > 20000 AND s.seq % 3 <> 0, 100, (s.seq * 37) % 100),
          ELT(1 + s.seq % 4, 'urgent', 'high', 'medium', 'low'),
          IF(s.seq % 5 = 0, NULL, NOW(3) - INTERVAL (s.seq * 90) SECOND + INTERVAL (s.seq % 30) DAY),
          IF(s.seq % 9 = 0, NULL, NOW(3) - INTERVAL GREATEST(0, s.seq * 90 - 3600) SECOND),
          IF(s.seq > 20000 AND s.seq % 3 <> 0, NOW(3) - INTERVAL (s.seq * 90 - 864000) SECOND, NULL),
          s.seq % 10 = 0, s.seq % 97 = 0, s.seq % 89 = 0,
          ELT(1 + s.seq % 4, 'previous_document', 'additional_questionnaire', 'revision_process', 'final_document'),
          NOW(3) - INTERVAL GREATEST(0, s.seq * 90 - 7200) SECOND,
          NOW(3) - INTERVAL (s.seq * 90) SECOND, NOW(3) - INTERVAL GREATEST(0, s.seq * 90 - 7200) SECOND
        FROM (SELECT CAST(seq AS SIGNED) AS seq FROM seq_${sql.raw(String(from))}_to_${sql.raw(String(to))}) s
        JOIN bench_customers c ON c.n = s.seq % ${counts.c}
        JOIN bench_products p ON p.n = s.seq % ${counts.p}
        JOIN bench_writers w ON w.n = s.seq % ${counts.w}`.execute(db)
    }
    await sql`SET SESSION foreign_key_checks = 1, unique_checks = 1`.execute(db)
  })
  return true
}

/** Organisations beside the two of the demo seed: 50 in all, one large (Demo Writing Co) and 49 small. */
export const BENCH_SMALL_ORGANISATIONS = Number(process.env.BENCH_SMALL_ORGANISATIONS ?? 48)
/** Orders of each small organisation (Rival Resumes keeps its demo 40). */
export const BENCH_SMALL_ORDERS = Number(process.env.BENCH_SMALL_ORDERS ?? 1000)
const SMALL_CUSTOMERS = 20

/** The owner of small organisation n (1-based), who signs in with the demo password. */
export const smallOwnerEmail = (n: number) => `owner@benchorg${n}.bench.test`

/**
 * BENCH_SMALL_ORGANISATIONS organisations, each with an owner (the demo password), 20 customers, Rival
 * Resumes' products and BENCH_SMALL_ORDERS orders, every table in one INSERT ... SELECT over all of them.
 */
export async function seedSmallOrganisations(): Promise<boolean> {
  const count = BENCH_SMALL_ORGANISATIONS
  if (count < 1) return false
  // The last order of the last organisation: every statement below is INSERT IGNORE, so an interrupted seed resumes.
  const lastOrder = `boo${String(count).padStart(8, '0')}${String(BENCH_SMALL_ORDERS).padStart(13, '0')}`
  if (await platformDb.selectFrom('orders').select('id').where('public_id', '=', lastOrder).executeTakeFirst()) return false
  const rival = (await platformDb.selectFrom('organisations').select('id').where('name', '=', 'Rival Resumes').executeTakeFirstOrThrow()).id
  const hash = (await platformDb.selectFrom('users').select('password_hash').where('email', '=', 'owner@demo.test').executeTakeFirstOrThrow()).password_hash
  const seq = (to: number) => sql.raw(`seq_1_to_${to}`)
  await platformDb.connection().execute(async (db) => {
    await sql`INSERT IGNORE INTO organisations (public_id, name, subdomain, currency_type, package_status, created_at)
      SELECT CONCAT('benchorg', LPAD(seq, 16, '0')), CONCAT('Bench Organisation ', seq), CONCAT('benchorg', seq), 'usd', 'active', NOW(3) - INTERVAL seq DAY
      FROM ${seq(count)}`.execute(db)
    await sql`CREATE TEMPORARY TABLE bench_orgs (n INT PRIMARY KEY, id BIGINT UNSIGNED)`.execute(db)
    await sql`INSERT INTO bench_orgs SELECT CAST(SUBSTRING(subdomain, 9) AS UNSIGNED), id FROM organisations WHERE subdomain LIKE 'benchorg%'`.execute(db)
    await sql`INSERT IGNORE INTO organisation_settings (client_id, settings) SELECT id, '{}' FROM bench_orgs`.execute(db)
    // The owner (n = 0) and the customers (1..SMALL_CUSTOMERS) of each organisation.
    await sql`INSERT IGNORE INTO users (client_id, public_id, email, password_hash, first_name, last_name)
      SELECT o.id, CONCAT('bou', LPAD(o.n, 8, '0'), LPAD(s.seq, 8, '0')),
        IF(s.seq = 0, CONCAT('owner@benchorg', o.n, '.bench.test'), CONCAT('customer', s.seq, '@benchorg', o.n, '.bench.test')),
        ${hash}, IF(s.seq = 0, 'Owner', CONCAT('Customer', s.seq)), CONCAT('Org', o.n)
      FROM bench_orgs o JOIN seq_0_to_${sql.raw(String(SMALL_CUSTOMERS))} s`.execute(db)
    await sql`INSERT IGNORE INTO memberships (client_id, user_id, role, permissions)
      SELECT u.client_id, u.id, IF(u.email LIKE 'owner@%', 'client', 'customer'), '[]' FROM users u JOIN bench_orgs o ON o.id = u.client_id`.execute(db)
    await sql`INSERT IGNORE INTO products (public_id, client_id, name, price_cents, purchasable, active, archived, description)
      SELECT CONCAT('bop', LPAD(o.n, 8, '0'), LPAD(p.id, 10, '0')), o.id, p.name, p.price_cents, p.purchasable, p.active, p.archived, p.description
      FROM bench_orgs o JOIN products p ON p.client_id = ${rival}`.execute(db)
    // Lookup tables numbered from 0 within each organisation, so order n picks customer n % 20 and product n % products.
    await sql`CREATE TEMPORARY TABLE bench_org_customers (client_id BIGINT UNSIGNED, n INT, id BIGINT UNSIGNED, first_name VARCHAR(191), last_name VARCHAR(191), email VARCHAR(191), PRIMARY KEY (client_id, n))`.execute(
      db,
    )
    await sql`INSERT INTO bench_org_customers SELECT u.client_id, ROW_NUMBER() OVER (PARTITION BY u.client_id ORDER BY u.id) - 1, u.id, u.first_name, u.last_name, u.email
      FROM users u JOIN bench_orgs o ON o.id = u.client_id WHERE u.email NOT LIKE 'owner@%'`.execute(db)
    await sql`CREATE TEMPORARY TABLE bench_org_products (client_id BIGINT UNSIGNED, n INT, id BIGINT UNSIGNED, name VARCHAR(191), price_cents BIGINT, PRIMARY KEY (client_id, n))`.execute(
      db,
    )
    await sql`INSERT INTO bench_org_products SELECT p.client_id, ROW_NUMBER() OVER (PARTITION BY p.client_id ORDER BY p.id) - 1, p.id, p.name, p.price_cents
      FROM products p JOIN bench_orgs o ON o.id = p.client_id`.execute(db)
    const products = Number((await sql<{ n: number }>`SELECT COUNT(*) n FROM products WHERE client_id = ${rival}`.execute(db)).rows[0]!.n)
    await sql`INSERT IGNORE INTO orders (public_id, client_id, customer_id, product_id, customer_first_name, customer_last_name, customer_name,
        customer_email, package_name, services, module_count, price_cents, status_percentage, priority, due_date, completed_at,
        archived, created_at, updated_at)
      SELECT CONCAT('boo', LPAD(o.n, 8, '0'), LPAD(s.seq, 13, '0')), o.id, c.id, p.id, c.first_name, c.last_name, CONCAT(c.first_name, ' ', c.last_name),
        c.email, p.name, '[]', 0, p.price_cents,
        IF(s.seq % 3 = 0, 100, (s.seq * 37) % 100),
        ELT(1 + s.seq % 4, 'urgent', 'high', 'medium', 'low'),
        NOW(3) - INTERVAL (s.seq * 3600) SECOND + INTERVAL 14 DAY,
        IF(s.seq % 3 = 0, NOW(3) - INTERVAL GREATEST(0, s.seq * 3600 - 86400) SECOND, NULL),
        s.seq % 10 = 0, NOW(3) - INTERVAL (s.seq * 3600) SECOND, NOW(3) - INTERVAL (s.seq * 3600) SECOND
      FROM bench_orgs o JOIN (SELECT CAST(seq AS SIGNED) AS seq FROM ${seq(BENCH_SMALL_ORDERS)}) s
      JOIN bench_org_customers c ON c.client_id = o.id AND c.n = s.seq % ${SMALL_CUSTOMERS}
      JOIN bench_org_products p ON p.client_id = o.id AND p.n = s.seq % ${products}`.execute(db)
  })
  return true
}
