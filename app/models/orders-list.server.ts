// The orders list (View All, Needs Action, the dashboard's Projects tab): filters and search evaluated in
// SQL, keyset paging over the orders_list_<column> indexes (ADR 0017), the count, and the filter choices.
import { completedCutoff, HIDDEN_COMPLETED_MONTHS } from '#app/rules/orders-list-scope'
import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely'
import { DUE_SOON_DAYS, type ProjectStatus } from '#app/rules/project-status'
import { likePattern } from '#app/rules/table-query'
import { countKey, rememberedCount } from '#app/services/count-cache.server'
import { scoped, scopedAs, scopedJoin, type TenantScope } from '#db/tenant'
import type { Database } from '#db/types'
import { ORDER_COLUMNS, type OrderJson, type OrderRelated, type OrderRow, ordersQuery, ordersToJson, relatedOf, type RelatedColumns, withRelated } from './orders.server'
import { orderTagLabels } from '#app/rules/orders-list'
import {
  encodeCursor,
  type ListCursor,
  NO_FILTERS,
  NULLABLE_SORTS,
  type OrderListFilters,
  type OrderSort,
  type OrdersListQuery,
  type SortDir,
  UNASSIGNED,
} from './orders-list.schema'

type OrdersEB = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>
type Condition = (eb: OrdersEB) => Expression<SqlBool>

/** Each sort walks the index orders_list_<column> = (client_id, archived, <column>, id). */
const SORT_COLUMN = {
  createdAt: 'o.created_at',
  dueDate: 'o.due_date',
  updatedAt: 'o.updated_at',
  customer: 'o.customer_name',
  product: 'o.package_name',
} as const satisfies Record<OrderSort, string>

const DAY_MS = 86_400_000

export type ListOptions = {
  /** The clock for project status and the six-month rule (tests pin it). */
  now?: Date
  /** Needs Action (ADR 0018): only orders that wait on the team. */
  needsAction?: boolean
}

export type OrdersPage = {
  rows: OrderRow[]
  /** The rows' people and tags, read with them: pass to ordersToJson() / orderListRows(). */
  related: OrderRelated
  count: number
  /** Position of the first row in the whole result (0-based), for '#' and 'x–y of n'. */
  offset: number
  nextCursor: string | null
  prevCursor: string | null
  lastCursor: string | null
}

type ResolvedFilters = { productIds: number[] | null; writerIds: number[] | null; unassigned: boolean }

/** Product and contributor filters name public ids; null when none of them is this organisation's (nothing can match). */
async function resolveFilters(t: TenantScope, f: OrderListFilters): Promise<ResolvedFilters | null> {
  let productIds: number[] | null = null
  if (f.product.length) {
    productIds = (await scoped(t, 'products').select('id').where('public_id', 'in', f.product).execute()).map((r) => r.id)
    if (!productIds.length) return null
  }
  const writerPublicIds = f.contributor.filter((c) => c !== UNASSIGNED)
  const unassigned = f.contributor.includes(UNASSIGNED)
  let writerIds: number[] | null = null
  if (writerPublicIds.length) {
    writerIds = (await scoped(t, 'users').select('id').where('public_id', 'in', writerPublicIds).execute()).map((r) => r.id)
    if (!writerIds.length && !unassigned) return null
  }
  return { productIds, writerIds, unassigned }
}

function utcDayStart(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
}

/**
 * Project status in SQL with the rule of app/rules/project-status.ts: whole calendar days (UTC) from
 * today to the due date; Due soon is 0 to DUE_SOON_DAYS days, so On track starts DUE_SOON_DAYS + 1 days ahead.
 */
function projectStatusCondition(status: ProjectStatus, now: Date): Condition {
  const today = new Date(utcDayStart(now))
  const onTrackFrom = new Date(utcDayStart(now) + (DUE_SOON_DAYS + 1) * DAY_MS)
  return (eb) => {
    if (status === 'Completed') return eb('o.status_percentage', '>=', 100)
    const open = eb('o.status_percentage', '<', 100)
    if (status === 'Pending') return eb.and([open, eb('o.due_date', 'is', null)])
    if (status === 'On track') return eb.and([open, eb('o.due_date', '>=', onTrackFrom)])
    if (status === 'Due soon') return eb.and([open, eb('o.due_date', '>=', today), eb('o.due_date', '<', onTrackFrom)])
    return eb.and([open, eb('o.due_date', '<', today)])
  }
}

