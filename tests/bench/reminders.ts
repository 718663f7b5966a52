// Reminder figures for `npm run bench` (issue 11): one reminder pass over 100,000 active orders of an
// organisation of its own (nothing due; a share due; the same pass run again), then how many of the
// queued reminder e-mails a second the e-mail job delivers to the SMTP sink. Figures, never pass/fail.
import { sql } from 'kysely'
import { runReminderPass } from '#app/models/reminders.server'
import { DAY_MS } from '#app/rules/reminder-schedule'
import { platformDb } from '#app/services/db.server'
import { startMailSink } from '#app/services/mail-sink.server'
import { redis } from '#app/services/redis.server'
import { queue } from '#app/services/queue.server'
import { startWorkers } from '#jobs/worker'
import { ms } from './harness'

// The job's own throughput is measured here, not the organisation's hourly e-mail budget (ADR 0095).
process.env.MAIL_PER_ORGANISATION_PER_HOUR ??= '0'
const ORDERS = Number(process.env.BENCH_REMINDER_ORDERS ?? 100_000)
/** One order in this many is a day and an hour old at the pass, so its first reminder is due. */
const DUE_EVERY = Number(process.env.BENCH_REMINDER_DUE_EVERY ?? 20)
const CUSTOMERS = 2000
const ORG_NAME = 'Bench Reminders Co'
const WORKFLOW_ID = 'benchreminderworkflow000'
// The pass's clock: half a day after most orders were placed.
const T0 = new Date(Date.UTC(2030, 0, 7, 9, 0, 0))
const NOW = new Date(T0.getTime() + DAY_MS / 2)

const MODULES = [
  {
    id: 'previous_document',
    title: 'Upload Documents',
    reminders: [1, 3].map((days) => ({
      id: `u${days}`,
      num: days === 1 ? 1 : 2,
      numberOfDays: days,
      email: { subject: `Reminder ${days} for {{orderId}}`, body: '<p>Hello {{customerName}}, please upload your documents.</p>' },
    })),
  },
  {
    id: 'revision_process',
    title: 'Revision Process',
    reminders: [{ id: 'r2', num: 1, numberOfDays: 2, email: { subject: 'Revision of {{orderId}}', body: '<p>Please finish the revision.</p>' } }],
  },
  { id: 'final_document', title: 'Final Document', reminders: [] },
]

/** The organisation, its workflow with reminders, a product, 2,000 customers and ORDERS open orders (made once). */
async function benchOrganisation(): Promise<number> {
  const existing = await platformDb.selectFrom('organisations').select('id').where('name', '=', ORG_NAME).executeTakeFirst()
  let orgId = existing ? Number(existing.id) : 0
  if (!orgId) {
    const org = await platformDb.insertInto('organisations').values({ public_id: 'benchremindersorg0000000', name: ORG_NAME, package_status: 'active' }).executeTakeFirstOrThrow()
    orgId = Number(org.insertId)
    await platformDb.insertInto('organisation_settings').values({ client_id: orgId, settings: '{}' }).execute()
    await platformDb
      .insertInto('workflows')
      .values({ public_id: WORKFLOW_ID, client_id: orgId, name: 'Bench resume', service_type: 'resume', modules: JSON.stringify(MODULES) })
      .execute()
    await platformDb.insertInto('products').values({ public_id: 'benchreminderproduct0000', client_id: orgId, name: 'Bench resume', price_cents: 19900 }).execute()
  }
  const have = await platformDb
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', orgId)
    .executeTakeFirstOrThrow()
  if (Number(have.n) >= ORDERS) return orgId
  const product = await platformDb.selectFrom('products').select('id').where('client_id', '=', orgId).executeTakeFirstOrThrow()
  const hash = (await platformDb.selectFrom('users').select('password_hash').where('email', '=', 'owner@demo.test').executeTakeFirstOrThrow()).password_hash
  const services = JSON.stringify([{ _id: WORKFLOW_ID, serviceName: 'Bench resume', serviceType: 'resume', serviceModules: MODULES.map((m) => ({ id: m.id, title: m.title })) }])
  await platformDb.connection().execute(async (db) => {
    await sql`INSERT IGNORE INTO users (public_id, client_id, email, password_hash, first_name, last_name)
      SELECT CONCAT('brc', LPAD(seq, 21, '0')), ${orgId}, CONCAT('bench.reminder', seq, '@bench.test'), ${hash}, CONCAT('Rem', seq), 'Customer'
      FROM seq_1_to_${sql.raw(String(CUSTOMERS))}`.execute(db)
    await sql`INSERT IGNORE INTO memberships (client_id, user_id, role, permissions)
      SELECT ${orgId}, id, 'customer', '[]' FROM users WHERE client_id = ${orgId} AND email LIKE 'bench.reminder%@bench.test'`.execute(db)
    await sql`CREATE TEMPORARY TABLE bench_reminder_customers (n INT PRIMARY KEY, id BIGINT UNSIGNED, first_name VARCHAR(191), email VARCHAR(191))`.execute(db)
    await sql`INSERT INTO bench_reminder_customers SELECT ROW_NUMBER() OVER (ORDER BY id) - 1, id, first_name, email FROM users
      WHERE client_id = ${orgId} AND email LIKE 'bench.reminder%@bench.test'`.execute(db)
    await sql`SET SESSION foreign_key_checks = 0, unique_checks = 0`.execute(db)
    for (let from = 1; from <= ORDERS; from += 50_000) {
      const to = Math.min(ORDERS, from + 49_999)
      await sql`INSERT IGNORE INTO orders (public_id, client_id, customer_id, product_id, customer_first_name, customer_last_name, customer_name,
          customer_email, package_name, services, module_count, price_cents, created_at, updated_at)
        SELECT CONCAT('br', LPAD(s.seq, 22, '0')), ${orgId}, c.id, ${product.id}, c.first_name, 'Customer', CONCAT(c.first_name, ' Customer'),
          c.email, 'Bench resume', ${services}, 3, 19900,
          IF(s.seq % ${DUE_EVERY} = 0, ${new Date(T0.getTime() - DAY_MS - 3600_000)}, ${T0}), ${T0}
        FROM (SELECT CAST(seq AS SIGNED) AS seq FROM seq_${sql.raw(String(from))}_to_${sql.raw(String(to))}) s
        JOIN bench_reminder_customers c ON c.n = s.seq % ${CUSTOMERS}`.execute(db)
    }
    await sql`SET SESSION foreign_key_checks = 1, unique_checks = 1`.execute(db)
  })
  return orgId
}

