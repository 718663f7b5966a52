// A small server-paged table for the platform screens (to be folded into app/components/data-table.tsx).
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { buttonClass } from '#app/ui/button'
import { cn } from '#app/ui/cn'

export const NO_RECORD = 'No Record Found'

export type Column<Row> = { key: string; header: string; cell: (row: Row) => ReactNode; className?: string }

export function SimpleTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty = NO_RECORD,
}: {
  label: string
  columns: Column<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string
  empty?: string
}) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-xs ring-1 ring-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-sm" aria-label={label}>
        <thead className="bg-gray-50">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cn('px-4 py-3 text-left font-semibold whitespace-nowrap text-gray-700', c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-gray-500">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-gray-50">
                {columns.map((c) => (
                  <td key={c.key} className={cn('px-4 py-3 align-top text-gray-900', c.className)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

/**
 * Page links and a page-size select; both are plain GET navigations, so they work without JavaScript.
 * `params` are the other query values (filters) to keep.
 */
export function Pager({
  page,
  size,
  count,
  sizes,
  params,
}: {
  page: number
  size: number
  count: number
  sizes: readonly number[]
  params: Record<string, string | undefined>
}) {
  const pages = Math.max(1, Math.ceil(count / size))
  const kept = Object.entries(params).filter((e): e is [string, string] => !!e[1])
  const href = (p: number) => `?${new URLSearchParams([...kept, ['page', String(p)], ['size', String(size)]])}`
  const from = count === 0 ? 0 : (page - 1) * size + 1
  const to = Math.min(count, page * size)
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
      <p>
        {from}-{to} of {count}
      </p>
      <div className="flex items-center gap-2">
        <Form method="get" className="flex items-center gap-2">
          {kept.map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <label htmlFor="page-size">Rows per page</label>
          <select id="page-size" name="size" defaultValue={String(size)} className="rounded-md border-gray-300 py-1 text-sm" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className={buttonClass('secondary')}>
              Apply
            </button>
          </noscript>
        </Form>
        {page > 1 ? (
          <Link to={href(page - 1)} className={buttonClass('secondary')} rel="prev">
            Previous
          </Link>
        ) : null}
        <span>
          Page {page} of {pages}
        </span>
        {page < pages ? (
          <Link to={href(page + 1)} className={buttonClass('secondary')} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  )
}