/** When completed orders count as older than six months: completed before this moment (the rule the list's note states). */
export function sixMonthsBefore(now: Date): Date {
  return completedCutoff(now, HIDDEN_COMPLETED_MONTHS)
}

/**
 * ADR 0018: an open order (not completed, archived or a test order) waits on the team when it has no
 * contributor, is due within DUE_SOON_DAYS days or past due, or the customer asked for a revision after
 * the latest draft that was not withdrawn.
 */
function needsActionCondition(t: TenantScope, now: Date): Condition {
  const dueBefore = new Date(utcDayStart(now) + (DUE_SOON_DAYS + 1) * DAY_MS)
  return (eb) =>
    eb.and([
      eb('o.status_percentage', '<', 100),
      eb('o.marked_as_complete', '=', false),
      eb('o.test_order', '=', false),
      eb.or([
        eb('o.writer_id', 'is', null),
        eb('o.due_date', '<', dueBefore),
        eb.and([
          eb('o.customer_last_revision_at', 'is not', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('drafts as d')
                .select('d.id')
                .where('d.client_id', '=', t.clientId)
                .whereRef('d.order_id', '=', 'o.id')
                .where('d.deleted_at', 'is', null)
                .whereRef('d.created_at', '>=', 'o.customer_last_revision_at'),
            ),
          ),
        ]),
      ]),
    ])
}

function listConditions(t: TenantScope, q: OrdersListQuery, r: ResolvedFilters, opts: Required<ListOptions>): Condition[] {
  const f = q.filters
  const now = opts.now
  const conditions: Condition[] = [(eb) => eb('o.archived', '=', opts.needsAction ? false : q.archived)]
  if (q.search) {
    const pattern = likePattern(q.search)
    conditions.push((eb) =>
      eb.or([eb('o.customer_name', 'like', pattern), eb('o.customer_email', 'like', pattern), eb('o.package_name', 'like', pattern), eb('o.public_id', 'like', pattern)]),
    )
  }
  if (r.productIds) conditions.push((eb) => eb('o.product_id', 'in', r.productIds!))
  if (r.writerIds?.length || r.unassigned) {
    conditions.push((eb) => eb.or([...(r.writerIds?.length ? [eb('o.writer_id', 'in', r.writerIds)] : []), ...(r.unassigned ? [eb('o.writer_id', 'is', null)] : [])]))
  }
  if (f.priority.length) conditions.push((eb) => eb('o.priority', 'in', f.priority))
  if (f.projectStatus.length) conditions.push((eb) => eb.or(f.projectStatus.map((s) => projectStatusCondition(s, now)(eb))))
  if (f.orderStatus.length === 1) conditions.push((eb) => eb('o.status_percentage', f.orderStatus[0] === 'completed' ? '>=' : '<', 100))
  if (f.testOrder !== undefined) conditions.push((eb) => eb('o.test_order', '=', f.testOrder!))
  if (f.hideOrder !== undefined) conditions.push((eb) => eb('o.hide_order', '=', f.hideOrder!))
  if (!q.showSixMonthsCompleted) {
    const cutoff = sixMonthsBefore(now)
    conditions.push((eb) => eb.or([eb('o.status_percentage', '<', 100), eb('o.completed_at', 'is', null), eb('o.completed_at', '>=', cutoff)]))
  }
  if (opts.needsAction) conditions.push(needsActionCondition(t, now))
  return conditions
}

// ---- Keyset walks. A nullable sort column is two runs, rows with a value then rows without, so empty
// due dates come last in both directions; each run is one range of the index, walked in order.

type Segment = 'all' | 'set' | 'null'
type Key = { v: Date | string | null; i: number }

function segmentsOf(sort: OrderSort): Segment[] {
  return NULLABLE_SORTS.includes(sort) ? ['set', 'null'] : ['all']
}

function keyOf(row: OrderRow, sort: OrderSort): Key {
  const column = SORT_COLUMN[sort].slice(2) as keyof OrderRow
  return { v: row[column] as Date | string | null, i: row.id }
}

function keyFromCursor(cursor: ListCursor & { d: 'a' | 'b' }): Key {
  const isDate = cursor.s === 'createdAt' || cursor.s === 'dueDate' || cursor.s === 'updatedAt'
  return { v: cursor.v === null ? null : isDate ? new Date(cursor.v) : cursor.v, i: cursor.i }
}

