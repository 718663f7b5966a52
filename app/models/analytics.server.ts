// The dashboard rollups (ADR 0043): applying order, invoice and tip events to the per-organisation
// buckets, rebuilding them from the raw rows, the reconcile sweep, and the check against raw aggregates.
//
// Each source row (an order, an invoice, a tip) has one fact: what it last added to the buckets. An
// event names rows only; applying it reads their current state, turns it into new facts and adds the
// difference to the buckets. So an event delivered twice, late or out of order changes nothing more.
import { sql, type RawBuilder, type Selectable } from 'kysely'
import { dayKey, monthOfDay, normaliseTimeZone, offsetSegments, type OffsetSegment } from '#app/rules/month-buckets'
import type { AnalyticsSource } from '#db/tables/analytics'
import { scoped, scopedAs, scopedDelete, scopedInsert, scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import type { Database } from '#db/types'

export type AnalyticsEvent = { source: AnalyticsSource; ids: readonly number[] }

/** The figures a fact adds to its buckets. */
type Figures = { orders: number; completed_orders: number; sales_cents: number; revenue_cents: number; tips_cents: number }

type Fact = Figures & { source: AnalyticsSource; source_id: number; day: string; package_name: string | null; writer_id: number | null }

const ZERO: Figures = { orders: 0, completed_orders: 0, sales_cents: 0, revenue_cents: 0, tips_cents: 0 }
const FIGURES = Object.keys(ZERO) as (keyof Figures)[]

/** Rows per transaction when applying many ids (the sweep, a bulk action). */
const APPLY_BATCH = 500

const keyOfDate = (value: Date | string) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10)

// ---------------------------------------------------------------------------------------------
// Facts: what one source row adds, from its current state

type OrderSourceRow = Pick<Selectable<Database['orders']>, 'id' | 'created_at' | 'package_name' | 'writer_id' | 'status_percentage' | 'price_cents' | 'test_order'>
type InvoiceSourceRow = Pick<Selectable<Database['order_invoices']>, 'id' | 'status' | 'is_test' | 'paid_at' | 'price_cents' | 'refund_amount_cents'>
type TipSourceRow = Pick<Selectable<Database['order_tips']>, 'id' | 'paid_at' | 'amount_cents'>

/** Every order but test orders (ADR 0018), on the local day it was placed; completed at 100 percent. */
export function orderFact(zone: string, o: OrderSourceRow): Fact | null {
  if (o.test_order) return null
  return {
    ...ZERO,
    source: 'order',
    source_id: Number(o.id),
    day: dayKey(zone, new Date(o.created_at)),
    package_name: o.package_name,
    writer_id: o.writer_id === null ? null : Number(o.writer_id),
    orders: 1,
    completed_orders: o.status_percentage >= 100 ? 1 : 0,
    sales_cents: Number(o.price_cents),
  }
}

/** Money received on order invoices: paid ones, less what was refunded, on the local day of payment; test invoices not. */
export function invoiceFact(zone: string, i: InvoiceSourceRow): Fact | null {
  if (i.is_test || !i.paid_at || (i.status !== 'paid' && i.status !== 'refunded')) return null
  const revenue = Number(i.price_cents) - (i.status === 'refunded' ? Number(i.refund_amount_cents ?? 0) : 0)
  return { ...ZERO, source: 'invoice', source_id: Number(i.id), day: dayKey(zone, new Date(i.paid_at)), package_name: null, writer_id: null, revenue_cents: revenue }
}

export function tipFact(zone: string, tip: TipSourceRow): Fact {
  return { ...ZERO, source: 'tip', source_id: Number(tip.id), day: dayKey(zone, new Date(tip.paid_at)), package_name: null, writer_id: null, tips_cents: Number(tip.amount_cents) }
}