async function sentCount(orgId: number): Promise<number> {
  const row = await platformDb
    .selectFrom('reminder_sends')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', orgId)
    .where('state', '=', 'sent')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function remindersSection() {
  let started = performance.now()
  const orgId = await benchOrganisation()
  console.log(
    `\nReminders: ${ORDERS} active orders in "${ORG_NAME}" (ready in ${((performance.now() - started) / 1000).toFixed(1)} s); one in ${DUE_EVERY} has its first reminder due`,
  )
  // Every run starts from an empty ledger, so the same reminders fall due again.
  await platformDb.deleteFrom('reminder_sends').where('client_id', '=', orgId).execute()
  const only = { clientIds: [orgId] }

  // Two hours before T0 the oldest orders are a day minus an hour old: nothing is due yet.
  const quiet = await runReminderPass(new Date(T0.getTime() - 2 * 3600_000), only)
  const due = await runReminderPass(NOW, only)
  const rerun = await runReminderPass(NOW, only)
  const waiting = await queue('email').getJobCounts('waiting', 'prioritized', 'delayed')
  const row = (pass: string, r: typeof quiet) => ({
    pass,
    'orders scanned': r.scanned,
    'handed to the queue': r.queued,
    'time ms': ms(r.ms),
    'orders/s': Math.round(r.scanned / (r.ms / 1000)),
  })
  console.table([row('nothing due yet', quiet), row('reminders due (queued)', due), row('the same pass again', rerun)])
  // The re-run hands the same reminders over again; their job ids make BullMQ keep one job each.
  console.log(`E-mail jobs waiting after both passes: ${waiting.waiting + waiting.prioritized + waiting.delayed} (expected ${due.queued})`)

  // The queued reminders through the e-mail job (this process's workers and the bench server's) to the SMTP sink.
  const sink = await startMailSink(Number(process.env.SMTP_SINK_PORT ?? 2555), redis())
  const workers = startWorkers()
  started = performance.now()
  const deadline = Date.now() + Number(process.env.BENCH_REMINDER_MAIL_SECONDS ?? 300) * 1000
  let sent = 0
  while (Date.now() < deadline) {
    sent = await sentCount(orgId)
    if (sent >= due.queued) break
    await new Promise((r) => setTimeout(r, 250))
  }
  const seconds = (performance.now() - started) / 1000
  await workers.close()
  const left = await queue('email').getJobCounts('waiting', 'active', 'delayed')
  console.log(
    `E-mail job: ${sent} of ${due.queued} reminder e-mails delivered in ${seconds.toFixed(1)} s: ${(sent / seconds).toFixed(1)} e-mails/s (SMTP sink on loopback; ${left.waiting + left.active + left.delayed} jobs still queued)`,
  )
  await new Promise((r) => (sink ? sink.close(() => r(null)) : r(null)))
}