function cursorValue(v: Key['v']): string | null {
  return v === null ? null : v instanceof Date ? v.toISOString() : String(v)
}

type OrdersSelect = ReturnType<typeof ordersQuery>
/** An order row with its people and tags (withRelated()). */
type WalkRow = OrderRow & RelatedColumns

function walkIds(query: OrdersSelect, limit: number, skip: number) {
  const page = query.select('o.id').limit(limit)
  return skip > 0 ? page.offset(skip) : page
}

/**
 * The rows of a walk, in the walk's order, in one round trip: the walk itself selects only ids in a
 * derived table (MariaDB then reads the list index in order, where with every column selected it may
 * pick another plan for a deep cursor: 26 ms instead of 0.8 ms at 1M orders, ADR 0030), and the outer
 * query reads those rows by primary key. Two queries before (ids, then rows): a round trip costs more
 * CPU than the SQL around it (ADR 0104).
 */
async function rowsOfWalk(t: TenantScope, ids: ReturnType<typeof walkIds>, orderBy: (q: OrdersSelect) => OrdersSelect): Promise<WalkRow[]> {
  const rows = withRelated(t, ordersQuery(t).innerJoin(ids.as('k'), 'k.id', 'o.id') as unknown as OrdersSelect).select(ORDER_COLUMNS)
  return (await orderBy(rows as unknown as OrdersSelect).execute()) as WalkRow[]
}

type Walk = { sort: OrderSort; dir: SortDir; backward: boolean; from: Key | null; limit: number; skip?: number }

/**
 * Up to `limit` rows strictly after `from` in the walk's direction (display order, or its reverse
 * when backward), skipping `skip` rows first (the offset fallback of `start`, see ADR 0017).
 */
async function walk(t: TenantScope, base: () => ReturnType<typeof ordersQuery>, w: Walk): Promise<WalkRow[]> {
  const column = SORT_COLUMN[w.sort]
  const segments = w.backward ? [...segmentsOf(w.sort)].reverse() : segmentsOf(w.sort)
  const ascending = (w.dir === 'asc') !== w.backward
  const op = ascending ? '>' : '<'
  const order = ascending ? 'asc' : 'desc'
  const first = w.from ? Math.max(0, segments.indexOf(w.from.v === null ? 'null' : segments.includes('set') ? 'set' : 'all')) : 0
  const out: WalkRow[] = []
  let skip = w.skip ?? 0
  for (let k = first; k < segments.length && out.length < w.limit; k++) {
    const segment = segments[k]!
    let query = base()
    if (segment === 'set') query = query.where(column, 'is not', null)
    if (segment === 'null') query = query.where(column, 'is', null)
    if (w.from && k === first) {
      const { v, i } = w.from
      query = segment === 'null' || v === null ? query.where('o.id', op, i) : query.where((eb) => eb.or([eb(column, op, v), eb.and([eb(column, '=', v), eb('o.id', op, i)])]))
    }
    const orderBy = (q: OrdersSelect) => (segment === 'null' ? q.orderBy('o.id', order) : q.orderBy(column, order).orderBy('o.id', order))
    const rows = await rowsOfWalk(t, walkIds(orderBy(query), w.limit - out.length, skip), orderBy)
    if (rows.length > 0) skip = 0
    else if (skip > 0) {
      // The whole run lies inside the skip: take its size off and go on with the next run.
      const n = await query
        .clearOrderBy()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
      skip = Math.max(0, skip - Number(n?.n ?? 0))
    }
    out.push(...rows)
  }
  return out
}

const EMPTY_PAGE: OrdersPage = { rows: [], related: { people: new Map(), tags: new Map() }, count: 0, offset: 0, nextCursor: null, prevCursor: null, lastCursor: null }

/**
 * One page of the organisation's orders. Paging: a cursor from a previous answer (next, prev, last), or
 * the spec's `start` offset, served from the nearer end of the list (ADR 0017); neither is the first page.
 */