async function currentFacts(t: TenantScope, zone: string, source: AnalyticsSource, ids: number[]): Promise<Fact[]> {
  if (source === 'order') {
    const rows = await scoped(t, 'orders')
      .select(['id', 'created_at', 'package_name', 'writer_id', 'status_percentage', 'price_cents', 'test_order'])
      .where('id', 'in', ids)
      .execute()
    return rows.map((r) => orderFact(zone, r)).filter((f): f is Fact => f !== null)
  }
  if (source === 'invoice') {
    const rows = await scoped(t, 'order_invoices').select(['id', 'status', 'is_test', 'paid_at', 'price_cents', 'refund_amount_cents']).where('id', 'in', ids).execute()
    return rows.map((r) => invoiceFact(zone, r)).filter((f): f is Fact => f !== null)
  }
  const rows = await scoped(t, 'order_tips').select(['id', 'paid_at', 'amount_cents']).where('id', 'in', ids).execute()
  return rows.map((r) => tipFact(zone, r))
}

// ---------------------------------------------------------------------------------------------
// Bucket deltas

type Deltas = {
  months: Map<string, Figures>
  products: Map<string, { month: string; package_name: string; orders: number; sales_cents: number }>
  writers: Map<string, { day: string; writer_id: number; orders: number; completed_orders: number; sales_cents: number }>
}

function addFact(d: Deltas, f: Fact, sign: 1 | -1) {
  const month = monthOfDay(f.day)
  const m = d.months.get(month) ?? { ...ZERO }
  for (const k of FIGURES) m[k] += sign * f[k]
  d.months.set(month, m)
  if (f.source !== 'order') return
  if (f.package_name !== null) {
    // Product names compare like their column (case-insensitive), so one bucket takes both spellings.
    const key = `${month}\u0000${f.package_name.toLowerCase()}`
    const p = d.products.get(key) ?? { month, package_name: f.package_name, orders: 0, sales_cents: 0 }
    p.orders += sign * f.orders
    p.sales_cents += sign * f.sales_cents
    d.products.set(key, p)
  }
  if (f.writer_id !== null) {
    const key = `${f.day}\u0000${String(f.writer_id).padStart(20, '0')}`
    const w = d.writers.get(key) ?? { day: f.day, writer_id: f.writer_id, orders: 0, completed_orders: 0, sales_cents: 0 }
    w.orders += sign * f.orders
    w.completed_orders += sign * f.completed_orders
    w.sales_cents += sign * f.sales_cents
    d.writers.set(key, w)
  }
}

const nonZero = (r: Record<string, unknown>) => Object.values(r).some((v) => typeof v === 'number' && v !== 0 && !Number.isNaN(v))
/** Sorted by key, so two transactions touch bucket rows in the same order (fewer deadlocks). */
const sortedValues = <V>(m: Map<string, V>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v)

/** `column = column + VALUES(column)`: an upsert that adds the delta. */
const plus = (column: string) => sql<number>`${sql.ref(column)} + VALUES(${sql.ref(column)})`

async function writeDeltas(t: TenantScope, d: Deltas) {
  const months = [...d.months.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([month, v]) => ({ month, ...v }))
    .filter((r) => FIGURES.some((k) => r[k] !== 0))
  if (months.length) {
    await scopedInsert(t, 'analytics_months', months)
      .onDuplicateKeyUpdate({
        orders: plus('orders'),
        completed_orders: plus('completed_orders'),
        sales_cents: plus('sales_cents'),
        revenue_cents: plus('revenue_cents'),
        tips_cents: plus('tips_cents'),
      })
      .execute()
  }
  const products = sortedValues(d.products).filter((r) => r.orders !== 0 || r.sales_cents !== 0)
  if (products.length) {
    await scopedInsert(t, 'analytics_product_months', products)
      .onDuplicateKeyUpdate({ orders: plus('orders'), sales_cents: plus('sales_cents') })
      .execute()
  }
  const writers = sortedValues(d.writers).filter((r) => r.orders !== 0 || r.completed_orders !== 0 || r.sales_cents !== 0)
  if (writers.length) {
    await scopedInsert(t, 'analytics_writer_days', writers)
      .onDuplicateKeyUpdate({ orders: plus('orders'), completed_orders: plus('completed_orders'), sales_cents: plus('sales_cents') })
      .execute()
  }
}

