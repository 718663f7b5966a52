// My work's filters and list/board switch: links that keep the other query parameters, so they work without JavaScript.
import { Link, useSearchParams } from '@remix-run/react'
import { tableHref } from '#app/rules/table-query'
import { WORK_FILTER_LABELS, WORK_FILTERS, type WorkFilter } from '#app/rules/work-list'
import { cn } from '#app/ui/cn'

const pill = (active: boolean) =>
  cn(
    'inline-block rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset',
    active ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-gray-700 ring-gray-300 hover:bg-gray-50',
  )

export function WorkFilters({ current }: { current: WorkFilter }) {
  const [params] = useSearchParams()
  return (
    <nav aria-label="Filter my work">
      <ul className="flex flex-wrap gap-2">
        {WORK_FILTERS.map((filter) => (
          <li key={filter}>
            <Link
              to={tableHref(params, { filter: filter === 'open' ? null : filter, page: null })}
              aria-current={filter === current ? 'page' : undefined}
              className={pill(filter === current)}
            >
              {WORK_FILTER_LABELS[filter]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function ViewSwitch({ view }: { view: 'list' | 'board' }) {
  const [params] = useSearchParams()
  return (
    <nav aria-label="Show my work as">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={tableHref(params, { view: null })} aria-current={view === 'list' ? 'page' : undefined} className={pill(view === 'list')}>
            List
          </Link>
        </li>
        <li>
          <Link to={tableHref(params, { view: 'board' })} aria-current={view === 'board' ? 'page' : undefined} className={pill(view === 'board')}>
            Board
          </Link>
        </li>
      </ul>
    </nav>
  )
}
