// A server-paged table: search, sort, page and page size live in the URL, so every control is a
// link or a GET form that works without JavaScript; with it, search is debounced and the size applies on change.
import { Form, Link, useNavigation, useSearchParams, useSubmit } from '@remix-run/react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { pageCount, type TableQuery, tableHref } from '#app/rules/table-query'
import { buttonClass } from '#app/ui/button'
import { cn } from '#app/ui/cn'
import { PageLink } from '#app/ui/page-link'
import { EmptyRow, SortTh, Table, TBody, Th, THead } from '#app/ui/table'
import { useHydrated } from '#app/ui/use-hydrated'
import { type RowFetchers, useRowActions } from '#app/ui/row-actions'

export type Column<T> = {
  key: string
  header: ReactNode
  /** The sort key the server accepts for this column (sort=...); absent means not sortable. */
  sort?: string
  className?: string
  /**
   * index is the row's position in the whole result (0-based), for the # column; fetchers gives the state
   * of the row's fetcher RowForms (the optimistic value while one posts), read by key.
   */
  cell: (row: T, index: number, fetchers: RowFetchers) => ReactNode
}

export type DataTableProps<T> = {
  label: string
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string
  total: number
  query: TableQuery
  sizes: readonly number[]
  searchPlaceholder?: string
  empty?: string
  /** Extra controls beside the search box (toggles, create buttons). */
  toolbar?: ReactNode
  /** The URL parameter the search box writes ('q' unless the page's loader reads another). */
  searchParam?: string
  /** False for tables filtered by other controls (the audit log): no search box. */
  searchable?: boolean
}

const SEARCH_DEBOUNCE_MS = 500

/** Hidden inputs that carry the other URL parameters through a GET form. */
function Carry({ params, skip }: { params: URLSearchParams; skip: string[] }) {
  return (
    <>
      {[...params.entries()]
        .filter(([key]) => !skip.includes(key))
        .map(([key, value]) => (
          <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
        ))}
    </>
  )
}

export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  total,
  query,
  sizes,
  searchPlaceholder = 'Search',
  empty = 'No Record Found',
  toolbar,
  searchParam = 'q',
  searchable = true,
}: DataTableProps<T>) {
  const [params] = useSearchParams()
  const hydrated = useHydrated()
  const submit = useSubmit()
  const navigation = useNavigation()
  const id = useId()
  const [search, setSearch] = useState(query.search)
  const searchForm = useRef<HTMLFormElement>(null)
  const pages = pageCount(total, query.size)
  const first = total === 0 ? 0 : query.start + 1
  const last = Math.min(query.start + rows.length, total)

  useEffect(() => setSearch(query.search), [query.search])

  // Typing searches after a pause; the URL (and so the server) stays the source of truth.
  useEffect(() => {
    if (!searchable || !hydrated || search.trim() === query.search) return
    const timer = setTimeout(() => {
      if (searchForm.current) submit(searchForm.current, { replace: true, preventScrollReset: true })
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [searchable, hydrated, search, query.search, submit])

  const loading = navigation.state === 'loading'
  const rowActions = useRowActions()

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {searchable ? (
          <Form ref={searchForm} method="get" role="search" className="flex items-end gap-2" preventScrollReset>
            <Carry params={params} skip={[searchParam, 'page']} />
            <div>
              <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium text-gray-700">
                Search
              </label>
              <input
                id={`${id}-q`}
                type="search"
                name={searchParam}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={searchPlaceholder}
                maxLength={100}
                className="block w-64 rounded-md border-0 px-3 py-2 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-brand-600"
              />
            </div>
            {!hydrated && (
              <button type="submit" className={buttonClass('secondary')}>
                Search
              </button>
            )}
          </Form>
        ) : null}
        {toolbar ? <div className="flex flex-wrap items-center gap-3">{toolbar}</div> : null}
      </div>

      {/* Cell padding and colours come from .data-table (tailwind.css): set once, not on each of the page's cells. */}
      <Table
        label={label}
        frameClassName={cn(loading && 'opacity-70')}
        className="data-table min-w-full divide-y divide-gray-200 text-sm"
        onClick={rowActions.onClick}
        onSubmit={rowActions.onSubmit}
      >
        <THead>
          {columns.map((column) =>
            column.sort ? (
              <SortTh
                key={column.key}
                href={tableHref(params, { sort: column.sort, dir: query.sort === column.sort && query.dir === 'asc' ? 'desc' : 'asc', page: null })}
                active={query.sort === column.sort}
                dir={query.dir}
                className={column.className}
              >
                {column.header}
              </SortTh>
            ) : (
              <Th key={column.key} className={column.className}>
                {column.header}
              </Th>
            ),
          )}
        </THead>
        <TBody>
          {rows.length === 0 ? (
            <EmptyRow colSpan={columns.length}>{empty}</EmptyRow>
          ) : (
            rows.map((row, i) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.className}>
                    {column.cell(row, query.start + i, rowActions.fetchers)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </TBody>
      </Table>

      <nav aria-label={`${label} pagination`} className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
        <PageSizeForm params={params} skip={['size', 'page']} size={query.size} sizes={sizes} />
        <p aria-live="polite">
          {first}–{last} of {total}
        </p>
        <div className="flex items-center gap-2">
          <PageLink to={tableHref(params, { page: query.page - 1 })} disabled={query.page <= 1} label="Previous page">
            Previous
          </PageLink>
          <span>
            Page {Math.min(query.page, pages)} of {pages}
          </span>
          <PageLink to={tableHref(params, { page: query.page + 1 })} disabled={query.page >= pages} label="Next page">
            Next
          </PageLink>
        </div>
      </nav>
    </div>
  )
}

/** A GET toggle such as 'Show Archived Customers': a link with the parameter set or cleared (page reset). */
export function ArchivedToggle({ label, param = 'archived' }: { label: string; param?: string }) {
  const [params] = useSearchParams()
  const on = params.get(param) === 'true'
  return (
    <Link
      to={tableHref(params, { [param]: on ? null : 'true', page: null })}
      role="switch"
      aria-checked={on}
      preventScrollReset
      className="inline-flex items-center gap-2 text-sm font-medium text-gray-700"
    >
      <SwitchTrack on={on} />
      {label}
    </Link>
  )
}

export function SwitchTrack({ on }: { on: boolean }) {
  return (
    // Styled by .switch-track (tailwind.css): tables render one per row and column.
    <span aria-hidden="true" className="switch-track" data-on={on || undefined}>
      <span className="switch-thumb" />
    </span>
  )
}

/** Rows per page: a GET form keeping every other parameter; it submits on change with JavaScript, by its button without. */
export function PageSizeForm({ params, skip, size, sizes }: { params: URLSearchParams; skip: string[]; size: number; sizes: readonly number[] }) {
  const hydrated = useHydrated()
  const submit = useSubmit()
  const id = useId()
  return (
    <Form method="get" className="flex items-center gap-2" preventScrollReset>
      <Carry params={params} skip={skip} />
      <label htmlFor={`${id}-size`}>Rows per page</label>
      <select
        id={`${id}-size`}
        name="size"
        defaultValue={String(size)}
        key={size}
        onChange={(e) => hydrated && submit(e.currentTarget.form, { preventScrollReset: true })}
        className="rounded-md border-0 py-1.5 pr-8 pl-2 text-sm ring-1 ring-gray-300 ring-inset"
      >
        {sizes.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className={buttonClass('secondary', 'py-1')}>
          Apply
        </button>
      )}
    </Form>
  )
}