// ---------------------------------------------------------------------------------------------
// State: the zone the buckets were cut in

type State = { time_zone: string; swept_at: Date | null }

/** The organisation's time zone as set (the spec's default when none or an unknown one). */
export async function organisationTimeZone(t: TenantScope): Promise<string> {
  const row = await t.db.selectFrom('organisations').select('time_zone').where('id', '=', t.clientId).executeTakeFirst()
  return normaliseTimeZone(row?.time_zone)
}

async function readState(t: TenantScope): Promise<State | undefined> {
  return scoped(t, 'analytics_state').select(['time_zone', 'swept_at']).executeTakeFirst()
}

/** The zone the dashboard must read the buckets in: theirs once built, else the organisation's. */
export async function rollupTimeZone(t: TenantScope): Promise<string> {
  return (await readState(t))?.time_zone ?? (await organisationTimeZone(t))
}

// ---------------------------------------------------------------------------------------------
// Applying events

export type ApplyResult = { applied: number; rebuilt: boolean }

/**
 * Brings the buckets up to date with the current state of these rows. Without built buckets, or
 * when the organisation's time zone changed since they were built, everything is rebuilt instead.
 */
export async function applyAnalyticsEvent(t: TenantScope, event: AnalyticsEvent): Promise<ApplyResult> {
  const ids = [...new Set(event.ids.map(Number))].filter((id) => Number.isSafeInteger(id) && id > 0)
  const [state, zone] = await Promise.all([readState(t), organisationTimeZone(t)])
  if (!state || state.time_zone !== zone) {
    await rebuildAnalytics(t)
    return { applied: ids.length, rebuilt: true }
  }
  for (let i = 0; i < ids.length; i += APPLY_BATCH) await applyBatch(t, state.time_zone, event.source, ids.slice(i, i + APPLY_BATCH))
  return { applied: ids.length, rebuilt: false }
}

