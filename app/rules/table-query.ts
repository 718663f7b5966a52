// Server-paged tables: page, page size, search and sort read from URL search params (works without JavaScript).

export type SortDir = 'asc' | 'desc'

export type TableQuery<S extends string = string> = {
  page: number
  size: number
  start: number
  search: string
  sort: S
  dir: SortDir
}

export type TableQueryOptions<S extends string> = {
  sizes: readonly number[]
  sortable: readonly S[]
  defaultSort: S
  defaultDir?: SortDir
}

/** Back-office section 9: customers, workflows, products, forms, contracts, files and client users. */
export const PEOPLE_PAGE_SIZES = [50, 100, 200] as const

export function parseTableQuery<S extends string>(params: URLSearchParams, opts: TableQueryOptions<S>): TableQuery<S> {
  const sizeParam = Number(params.get('size'))
  const size = opts.sizes.includes(sizeParam) ? sizeParam : opts.sizes[0]!
  const pageParam = Math.floor(Number(params.get('page')))
  const page = Number.isFinite(pageParam) && pageParam >= 1 && pageParam <= 100_000 ? pageParam : 1
  const sortParam = params.get('sort') as S | null
  const sort = sortParam && opts.sortable.includes(sortParam) ? sortParam : opts.defaultSort
  const dirParam = params.get('dir')
  const dir: SortDir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : (opts.defaultDir ?? 'asc')
  const search = (params.get('q') ?? '').trim().slice(0, 100)
  return { page, size, start: (page - 1) * size, search, sort, dir }
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size))
}

/** The query string for another view of the same table, keeping every other parameter. */
export function tableHref(current: URLSearchParams, changes: Record<string, string | number | null>): string {
  const next = new URLSearchParams(current)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key)
    else next.set(key, String(value))
  }
  const qs = next.toString()
  return qs ? `?${qs}` : '?'
}

/** LIKE pattern for a user-typed search: %, _ and \ match themselves. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
