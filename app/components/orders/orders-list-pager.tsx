// Paging of the order tables: First, Previous, Next and Last are links carrying the list's cursors (ADR 0017),
// so every page costs the same; the page size is a GET form that works without JavaScript.
import { Link, useSearchParams } from '@remix-run/react'
import { PageSizeForm } from '#app/components/data-table'
import { tableHref } from '#app/rules/table-query'
import { PageLink } from '#app/ui/page-link'
import { linkClass } from '#app/components/forms'
import { listScopeNote } from '#app/rules/orders-list-scope'

export type PagerState = { count: number; offset: number; shown: number; size: number; nextCursor: string | null; prevCursor: string | null; lastCursor: string | null }

export function OrdersListPager({ label, sizes, page }: { label: string; sizes: readonly number[]; page: PagerState }) {
  const [params] = useSearchParams()
  const first = page.shown === 0 ? 0 : page.offset + 1
  const last = page.offset + page.shown
  const onFirstPage = !page.prevCursor
  return (
    <nav aria-label={`${label} pagination`} className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
      <PageSizeForm params={params} skip={['size', 'cursor']} size={page.size} sizes={sizes} />
      <p aria-live="polite">
        {first}–{last} of {page.count}
      </p>
      <div className="flex items-center gap-2">
        <PageLink to={tableHref(params, { cursor: null })} disabled={onFirstPage} label="First page">
          First
        </PageLink>
        <PageLink to={page.prevCursor ? tableHref(params, { cursor: page.prevCursor }) : null} label="Previous page">
          Previous
        </PageLink>
        <PageLink to={page.nextCursor ? tableHref(params, { cursor: page.nextCursor }) : null} label="Next page">
          Next
        </PageLink>
        <PageLink to={page.lastCursor ? tableHref(params, { cursor: page.lastCursor }) : null} label="Last page">
          Last
        </PageLink>
      </div>
    </nav>
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