async function applyBatch(t: TenantScope, zone: string, source: AnalyticsSource, ids: number[]) {
  if (ids.length === 0) return
  await tenantTransaction(t, async (tx) => {
    // Shared with other batches, exclusive to a rebuild: no batch writes while the buckets are rebuilt.
    const state = await scoped(tx, 'analytics_state')
      .select('time_zone')
      .modifyEnd(sql`lock in share mode`)
      .executeTakeFirst()
    if (!state || state.time_zone !== zone) throw new Error('Analytics buckets were rebuilt in another time zone meanwhile: retry')
    const previous = await scoped(tx, 'analytics_facts').selectAll().where('source', '=', source).where('source_id', 'in', ids).orderBy('source_id').forUpdate().execute()
    const next = await currentFacts(tx, zone, source, ids)
    const deltas: Deltas = { months: new Map(), products: new Map(), writers: new Map() }
    for (const f of previous) addFact(deltas, { ...f, source_id: Number(f.source_id), writer_id: f.writer_id === null ? null : Number(f.writer_id), day: keyOfDate(f.day) }, -1)
    for (const f of next) addFact(deltas, f, 1)
    await writeDeltas(tx, deltas)
    const gone = ids.filter((id) => !next.some((f) => f.source_id === id))
    if (gone.length) await scopedDelete(tx, 'analytics_facts').where('source', '=', source).where('source_id', 'in', gone).execute()
    if (next.length) {
      await scopedInsert(tx, 'analytics_facts', next)
        .onDuplicateKeyUpdate({
          day: sql`VALUES(${sql.ref('day')})`,
          package_name: sql`VALUES(${sql.ref('package_name')})`,
          writer_id: sql`VALUES(${sql.ref('writer_id')})`,
          orders: sql`VALUES(${sql.ref('orders')})`,
          completed_orders: sql`VALUES(${sql.ref('completed_orders')})`,
          sales_cents: sql`VALUES(${sql.ref('sales_cents')})`,
          revenue_cents: sql`VALUES(${sql.ref('revenue_cents')})`,
          tips_cents: sql`VALUES(${sql.ref('tips_cents')})`,
        })
        .execute()
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Local days in SQL

/**
 * The local calendar day of a UTC datetime column: a CASE over the zone's offset changes in the
 * span (a handful a year), so no time zone tables are needed in the database.
 */
export function localDaySql(column: string, segments: OffsetSegment[]): RawBuilder<string> {
  const shifted = (offset: number) => sql`DATE_ADD(${sql.ref(column)}, INTERVAL ${sql.lit(offset)} MINUTE)`
  if (segments.length === 1) return sql<string>`DATE(${shifted(segments[0]!.offsetMinutes)})`
  const branches = segments.slice(0, -1).map((s) => sql`WHEN ${sql.ref(column)} < ${s.until!} THEN ${shifted(s.offsetMinutes)}`)
  return sql<string>`DATE(CASE ${sql.join(branches, sql` `)} ELSE ${shifted(segments.at(-1)!.offsetMinutes)} END)`
}

const localMonthSql = (column: string, segments: OffsetSegment[]) => sql<string>`DATE_FORMAT(${localDaySql(column, segments)}, '%Y-%m-01')`

/** The offsets covering every timestamp the organisation's rows carry (a day of margin each side). */
async function dataSegments(t: TenantScope, zone: string, now: Date): Promise<OffsetSegment[]> {
  const [orders, invoices, tips] = await Promise.all([
    scoped(t, 'orders')
      .select((eb) => [eb.fn.min('created_at').as('lo'), eb.fn.max('created_at').as('hi')])
      .executeTakeFirst(),
    scoped(t, 'order_invoices')
      .select((eb) => [eb.fn.min('paid_at').as('lo'), eb.fn.max('paid_at').as('hi')])
      .executeTakeFirst(),
    scoped(t, 'order_tips')
      .select((eb) => [eb.fn.min('paid_at').as('lo'), eb.fn.max('paid_at').as('hi')])
      .executeTakeFirst(),
  ])
  const times = [orders?.lo, orders?.hi, invoices?.lo, invoices?.hi, tips?.lo, tips?.hi, now].filter((d): d is Date => !!d).map((d) => new Date(d).getTime())
  const day = 86_400_000
  return offsetSegments(zone, new Date(Math.min(...times) - day), new Date(Math.max(...times) + day))
}

// ---------------------------------------------------------------------------------------------
// Rebuild

export type RebuildResult = { facts: number; timeZone: string; ms: number }

/**
 * Every fact and bucket of the organisation again from its raw rows, in the database, in one
 * transaction that holds off event batches meanwhile. Read committed: the raw tables are read
 * without locking them, so orders keep being placed while it runs; their events wait and apply after.
 */
export async function rebuildAnalytics(t: TenantScope, now = new Date()): Promise<RebuildResult> {
  const started = Date.now()
  const zone = await organisationTimeZone(t)
  const segments = await dataSegments(t, zone, now)
  const startedAt = new Date()
  await scopedInsert(t, 'analytics_state', { time_zone: zone }).ignore().execute()
  let facts = 0
  // No retry loop here: a deadlock's victim fails the job, and the queue runs it again.
  await tenantTransaction(
    t,
    async (tx) => {
      await scoped(tx, 'analytics_state').select('client_id').forUpdate().executeTakeFirst()
      for (const table of ['analytics_facts', 'analytics_months', 'analytics_product_months', 'analytics_writer_days'] as const) await scopedDelete(tx, table).execute()
      const columns = ['client_id', 'source', 'source_id', 'day', 'package_name', 'writer_id', 'orders', 'completed_orders', 'sales_cents', 'revenue_cents', 'tips_cents'] as const
      const orders = await tx.db
        .insertInto('analytics_facts')
        .columns(columns)
        .expression(
          scopedAs(tx, 'orders', 'o')
            .select((eb) => [
              'o.client_id',
              sql.lit('order').as('source'),
              'o.id',
              localDaySql('o.created_at', segments).as('day'),
              'o.package_name',
              'o.writer_id',
              sql.lit(1).as('orders'),
              eb.case().when('o.status_percentage', '>=', 100).then(1).else(0).end().as('completed_orders'),
              'o.price_cents',
              sql.lit(0).as('revenue_cents'),
              sql.lit(0).as('tips_cents'),
            ])
            .where('o.test_order', '=', false),
        )
        .executeTakeFirst()
      facts += Number(orders.numInsertedOrUpdatedRows ?? 0)
      const invoices = await tx.db
        .insertInto('analytics_facts')
        .columns(columns)
        .expression(
          scopedAs(tx, 'order_invoices', 'i')
            .select((eb) => [
              'i.client_id',
              sql.lit('invoice').as('source'),
              'i.id',
              localDaySql('i.paid_at', segments).as('day'),
              sql.lit(null).as('package_name'),
              sql.lit(null).as('writer_id'),
              sql.lit(0).as('orders'),
              sql.lit(0).as('completed_orders'),
              sql.lit(0).as('sales_cents'),
              sql<number>`${eb.ref('i.price_cents')} - ${eb
                .case()
                .when('i.status', '=', 'refunded')
                .then(eb.fn.coalesce('i.refund_amount_cents', sql.lit(0)))
                .else(0)
                .end()}`.as('revenue_cents'),
              sql.lit(0).as('tips_cents'),
            ])
            .where('i.status', 'in', ['paid', 'refunded'])
            .where('i.is_test', '=', false)
            .where('i.paid_at', 'is not', null),
        )
        .executeTakeFirst()
      facts += Number(invoices.numInsertedOrUpdatedRows ?? 0)
      const tips = await tx.db
        .insertInto('analytics_facts')
        .columns(columns)
        .expression(
          scopedAs(tx, 'order_tips', 'tp').select([
            'tp.client_id',
            sql.lit('tip').as('source'),
            'tp.id',
            localDaySql('tp.paid_at', segments).as('day'),
            sql.lit(null).as('package_name'),
            sql.lit(null).as('writer_id'),
            sql.lit(0).as('orders'),
            sql.lit(0).as('completed_orders'),
            sql.lit(0).as('sales_cents'),
            sql.lit(0).as('revenue_cents'),
            'tp.amount_cents',
          ]),
        )
        .executeTakeFirst()
      facts += Number(tips.numInsertedOrUpdatedRows ?? 0)

      const month = sql<string>`DATE_FORMAT(${sql.ref('f.day')}, '%Y-%m-01')`
      await tx.db
        .insertInto('analytics_months')
        .columns(['client_id', 'month', 'orders', 'completed_orders', 'sales_cents', 'revenue_cents', 'tips_cents'])
        .expression(
          scopedAs(tx, 'analytics_facts', 'f')
            .select((eb) => [
              'f.client_id',
              month.as('month'),
              eb.fn.sum<number>('f.orders').as('orders'),
              eb.fn.sum<number>('f.completed_orders').as('completed_orders'),
              eb.fn.sum<number>('f.sales_cents').as('sales_cents'),
              eb.fn.sum<number>('f.revenue_cents').as('revenue_cents'),
              eb.fn.sum<number>('f.tips_cents').as('tips_cents'),
            ])
            .groupBy(['f.client_id', month]),
        )
        .execute()
      await tx.db
        .insertInto('analytics_product_months')
        .columns(['client_id', 'month', 'package_name', 'orders', 'sales_cents'])
        .expression(
          scopedAs(tx, 'analytics_facts', 'f')
            .select((eb) => [
              'f.client_id',
              month.as('month'),
              eb.fn.max('f.package_name').as('package_name'),
              eb.fn.sum<number>('f.orders').as('orders'),
              eb.fn.sum<number>('f.sales_cents').as('sales_cents'),
            ])
            .where('f.source', '=', 'order')
            .where('f.package_name', 'is not', null)
            .groupBy(['f.client_id', month, 'f.package_name']),
        )
        .execute()
      await tx.db
        .insertInto('analytics_writer_days')
        .columns(['client_id', 'day', 'writer_id', 'orders', 'completed_orders', 'sales_cents'])
        .expression(
          scopedAs(tx, 'analytics_facts', 'f')
            .select((eb) => [
              'f.client_id',
              'f.day',
              'f.writer_id',
              eb.fn.sum<number>('f.orders').as('orders'),
              eb.fn.sum<number>('f.completed_orders').as('completed_orders'),
              eb.fn.sum<number>('f.sales_cents').as('sales_cents'),
            ])
            .where('f.source', '=', 'order')
            .where('f.writer_id', 'is not', null)
            .groupBy(['f.client_id', 'f.day', 'f.writer_id']),
        )
        .execute()
      // What changed before this started is in; the sweep takes it from here.
      await scopedUpdate(tx, 'analytics_state').set({ time_zone: zone, rebuilt_at: startedAt, swept_at: startedAt }).execute()
    },
    { isolationLevel: 'read committed', attempts: 1 },
  )
  return { facts, timeZone: zone, ms: Date.now() - started }
}

// ---------------------------------------------------------------------------------------------
// Reconcile: the safety net for events that never arrived (queue down, a write inside a caller's transaction)

/** Re-applies are safe, so the sweep overlaps the previous one by this much (clock skew, long transactions). */
const SWEEP_OVERLAP_MS = 5 * 60_000

export type SweepResult = { orders: number; invoices: number; tips: number; rebuilt: boolean }

/** Re-applies every order, invoice and tip changed since the last sweep; rebuilds when there is nothing to sweep from. */
export async function sweepAnalytics(t: TenantScope, now = new Date()): Promise<SweepResult> {
  const [state, zone] = await Promise.all([readState(t), organisationTimeZone(t)])
  if (!state || state.time_zone !== zone || !state.swept_at) {
    await rebuildAnalytics(t, now)
    return { orders: 0, invoices: 0, tips: 0, rebuilt: true }
  }
  const since = new Date(new Date(state.swept_at).getTime() - SWEEP_OVERLAP_MS)
  const startedAt = new Date()
  // archived IN (0, 1) lets the (client_id, archived, updated_at) index serve the range.
  const orders = (await scoped(t, 'orders').select('id').where('archived', 'in', [false, true]).where('updated_at', '>=', since).execute()).map((r) => r.id)
  const invoices = (await scoped(t, 'order_invoices').select('id').where('updated_at', '>=', since).execute()).map((r) => r.id)
  const tips = (await scoped(t, 'order_tips').select('id').where('updated_at', '>=', since).execute()).map((r) => r.id)
  let rebuilt = false
  for (const [source, ids] of [
    ['order', orders],
    ['invoice', invoices],
    ['tip', tips],
  ] as const) {
    if (ids.length) rebuilt = (await applyAnalyticsEvent(t, { source, ids })).rebuilt || rebuilt
  }
  if (!rebuilt) await scopedUpdate(t, 'analytics_state').set({ swept_at: startedAt }).where('swept_at', '=', state.swept_at).execute()
  return { orders: orders.length, invoices: invoices.length, tips: tips.length, rebuilt }
}

// ---------------------------------------------------------------------------------------------
// Check: the buckets against aggregates of the raw rows

export type AnalyticsCheck = { ok: boolean; timeZone: string; differences: string[] }

type Row = Record<string, number>
const DIFFERENCES_SHOWN = 20

function compare(what: string, expected: Map<string, Row>, actual: Map<string, Row>, out: string[]) {
  const meaningful = (m: Map<string, Row>) => new Map([...m].filter(([, v]) => nonZero(v)))
  const e = meaningful(expected)
  const a = meaningful(actual)
  for (const key of new Set([...e.keys(), ...a.keys()])) {
    const x = e.get(key)
    const y = a.get(key)
    const fields = Object.keys({ ...x, ...y })
    const wrong = fields.filter((f) => Number(x?.[f] ?? 0) !== Number(y?.[f] ?? 0))
    if (wrong.length) out.push(`${what} ${key.replace('\u0000', ' / ')}: ${wrong.map((f) => `${f} raw ${Number(x?.[f] ?? 0)}, rollup ${Number(y?.[f] ?? 0)}`).join('; ')}`)
  }
}

function mergeInto(m: Map<string, Row>, key: string, values: Row) {
  const row = m.get(key) ?? {}
  for (const [k, v] of Object.entries(values)) row[k] = (row[k] ?? 0) + Number(v ?? 0)
  m.set(key, row)
}

/**
 * Recomputes every figure from the raw orders, invoices and tips (in the buckets' time zone) and
 * compares it with the buckets. Costs a pass over the organisation's rows: for the reconcile and tests.
 */
export async function checkAnalytics(t: TenantScope, now = new Date()): Promise<AnalyticsCheck> {
  const zone = await rollupTimeZone(t)
  const segments = await dataSegments(t, zone, now)
  const day = (column: string) => localDaySql(column, segments)
  const month = (column: string) => localMonthSql(column, segments)

  const [orderMonths, invoiceMonths, tipMonths, productMonths, writerDays] = await Promise.all([
    scopedAs(t, 'orders', 'o')
      .select((eb) => [
        month('o.created_at').as('k'),
        eb.fn.countAll<number>().as('orders'),
        eb.fn.sum<number>(eb.case().when('o.status_percentage', '>=', 100).then(1).else(0).end()).as('completed_orders'),
        eb.fn.sum<number>('o.price_cents').as('sales_cents'),
      ])
      .where('o.test_order', '=', false)
      .groupBy(month('o.created_at'))
      .execute(),
    scopedAs(t, 'order_invoices', 'i')
      .select((eb) => [
        month('i.paid_at').as('k'),
        eb.fn
          .sum<number>(
            sql`${eb.ref('i.price_cents')} - ${eb
              .case()
              .when('i.status', '=', 'refunded')
              .then(eb.fn.coalesce('i.refund_amount_cents', sql.lit(0)))
              .else(0)
              .end()}`,
          )
          .as('revenue_cents'),
      ])
      .where('i.status', 'in', ['paid', 'refunded'])
      .where('i.is_test', '=', false)
      .where('i.paid_at', 'is not', null)
      .groupBy(month('i.paid_at'))
      .execute(),
    scopedAs(t, 'order_tips', 'tp')
      .select((eb) => [month('tp.paid_at').as('k'), eb.fn.sum<number>('tp.amount_cents').as('tips_cents')])
      .groupBy(month('tp.paid_at'))
      .execute(),
    scopedAs(t, 'orders', 'o')
      .select((eb) => [
        month('o.created_at').as('k'),
        eb.fn.max('o.package_name').as('p'),
        eb.fn.countAll<number>().as('orders'),
        eb.fn.sum<number>('o.price_cents').as('sales_cents'),
      ])
      .where('o.test_order', '=', false)
      .groupBy([month('o.created_at'), 'o.package_name'])
      .execute(),
    scopedAs(t, 'orders', 'o')
      .select((eb) => [
        day('o.created_at').as('k'),
        'o.writer_id',
        eb.fn.countAll<number>().as('orders'),
        eb.fn.sum<number>(eb.case().when('o.status_percentage', '>=', 100).then(1).else(0).end()).as('completed_orders'),
        eb.fn.sum<number>('o.price_cents').as('sales_cents'),
      ])
      .where('o.test_order', '=', false)
      .where('o.writer_id', 'is not', null)
      .groupBy([day('o.created_at'), 'o.writer_id'])
      .execute(),
  ])

  const months = new Map<string, Row>()
  for (const r of orderMonths)
    mergeInto(months, keyOfDate(r.k), {
      orders: Number(r.orders),
      completed_orders: Number(r.completed_orders),
      sales_cents: Number(r.sales_cents),
      revenue_cents: 0,
      tips_cents: 0,
    })
  for (const r of invoiceMonths) mergeInto(months, keyOfDate(r.k), { revenue_cents: Number(r.revenue_cents) })
  for (const r of tipMonths) mergeInto(months, keyOfDate(r.k), { tips_cents: Number(r.tips_cents) })
  const products = new Map<string, Row>()
  for (const r of productMonths) mergeInto(products, `${keyOfDate(r.k)}\u0000${String(r.p).toLowerCase()}`, { orders: Number(r.orders), sales_cents: Number(r.sales_cents) })
  const writers = new Map<string, Row>()
  for (const r of writerDays)
    mergeInto(writers, `${keyOfDate(r.k)}\u0000${r.writer_id}`, { orders: Number(r.orders), completed_orders: Number(r.completed_orders), sales_cents: Number(r.sales_cents) })

  const [bucketMonths, bucketProducts, bucketWriters] = await Promise.all([
    scoped(t, 'analytics_months').select(['month', 'orders', 'completed_orders', 'sales_cents', 'revenue_cents', 'tips_cents']).execute(),
    scoped(t, 'analytics_product_months').select(['month', 'package_name', 'orders', 'sales_cents']).execute(),
    scoped(t, 'analytics_writer_days').select(['day', 'writer_id', 'orders', 'completed_orders', 'sales_cents']).execute(),
  ])
  const actualMonths = new Map<string, Row>()
  for (const r of bucketMonths)
    mergeInto(actualMonths, keyOfDate(r.month), {
      orders: r.orders,
      completed_orders: r.completed_orders,
      sales_cents: r.sales_cents,
      revenue_cents: r.revenue_cents,
      tips_cents: r.tips_cents,
    })
  const actualProducts = new Map<string, Row>()
  for (const r of bucketProducts) mergeInto(actualProducts, `${keyOfDate(r.month)}\u0000${r.package_name.toLowerCase()}`, { orders: r.orders, sales_cents: r.sales_cents })
  const actualWriters = new Map<string, Row>()
  for (const r of bucketWriters)
    mergeInto(actualWriters, `${keyOfDate(r.day)}\u0000${r.writer_id}`, { orders: r.orders, completed_orders: r.completed_orders, sales_cents: r.sales_cents })

  const differences: string[] = []
  compare('month', months, actualMonths, differences)
  compare('product month', products, actualProducts, differences)
  compare('contributor day', writers, actualWriters, differences)
  return { ok: differences.length === 0, timeZone: zone, differences: differences.slice(0, DIFFERENCES_SHOWN) }
}

export type ReconcileResult = SweepResult & { checked: boolean; ok: boolean | null; differences: string[] }

/**
 * The scheduled reconcile of one organisation: the sweep always; with `check`, the buckets are also
 * compared with the raw rows, and rebuilt when they differ (the differences are returned and logged).
 */
export async function reconcileAnalytics(t: TenantScope, opts: { check?: boolean; now?: Date } = {}): Promise<ReconcileResult> {
  const now = opts.now ?? new Date()
  const sweep = await sweepAnalytics(t, now)
  if (!opts.check) return { ...sweep, checked: false, ok: null, differences: [] }
  const check = await checkAnalytics(t, now)
  if (!check.ok) {
    console.error(`[analytics] organisation ${t.clientId}: rollups differ from the raw rows, rebuilding (${check.differences.slice(0, 3).join(' | ')})`)
    await rebuildAnalytics(t, now)
  }
  await scopedUpdate(t, 'analytics_state').set({ checked_at: now, check_ok: check.ok }).execute()
  return { ...sweep, checked: true, ok: check.ok, differences: check.differences }
}
