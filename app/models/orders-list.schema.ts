// The orders list query (page URL and GET /api/client/orders): parameters, filters, sorts and the opaque paging cursor.
// Isomorphic: the page's filter form and the API parse the same names with the same rules.
import { z } from 'zod'
import { ORDER_PRIORITIES, type OrderPriority } from '#app/rules/order-priority'
import { PROJECT_STATUSES, type ProjectStatus } from '#app/rules/project-status'

export { ORDER_SORTS, ORDER_PAGE_SIZES, ORDER_STATUS_FILTERS, UNASSIGNED, FILTER_PARAMS, FILTERS_STORAGE_KEY, hasFilterParams } from './orders-list.names'
export type { OrderSort, SortDir, OrderPageSize, OrderStatusFilter, FilterParam } from './orders-list.names'
import {
  FILTER_PARAMS,
  type FilterParam,
  ORDER_PAGE_SIZES,
  ORDER_SORTS,
  ORDER_STATUS_FILTERS,
  UNASSIGNED,
  type OrderPageSize,
  type OrderSort,
  type OrderStatusFilter,
  type SortDir,
} from './orders-list.names'

export type OrderListFilters = {
  product: string[]
  contributor: string[]
  priority: OrderPriority[]
  projectStatus: ProjectStatus[]
  orderStatus: OrderStatusFilter[]
  testOrder?: boolean
  hideOrder?: boolean
}

/** A position in one sorted list: after or before the row (value, id), or the last page. `o` is the row's offset (for # and 'x–y of n'). */
export type ListCursor = { d: 'a' | 'b'; s: OrderSort; r: SortDir; v: string | null; i: number; o: number } | { d: 'l'; s: OrderSort; r: SortDir; o: number }

export type OrdersListQuery = {
  archived: boolean
  search: string
  sort: OrderSort
  dir: SortDir
  size: OrderPageSize
  /** From a previous answer's nextCursor, prevCursor or lastCursor. */
  cursor: ListCursor | null
  /** The spec's offset paging; ignored when a cursor is given. */
  start: number | null
  showSixMonthsCompleted: boolean
  filters: OrderListFilters
}

export const NO_FILTERS: OrderListFilters = { product: [], contributor: [], priority: [], projectStatus: [], orderStatus: [] }

// ---- Cursor: base64url of a small JSON, so it survives any URL and says nothing the caller must parse.

function toBase64Url(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(value: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) throw new Error('not base64url')
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}

/** The direction a sort starts in when only the column is given: newest first for times, soonest due first, A to Z for names. */
export const NATURAL_DIR: Record<OrderSort, SortDir> = { createdAt: 'desc', dueDate: 'asc', updatedAt: 'desc', customer: 'asc', product: 'asc' }

const DATE_SORTS: readonly OrderSort[] = ['createdAt', 'dueDate', 'updatedAt']
/** Sorts on a column that may be empty: those rows come last in both directions. */
export const NULLABLE_SORTS: readonly OrderSort[] = ['dueDate']

const cursorSchema = z.union([
  z.object({
    d: z.enum(['a', 'b']),
    s: z.enum(ORDER_SORTS),
    r: z.enum(['asc', 'desc']),
    v: z.string().max(200).nullable(),
    i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    o: z.number().int().min(0).max(1e9),
  }),
  z.object({ d: z.literal('l'), s: z.enum(ORDER_SORTS), r: z.enum(['asc', 'desc']), o: z.number().int().min(0).max(1e9) }),
])

export function encodeCursor(cursor: ListCursor): string {
  return toBase64Url(JSON.stringify(cursor))
}

/** The cursor, or null when the text is not one this list made (bad encoding, shape or value type). */
export function decodeCursor(text: string): ListCursor | null {
  if (text.length === 0 || text.length > 1000) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(fromBase64Url(text))
  } catch {
    return null
  }
  const result = cursorSchema.safeParse(parsed)
  if (!result.success) return null
  const cursor = result.data
  if (cursor.d === 'l') return cursor
  if (cursor.v === null && !NULLABLE_SORTS.includes(cursor.s)) return null
  if (cursor.v !== null && DATE_SORTS.includes(cursor.s) && Number.isNaN(Date.parse(cursor.v))) return null
  return cursor
}

// ---- Parameters: plain ones (the page's URL) and the JSON `filters`/`sorting` a React table sends.

const SORT_ALIASES: Record<string, OrderSort> = {
  createdAt: 'createdAt',
  created_at: 'createdAt',
  purchasedDate: 'createdAt',
  purchaseDate: 'createdAt',
  dueDate: 'dueDate',
  due_date: 'dueDate',
  updatedAt: 'updatedAt',
  updated_at: 'updatedAt',
  recentUpdate: 'updatedAt',
  customer: 'customer',
  customerName: 'customer',
  customer_name: 'customer',
  product: 'product',
  package: 'product',
  packageName: 'product',
  package_name: 'product',
  'package.packageName': 'product',
}