export async function listOrders(t: TenantScope, q: OrdersListQuery, options: ListOptions = {}): Promise<OrdersPage> {
  const opts: Required<ListOptions> = { now: options.now ?? new Date(), needsAction: options.needsAction ?? false }
  const resolved = await resolveFilters(t, q.filters)
  if (!resolved) return EMPTY_PAGE
  const conditions = listConditions(t, q, resolved, opts)
  const base = () => ordersQuery(t).where((eb) => eb.and(conditions.map((c) => c(eb))))
  // ADR 0029: a total past COUNT_CACHE_FROM (10,000) may be up to 30 s old; every smaller one is exact.
  const countParts = { archived: q.archived, search: q.search, filters: q.filters, six: q.showSixMonthsCompleted, needsAction: opts.needsAction }
  const counting = rememberedCount(countKey('orders', t.clientId, countParts), () =>
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst()
      .then((r) => Number(r?.n ?? 0)),
  )
  const { sort, dir, size, cursor } = q
  const run = (w: Omit<Walk, 'sort' | 'dir'>) => walk(t, base, { sort, dir, ...w })

  const lastPage = async () => {
    const count = await counting
    const lastSize = count % size || size
    const reversed = await run({ backward: true, from: null, limit: lastSize })
    return { rows: reversed.reverse(), offset: Math.max(0, count - reversed.length), hasPrev: count > reversed.length, hasNext: false }
  }
  const firstPage = async () => {
    const found = await run({ backward: false, from: null, limit: size + 1 })
    return { rows: found.slice(0, size), offset: 0, hasPrev: false, hasNext: found.length > size }
  }

  let page: { rows: WalkRow[]; offset: number; hasPrev: boolean; hasNext: boolean }
  if (cursor?.d === 'a') {
    const found = await run({ backward: false, from: keyFromCursor(cursor), limit: size + 1 })
    // Everything after the cursor is gone (deleted or re-filtered): show the end instead of nothing.
    page = found.length === 0 ? await lastPage() : { rows: found.slice(0, size), offset: cursor.o, hasPrev: true, hasNext: found.length > size }
  } else if (cursor?.d === 'b') {
    const found = await run({ backward: true, from: keyFromCursor(cursor), limit: size + 1 })
    const more = found.length > size
    // Reaching the beginning with a short page: the first page is fuller and keeps the page grid.
    page = !more && found.length < size ? await firstPage() : { rows: found.slice(0, size).reverse(), offset: more ? Math.max(1, cursor.o) : 0, hasPrev: more, hasNext: true }
  } else if (cursor?.d === 'l') {
    page = await lastPage()
  } else if (q.start) {
    page = await startPage(q.start, size, await counting, run)
  } else {
    page = await firstPage()
  }
  const { rows, offset, hasPrev, hasNext } = page
  const count = await counting
  const first = rows[0]
  const last = rows[rows.length - 1]
  return {
    rows,
    related: relatedOf(rows),
    count,
    offset,
    nextCursor: hasNext && last ? encodeCursor({ d: 'a', s: sort, r: dir, v: cursorValue(keyOf(last, sort).v), i: last.id, o: offset + rows.length }) : null,
    prevCursor: hasPrev && first ? encodeCursor({ d: 'b', s: sort, r: dir, v: cursorValue(keyOf(first, sort).v), i: first.id, o: Math.max(0, offset - size) }) : null,
    lastCursor: hasNext ? encodeCursor({ d: 'l', s: sort, r: dir, o: 0 }) : null,
  }
}

/**
 * The spec's offset paging (ADR 0017): a page that reaches the end is read backwards from the end
 * (as cheap as the first page); a page in the middle skips from whichever end is nearer.
 */
async function startPage(start: number, size: number, count: number, run: (w: Omit<Walk, 'sort' | 'dir'>) => Promise<WalkRow[]>) {
  if (start >= count) return { rows: [], offset: start, hasPrev: false, hasNext: false }
  if (start + size >= count) {
    const reversed = await run({ backward: true, from: null, limit: count - start })
    return { rows: reversed.reverse(), offset: start, hasPrev: true, hasNext: false }
  }
  const fromEnd = count - start - size
  if (start <= fromEnd) return { rows: await run({ backward: false, from: null, limit: size, skip: start }), offset: start, hasPrev: true, hasNext: true }
  const reversed = await run({ backward: true, from: null, limit: size, skip: fromEnd })
  return { rows: reversed.reverse(), offset: start, hasPrev: true, hasNext: true }
}

// ---- Page rows and filter choices.

