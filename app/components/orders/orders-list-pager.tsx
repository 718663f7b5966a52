// Paging of the order tables through the list pages' one pager (ListPager): First, Previous, Next and Last
// carry the list's cursors (ADR 0017), so every page costs the same; the page size is a GET form.
import { Link, useSearchParams } from '@remix-run/react'
import { COLUMN_PICKER_PARAM, ListPager } from '#app/components/data-table'
import { linkClass } from '#app/components/forms'
import { listScopeNote } from '#app/rules/orders-list-scope'
import { pageCount, tableHref } from '#app/rules/table-query'

export type PagerState = { count: number; offset: number; shown: number; size: number; nextCursor: string | null; prevCursor: string | null; lastCursor: string | null }

export function OrdersListPager({ label, sizes, page }: { label: string; sizes: readonly number[]; page: PagerState }) {
  const [params] = useSearchParams()
  const cursor = (value: string | null) => tableHref(params, { cursor: value })
  const pages = pageCount(page.count, page.size)
  return (
    <ListPager
      label={label}
      sizes={sizes}
      size={page.size}
      total={page.count}
      first={page.shown === 0 ? 0 : page.offset + 1}
      last={page.offset + page.shown}
      page={Math.min(Math.floor(page.offset / page.size) + 1, pages)}
      pages={pages}
      sizeSkip={['size', 'cursor', COLUMN_PICKER_PARAM]}
      links={{
        first: page.prevCursor ? cursor(null) : null,
        previous: page.prevCursor ? cursor(page.prevCursor) : null,
        next: page.nextCursor ? cursor(page.nextCursor) : null,
        last: page.lastCursor ? cursor(page.lastCursor) : null,
      }}
    />
  )
}

/**
 * Under the list's count: the list hides old completed orders (the dashboard's Total Orders does not), so it
 * says so and links to the toggle's own URL (ADR 0075).
 */
export function OrdersListScope() {
  const [params] = useSearchParams()
  const showing = params.get('showSixMonthsCompleted') === 'true'
  const note = listScopeNote(showing)
  return (
    <p className="text-sm text-gray-600" data-testid="orders-list-scope">
      {note.text}{' '}
      <Link to={tableHref(params, { showSixMonthsCompleted: showing ? null : 'true', cursor: null })} preventScrollReset className={linkClass}>
        {note.link}
      </Link>
    </p>
  )
}