const FILTER_ALIASES: Record<string, FilterParam | 'archived'> = {
  product: 'product',
  package: 'product',
  packageName: 'product',
  'package.packageName': 'product',
  contributor: 'contributor',
  writer: 'contributor',
  writer_id: 'contributor',
  priority: 'priority',
  projectStatus: 'projectStatus',
  orderStatus: 'orderStatus',
  status: 'orderStatus',
  testOrder: 'testOrder',
  hideOrder: 'hideOrder',
  archived: 'archived',
}

const slug = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '')
const PROJECT_STATUS_BY_SLUG = new Map<string, string>(PROJECT_STATUSES.map((s) => [slug(s), s]))
const ORDER_STATUS_BY_SLUG = new Map<string, string>(ORDER_STATUS_FILTERS.map((s) => [slug(s), s]))

/** true/false from 'true', '1', true...; undefined for '', 'all' or absent; anything else stays as is for zod to refuse. */
function boolish(value: unknown): unknown {
  if (value === undefined || value === null || value === '' || value === 'all') return undefined
  if (value === true || value === 'true' || value === '1') return true
  if (value === false || value === 'false' || value === '0') return false
  return value
}

/** A filter's values: repeated parameters, comma lists and JSON arrays all become one list of strings. */
function listOf(values: unknown[]): string[] {
  return values
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : typeof v === 'number' || typeof v === 'boolean' ? [String(v)] : [JSON.stringify(v)]))
    .map((v) => v.trim())
    .filter((v) => v !== '' && v !== 'all')
}

const publicId = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'Invalid id')
const bool = (name: string) => z.preprocess(boolish, z.boolean({ invalid_type_error: `${name} must be true or false` }).optional())

const normalizedSchema = z.object({
  archived: bool('archived'),
  search: z.string().trim().max(100, 'Search is at most 100 characters'),
  sort: z.enum(ORDER_SORTS, { errorMap: () => ({ message: `sort must be one of ${ORDER_SORTS.join(', ')}` }) }).optional(),
  dir: z.enum(['asc', 'desc'], { errorMap: () => ({ message: 'dir must be asc or desc' }) }).optional(),
  size: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z
      .number({ invalid_type_error: 'size must be 50, 100 or 200' })
      .refine((n) => (ORDER_PAGE_SIZES as readonly number[]).includes(n), 'size must be 50, 100 or 200')
      .optional(),
  ),
  start: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z
      .number({ invalid_type_error: 'start must be a whole number' })
      .int('start must be a whole number')
      .min(0, 'start must be 0 or more')
      .max(10_000_000, 'start is too large')
      .optional(),
  ),
  cursor: z.string().max(1000, 'Invalid cursor').optional(),
  showSixMonthsCompleted: bool('showSixMonthsCompleted'),
  product: z.array(publicId).max(50, 'Too many products'),
  contributor: z.array(z.union([z.literal(UNASSIGNED), publicId])).max(50, 'Too many contributors'),
  priority: z.array(z.enum(ORDER_PRIORITIES, { errorMap: () => ({ message: `priority must be one of ${ORDER_PRIORITIES.join(', ')}` }) })),
  projectStatus: z.array(z.enum(PROJECT_STATUSES, { errorMap: () => ({ message: `projectStatus must be one of ${PROJECT_STATUSES.join(', ')}` }) })),
  orderStatus: z.array(z.enum(ORDER_STATUS_FILTERS, { errorMap: () => ({ message: 'orderStatus must be completed or in-progress' }) })),
  testOrder: bool('testOrder'),
  hideOrder: bool('hideOrder'),
})

export type ParsedList = { ok: true; query: OrdersListQuery } | { ok: false; error: string; errors: Record<string, string> }

function failure(errors: Record<string, string>): ParsedList {
  return { ok: false, error: Object.values(errors)[0]!, errors }
}

function parseJsonParam(value: string | null): { ok: true; value: unknown } | { ok: false } {
  if (value === null || value.trim() === '') return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(value) }
  } catch {
    return { ok: false }
  }
}

/**
 * Reads the list query from URL parameters: archived, search (or q, globalFilter), sort and dir (or
 * sorting=[{id, desc}]), size, cursor, start, showSixMonthsCompleted, the filters as plain repeatable
 * parameters or as filters=[{id, value}] / {id: value}. Unknown plain parameters are ignored; unknown
 * filter or sort ids and bad values are errors.
 */
