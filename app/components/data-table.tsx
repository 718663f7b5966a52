// A server-paged table: search, sort, page and page size live in the URL, so every control is a
// link or a GET form that works without JavaScript; with it, search is debounced and the size applies on change.
// Every list page inherits from here (ADR 0074): optional columns with a per-person picker, rows as cards
// below the md breakpoint, one pager (pages or cursors) and one date format per language.
import { Form, Link, useLocation, useNavigation, useRouteLoaderData, useSearchParams, useSubmit } from '@remix-run/react'
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react'
import { formatListDate } from '#app/rules/list-dates'
import { optionalColumns, type TableKey, TABLE_COLUMNS, visibleColumns } from '#app/rules/table-columns'
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
  /** The card's label of this column's value on a phone; the header when that is text. */
  label?: string
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
  /**
   * The list's optional columns (app/rules/table-columns.ts) and the person's saved choice: hidden columns
   * are left out and a column picker joins the toolbar (without `canSave`, the defaults and no picker).
   */
  columnChoice?: ColumnChoice
}

export type ColumnChoice = { table: TableKey; saved: string[] | null; canSave?: boolean }

/** The columns of `columns` the choice shows: a column the table does not list always shows. */
export function chosenColumns<C extends { key: string }>(columns: C[], choice: ColumnChoice | undefined): C[] {
  if (!choice) return columns
  const known = new Set<string>(TABLE_COLUMNS[choice.table].map((c) => c.key))
  const visible = visibleColumns(choice.table, choice.saved)
  return columns.filter((c) => !known.has(c.key) || visible.has(c.key))
}

/** The card label of a column: its `label`, else its header when that is text. */
export function columnLabel(column: { label?: string; header: ReactNode }): string | undefined {
  return column.label ?? (typeof column.header === 'string' ? column.header : undefined)
}

/** The reader's language for list dates (the root loader's, from the session). */
export function useListDate() {
  const lang = (useRouteLoaderData('root') as { lang?: string } | undefined)?.lang
  return useCallback((value: string | Date | null | undefined, time = false, empty = '-') => formatListDate(value, { lang, time, empty }), [lang])
}