/** What a row of the back-office tables shows (smaller than the API's Order, so the page stays light). */
export function toOrderListRow(order: OrderJson) {
  return {
    _id: order._id,
    customer: order.customer,
    customerEmail: order.customerEmail,
    customerId: order.customerData._id,
    product: order.package.packageName,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    dueDate: order.dueDate,
    customerLastRevisionAt: order.customerLastRevisionAt,
    lastTask: order.lastTask,
    projectStatus: order.projectStatus,
    statusPercentage: order.statusPercentage,
    priority: order.priority,
    contributor: order.writer,
    tags: orderTagLabels(order),
  }
}
export type OrderListRow = ReturnType<typeof toOrderListRow>

export async function orderListRows(t: TenantScope, rows: OrderRow[], now = new Date(), related?: OrderRelated): Promise<OrderListRow[]> {
  return (await ordersToJson(t, rows, now, related)).map(toOrderListRow)
}

/** The dashboard's Projects tab (back-office section 2): archived orders, the completed ones only when asked. */
export async function listProjects(t: TenantScope, q: Pick<OrdersListQuery, 'sort' | 'dir' | 'size' | 'cursor'>, showCompleted: boolean, now = new Date()) {
  const page = await listOrders(
    t,
    { ...q, archived: true, search: '', start: null, showSixMonthsCompleted: true, filters: { ...NO_FILTERS, orderStatus: showCompleted ? [] : ['in-progress'] } },
    { now },
  )
  const { related, ...rest } = page
  return { ...rest, rows: await orderListRows(t, page.rows, now, related) }
}

export type FilterChoice = { value: string; label: string }

/** At most this many choices per filter. */
const FILTER_CHOICES = 500

/**
 * The choices of the product and contributor filters: every product and every contributor of the organisation,
 * by name. One round trip (ADR 0111): each list is a JSON array aggregated in its own sub-query, pinned to the
 * tenant like any other.
 */
export async function orderFilterChoices(t: TenantScope): Promise<{ products: FilterChoice[]; contributors: FilterChoice[] }> {
  const row = await t.db
    .selectNoFrom([
      scoped(t, 'products')
        .select(sql<string | null>`JSON_ARRAYAGG(JSON_ARRAY(${sql.ref('public_id')}, ${sql.ref('name')}) ORDER BY ${sql.ref('name')} LIMIT ${sql.lit(FILTER_CHOICES)})`.as('a'))
        .as('products'),
      scopedAs(t, 'memberships', 'm')
        .innerJoin('users as u', (j) => scopedJoin(t, 'u', j.onRef('u.id', '=', 'm.user_id')))
        .where('m.role', '=', 'user')
        .where(sql<boolean>`JSON_CONTAINS(m.permissions, '"WRITER"')`)
        .select(
          sql<
            string | null
          >`JSON_ARRAYAGG(JSON_ARRAY(${sql.ref('u.public_id')}, ${sql.ref('u.first_name')}, ${sql.ref('u.last_name')}) ORDER BY ${sql.ref('u.first_name')}, ${sql.ref('u.last_name')} LIMIT ${sql.lit(FILTER_CHOICES)})`.as(
            'a',
          ),
        )
        .as('contributors'),
    ])
    .executeTakeFirstOrThrow()
  const products = jsonRows<[string, string]>(row.products)
  const contributors = jsonRows<[string, string, string]>(row.contributors)
  return {
    products: products.map(([value, label]) => ({ value, label })),
    contributors: contributors.map(([value, first, last]) => ({ value, label: `${first} ${last}`.trim() })),
  }
}

/** A JSON_ARRAYAGG answer: NULL when no row matched; text from MariaDB (JSON is LONGTEXT there). */
function jsonRows<T>(value: unknown): T[] {
  if (value === null || value === undefined) return []
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[]
}

/** Contributors for the Needs Action answer (the spec's `writers`): active ones, by name. */
export async function activeWriters(t: TenantScope) {
  const rows = await scopedAs(t, 'memberships', 'm')
    .innerJoin('users as u', (j) => scopedJoin(t, 'u', j.onRef('u.id', '=', 'm.user_id')))
    .select(['u.public_id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('m.role', '=', 'user')
    .where('m.active', '=', true)
    .where('m.archived', '=', false)
    .where(sql<boolean>`JSON_CONTAINS(m.permissions, '"WRITER"')`)
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .limit(500)
    .execute()
  return rows.map((r) => ({ _id: r.public_id, firstName: r.first_name, lastName: r.last_name, email: r.email }))
}