export function parseOrdersListQuery(params: URLSearchParams, defaults: { sort?: OrderSort; dir?: SortDir } = {}): ParsedList {
  const raw: Record<FilterParam | 'archived', unknown[]> = {
    product: [],
    contributor: [],
    priority: [],
    projectStatus: [],
    orderStatus: [],
    testOrder: [],
    hideOrder: [],
    archived: [],
  }
  for (const name of [...FILTER_PARAMS, 'archived'] as const) raw[name].push(...params.getAll(name))

  const filtersJson = parseJsonParam(params.get('filters'))
  if (!filtersJson.ok) return failure({ filters: 'filters must be JSON' })
  const filters = filtersJson.value
  const entries: [string, unknown][] = Array.isArray(filters)
    ? filters.map((f) => (f && typeof f === 'object' && 'id' in f ? [String((f as { id: unknown }).id), (f as { value?: unknown }).value] : ['', f]))
    : filters && typeof filters === 'object'
      ? Object.entries(filters)
      : filters === undefined
        ? []
        : [['', filters]]
  for (const [id, value] of entries) {
    const name = FILTER_ALIASES[id]
    if (!name) return failure({ filters: `Unknown filter: ${id || JSON.stringify(value)}` })
    raw[name].push(value)
  }

  let sort: string | undefined = params.get('sort') ?? undefined
  let dir: string | undefined = params.get('dir') ?? undefined
  const sortingJson = parseJsonParam(params.get('sorting'))
  if (!sortingJson.ok) return failure({ sorting: 'sorting must be JSON' })
  const sorting = sortingJson.value
  if (sorting !== undefined) {
    const first = Array.isArray(sorting) ? sorting[0] : sorting
    if (first !== undefined) {
      if (!first || typeof first !== 'object' || !('id' in first)) return failure({ sorting: 'sorting must be [{"id": column, "desc": true|false}]' })
      sort = String(first.id)
      dir = (first as { desc?: unknown }).desc === true || (first as { desc?: unknown }).desc === 'true' ? 'desc' : 'asc'
    }
  }
  if (sort !== undefined && sort !== '') {
    const known = SORT_ALIASES[sort]
    if (!known) return failure({ sort: `sort must be one of ${ORDER_SORTS.join(', ')}` })
    sort = known
  } else sort = undefined
  if (dir === '') dir = undefined

  const lastOf = (values: unknown[]) => (values.length ? values[values.length - 1] : undefined)
  const result = normalizedSchema.safeParse({
    archived: lastOf(raw.archived),
    search: params.get('search') ?? params.get('q') ?? params.get('globalFilter') ?? '',
    sort,
    dir,
    size: params.get('size') ?? undefined,
    start: params.get('start') ?? undefined,
    cursor: params.get('cursor') || undefined,
    showSixMonthsCompleted: params.get('showSixMonthsCompleted') ?? undefined,
    product: listOf(raw.product),
    contributor: listOf(raw.contributor),
    priority: listOf(raw.priority).map((p) => p.toLowerCase()),
    projectStatus: listOf(raw.projectStatus).map((s) => PROJECT_STATUS_BY_SLUG.get(slug(s)) ?? s),
    orderStatus: listOf(raw.orderStatus).map((s) => ORDER_STATUS_BY_SLUG.get(slug(s)) ?? s),
    testOrder: lastOf(raw.testOrder),
    hideOrder: lastOf(raw.hideOrder),
  })
  if (!result.success) {
    const errors: Record<string, string> = {}
    for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'query')] ??= issue.message
    return failure(errors)
  }
  const q = result.data
  let cursor: ListCursor | null = null
  if (q.cursor) {
    cursor = decodeCursor(q.cursor)
    if (!cursor) return failure({ cursor: 'Invalid cursor' })
    // A cursor belongs to one sort: without an explicit sort it brings its own; with another it is refused.
    if ((q.sort && q.sort !== cursor.s) || (q.dir && q.dir !== cursor.r)) return failure({ cursor: 'The cursor belongs to another sort' })
  }
  const uniq = <T>(values: T[]) => [...new Set(values)]
  return {
    ok: true,
    query: {
      archived: q.archived ?? false,
      search: q.search,
      sort: q.sort ?? cursor?.s ?? defaults.sort ?? 'createdAt',
      dir: q.dir ?? cursor?.r ?? (q.sort ? NATURAL_DIR[q.sort] : (defaults.dir ?? NATURAL_DIR[defaults.sort ?? 'createdAt'])),
      size: (q.size ?? 50) as OrderPageSize,
      cursor,
      start: cursor ? null : (q.start ?? null),
      showSixMonthsCompleted: q.showSixMonthsCompleted ?? false,
      filters: {
        product: uniq(q.product),
        contributor: uniq(q.contributor),
        priority: uniq(q.priority),
        projectStatus: uniq(q.projectStatus),
        orderStatus: uniq(q.orderStatus),
        ...(q.testOrder !== undefined ? { testOrder: q.testOrder } : {}),
        ...(q.hideOrder !== undefined ? { hideOrder: q.hideOrder } : {}),
      },
    },
  }
}
