// The dashboard's Projects tab: the archived orders, server-paged, completed ones only with 'Show completed projects'.
import { Link, useSearchParams } from '@remix-run/react'
import { SwitchTrack } from '#app/components/data-table'
import { ORDER_PAGE_SIZES, type OrderSort, type SortDir } from '#app/models/orders-list.names'
import type { OrderListRow } from '#app/models/orders-list.server'
import { tableHref } from '#app/rules/table-query'
import { Alert } from '#app/ui/alert'
import { OrdersListPager } from './orders-list-pager'
import { OrdersTable } from './orders-table'

export const SHOW_COMPLETED_PARAM = 'showCompleted'

export type ProjectsList = {
  rows: OrderListRow[]
  count: number
  offset: number
  nextCursor: string | null
  prevCursor: string | null
  lastCursor: string | null
  sort: { sort: OrderSort; dir: SortDir }
  size: number
}

export function ProjectsPanel({ list }: { list: ProjectsList | null }) {
  const [params] = useSearchParams()
  const showCompleted = params.get(SHOW_COMPLETED_PARAM) === 'true'
  return (
    <div className="space-y-3">
      <Link
        to={tableHref(params, { [SHOW_COMPLETED_PARAM]: showCompleted ? null : 'true', cursor: null })}
        role="switch"
        aria-checked={showCompleted}
        preventScrollReset
        className="inline-flex items-center gap-2 text-sm font-medium text-gray-700"
      >
        <SwitchTrack on={showCompleted} />
        Show completed projects
      </Link>
      {list ? (
        <>
          <OrdersTable label="Projects" rows={list.rows} count={list.count} offset={list.offset} sort={list.sort} />
          <OrdersListPager
            label="Projects"
            sizes={ORDER_PAGE_SIZES}
            // The spec's projects list counts 100 when no count came back.
            page={{
              count: list.count ?? 100,
              offset: list.offset,
              shown: list.rows.length,
              size: list.size,
              nextCursor: list.nextCursor,
              prevCursor: list.prevCursor,
              lastCursor: list.lastCursor,
            }}
          />
        </>
      ) : (
        <Alert tone="danger">Error loading data</Alert>
      )}
    </div>
  )
}
