// The View All table of /orders/view (also the dashboard's Projects tab without the row actions): tags,
// dates, last task, project status and contributor per order; headers sort through the URL.
import { useLocation, useSearchParams } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Badge } from '#app/components/page'
import { assignHref, orderSettingsHref } from '#app/components/orders/order-settings-links'
import type { OrderSort, SortDir } from '#app/models/orders-list.names'
import type { OrderListRow } from '#app/models/orders-list.server'
import { NO_CONTRIBUTOR } from '#app/rules/order-tasks'
import { rowNumber } from '#app/rules/orders-list'
import { PROJECT_STATUS_TONE, type ProjectStatus } from '#app/rules/project-status'
import { tableHref } from '#app/rules/table-query'
import { cn } from '#app/ui/cn'
import { useHydrated } from '#app/ui/use-hydrated'
import { EmptyRow, SortTh, Table, TBody, Th, THead } from '#app/ui/table'
import { formatDay } from './orders-list-format'
import { RowLink, useRowActions } from '#app/ui/row-actions'

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge tone={PROJECT_STATUS_TONE[status]}>{status}</Badge>
}

/** A column header that sorts by `sort`: first click in the column's natural direction is ascending, then it flips. A new sort starts at the first page. */
export function SortHeader({ sort, current, children }: { sort: OrderSort; current: { sort: OrderSort; dir: SortDir }; children: ReactNode }) {
  const [params] = useSearchParams()
  const active = current.sort === sort
  const nextDir: SortDir = active && current.dir === 'asc' ? 'desc' : 'asc'
  return (
    <SortTh href={tableHref(params, { sort, dir: nextDir, cursor: null })} active={active} dir={current.dir} className={thClass}>
      {children}
    </SortTh>
  )
}

export const thClass = 'px-3 py-3 text-left font-semibold whitespace-nowrap text-gray-700'
/** Cell padding is set once on the table, not per cell: a page of 200 rows stays light. */
export const tableClass = 'min-w-full divide-y divide-gray-200 text-sm [&_td]:px-3 [&_td]:py-2.5 [&_td]:align-middle [&_td]:text-gray-900'
/** A small button-styled link for row actions (shorter markup than the full button class). */
export const rowLinkClass = 'rounded-md px-2.5 py-1 text-sm font-medium text-gray-900 ring-1 ring-gray-300 ring-inset hover:bg-gray-50'

export type OrdersTableProps = {
  label: string
  rows: OrderListRow[]
  count: number
  offset: number
  sort: { sort: OrderSort; dir: SortDir }
  /** Row checkboxes belong to this form (the bulk actions' GET form), when given. */
  bulkFormId?: string
  /** Settings and Assign links per row. */
  actions?: { update: boolean; assign: boolean }
}

export function OrdersTable({ label, rows, count, offset, sort, bulkFormId, actions }: OrdersTableProps) {
  const { search } = useLocation()
  const hydrated = useHydrated()
  const showActions = !!actions && (actions.update || actions.assign)
  const columns = 10 + (bulkFormId ? 1 : 0) + (showActions ? 1 : 0)
  const rowActions = useRowActions()
  return (
    <Table label={label} className={tableClass} onClick={rowActions.onClick}>
      <THead>
        {bulkFormId ? (
          <Th className={cn(thClass, 'w-8')}>
            {hydrated ? (
              <input
                type="checkbox"
                aria-label="Select all orders on this page"
                onChange={(e) => {
                  const form = document.getElementById(bulkFormId) as HTMLFormElement | null
                  for (const box of form?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? []) box.checked = e.currentTarget.checked
                }}
              />
            ) : (
              <span className="sr-only">Select</span>
            )}
          </Th>
        ) : null}
        <Th className={cn(thClass, 'w-12')}>#</Th>
        <SortHeader sort="customer" current={sort}>
          Customer
        </SortHeader>
        <Th className={thClass}>Customer Email</Th>
        <SortHeader sort="product" current={sort}>
          Product
        </SortHeader>
        <SortHeader sort="createdAt" current={sort}>
          Purchased Date
        </SortHeader>
        <SortHeader sort="dueDate" current={sort}>
          Due Date
        </SortHeader>
        <Th className={thClass}>Activity Log</Th>
        <Th className={thClass}>Order Status</Th>
        <Th className={thClass}>Project Status</Th>
        <Th className={thClass}>Contributor</Th>
        {showActions ? <Th className={thClass}>Actions</Th> : null}
      </THead>
      <TBody>
        {rows.length === 0 ? (
          <EmptyRow colSpan={columns} />
        ) : (
          rows.map((o, i) => (
            <tr key={o._id} className="hover:bg-gray-50">
              {bulkFormId ? (
                <td>
                  <input type="checkbox" name="ids" value={o._id} form={bulkFormId} aria-label={`Select order of ${o.customer} (${o._id})`} />
                </td>
              ) : null}
              <td className="text-gray-500">{rowNumber(offset + i, count, sort.dir)}</td>
              <td>
                {o.tags.length ? (
                  <div className="mb-1 flex flex-wrap gap-1">
                    {o.tags.map((tag) => (
                      <Badge
                        key={tag}
                        tone={tag === 'Archived' || tag === 'Hidden Order' ? 'gray' : tag === 'Test Order' ? 'amber' : tag === 'Mark As Completed' ? 'green' : 'blue'}
                      >
                        {tag}
                      </Badge>
                    ))}
                  </div>
                ) : null}
                {o.customer}
              </td>
              <td>{o.customerEmail}</td>
              <td>{o.product}</td>
              <td className="whitespace-nowrap">{formatDay(o.createdAt)}</td>
              <td className="whitespace-nowrap">{formatDay(o.dueDate)}</td>
              <td>
                <RowLink to={`/project/view/${o._id}`} className={rowLinkClass} aria-label={`Open activity log of the order of ${o.customer} (${o._id})`}>
                  Open
                </RowLink>
              </td>
              <td>{o.lastTask ?? '-'}</td>
              <td>
                <ProjectStatusBadge status={o.projectStatus} />
              </td>
              <td>{o.contributor ?? NO_CONTRIBUTOR}</td>
              {showActions ? (
                <td className="whitespace-nowrap">
                  <span className="flex gap-2">
                    {actions.update ? (
                      <RowLink to={orderSettingsHref(o._id, search)} preventScrollReset className={rowLinkClass} aria-label={`Settings of the order of ${o.customer} (${o._id})`}>
                        Settings
                      </RowLink>
                    ) : null}
                    {actions.assign ? (
                      <RowLink to={assignHref([o._id], search)} preventScrollReset className={rowLinkClass} aria-label={`Assign the order of ${o.customer} (${o._id})`}>
                        Assign
                      </RowLink>
                    ) : null}
                  </span>
                </td>
              ) : null}
            </tr>
          ))
        )}
      </TBody>
    </Table>
  )
}