/** A list cell's date in the list format of the reader's language, as a <time>. */
export function ListDate({ value, time = false, empty = '-' }: { value: string | null | undefined; time?: boolean; empty?: string }) {
  const format = useListDate()
  return value ? <time dateTime={value}>{format(value, time, empty)}</time> : <>{empty}</>
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
  columnChoice,
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
  const shown = chosenColumns(columns, columnChoice)
  const picker = columnChoice?.canSave ? <ColumnPicker table={columnChoice.table} saved={columnChoice.saved} /> : null

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {searchable ? (
          <Form ref={searchForm} method="get" role="search" className="flex items-end gap-2" preventScrollReset>
            <Carry params={params} skip={[searchParam, 'page', COLUMN_PICKER_PARAM]} />
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
        {toolbar || picker ? (
          <div className="flex flex-wrap items-center gap-3">
            {toolbar}
            {picker}
          </div>
        ) : null}
      </div>

      {/* Cell padding and colours come from .data-table (tailwind.css): set once, not on each of the page's cells. */}
      <Table
        label={label}
        frameClassName={cn(loading && 'opacity-70')}
        className="data-table table-cards min-w-full divide-y divide-gray-200 text-sm"
        onClick={rowActions.onClick}
        onSubmit={rowActions.onSubmit}
      >
        <THead>
          {shown.map((column) =>
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
            <EmptyRow colSpan={shown.length}>{empty}</EmptyRow>
          ) : (
            rows.map((row, i) => (
              <tr key={rowKey(row)}>
                {shown.map((column) => (
                  <td key={column.key} className={column.className} data-label={columnLabel(column)}>
                    {column.cell(row, query.start + i, rowActions.fetchers)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </TBody>
      </Table>

      <ListPager
        label={label}
        sizes={sizes}
        size={query.size}
        total={total}
        first={first}
        last={last}
        page={Math.min(query.page, pages)}
        pages={pages}
        sizeSkip={['size', 'page', COLUMN_PICKER_PARAM]}
        links={{
          first: query.page > 1 ? tableHref(params, { page: null }) : null,
          previous: query.page > 1 ? tableHref(params, { page: query.page - 1 }) : null,
          next: query.page < pages ? tableHref(params, { page: query.page + 1 }) : null,
          last: query.page < pages ? tableHref(params, { page: pages }) : null,
        }}
      />
    </div>
  )
}

export type PagerLinks = { first: string | null; previous: string | null; next: string | null; last: string | null }

/**
 * The one pager of the list pages: rows per page, 'first–last of total', and First, Previous, Next and Last
 * as links (null: that page does not exist). Page-numbered lists give page links; the order lists give
 * cursor links (ADR 0017), so every page costs the same there.
 */
export function ListPager({
  label,
  sizes,
  size,
  total,
  first,
  last,
  page,
  pages,
  sizeSkip,
  links,
}: {
  label: string
  sizes: readonly number[]
  size: number
  total: number
  first: number
  last: number
  page: number
  pages: number
  /** The URL parameters the size form drops (the size itself, and the page or cursor). */
  sizeSkip: string[]
  links: PagerLinks
}) {
  const [params] = useSearchParams()
  return (
    <nav aria-label={`${label} pagination`} className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
      <PageSizeForm params={params} skip={sizeSkip} size={size} sizes={sizes} />
      <p aria-live="polite">
        {first}–{last} of {total}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <PageLink to={links.first} label="First page">
          First
        </PageLink>
        <PageLink to={links.previous} label="Previous page">
          Previous
        </PageLink>
        <span className="whitespace-nowrap">
          Page {page} of {pages}
        </span>
        <PageLink to={links.next} label="Next page">
          Next
        </PageLink>
        <PageLink to={links.last} label="Last page">
          Last
        </PageLink>
      </div>
    </nav>
  )
}

/** The URL parameter that opens the column picker (?columns=edit): a link opens it, with or without JavaScript. */
export const COLUMN_PICKER_PARAM = 'columns'

/**
 * 'Columns': a link that opens the picker's panel through the URL, and the panel, a POST form of the list's
 * optional columns; the choice is kept per person on the server (POST /table-columns) and the list comes
 * back closed. The panel is rendered only while open, so its checkbox labels never double the filters'.
 */
export function ColumnPicker({ table, saved }: { table: TableKey; saved: string[] | null }) {
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const id = useId()
  const open = params.get(COLUMN_PICKER_PARAM) === 'edit'
  const visible = visibleColumns(table, saved)
  const closed = tableHref(params, { [COLUMN_PICKER_PARAM]: null })
  return (
    <div className="relative">
      <Link
        to={open ? closed : tableHref(params, { [COLUMN_PICKER_PARAM]: 'edit' })}
        preventScrollReset
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        className={buttonClass('secondary')}
      >
        Columns
      </Link>
      {open ? (
        <Form
          id={`${id}-panel`}
          method="post"
          action="/table-columns"
          preventScrollReset
          className="z-20 mt-2 w-64 max-w-full rounded-md bg-white p-3 text-sm shadow-lg ring-1 ring-gray-200 md:absolute md:right-0"
        >
          <input type="hidden" name="table" value={table} />
          <input type="hidden" name="redirectTo" value={`${pathname}${closed === '?' ? '' : closed}`} />
          <fieldset>
            <legend className="mb-2 font-medium text-gray-900">Columns shown</legend>
            <div className="space-y-1.5">
              {optionalColumns(table).map((c) => (
                <div key={c.key} className="flex items-center gap-2">
                  <input id={`${id}-${c.key}`} type="checkbox" name="columns" value={c.key} defaultChecked={visible.has(c.key)} />
                  <label htmlFor={`${id}-${c.key}`} className="text-gray-700">
                    {c.label}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" name="intent" value="save" className={buttonClass('primary', 'py-1')}>
              Save columns
            </button>
            <button type="submit" name="intent" value="reset" className={buttonClass('secondary', 'py-1')}>
              Default columns
            </button>
          </div>
        </Form>
      ) : null}
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
