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
import { useListDate } from '#app/components/data-table'
import { visibleColumns } from '#app/rules/table-columns'
import { useHydrated } from '#app/ui/use-hydrated'
import { EmptyRow, SortTh, Table, TBody, Th, THead } from '#app/ui/table'
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

/** Headers wrap (two short lines beat a table wider than the page at 1280 px). */
export const thClass = 'px-1.5 py-3 text-left align-bottom font-semibold text-gray-700'
/** Cell padding is set once on the table, not per cell: a page of 200 rows stays light. */
export const tableClass = 'min-w-full divide-y divide-gray-200 text-sm [&_td]:px-1.5 [&_td]:py-2.5 [&_td]:align-middle [&_td]:text-gray-900'
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
  /** The person's saved choice of optional columns (rules/table-columns 'orders'); the defaults when absent. */
  savedColumns?: string[] | null
}

export function OrdersTable({ label, rows, count, offset, sort, bulkFormId, actions, savedColumns = null }: OrdersTableProps) {
  const { search } = useLocation()
  const hydrated = useHydrated()
  const listDate = useListDate()
  const showActions = !!actions && (actions.update || actions.assign)
  const show = visibleColumns('orders', savedColumns)
  const columns = show.size - 1 + (bulkFormId ? 1 : 0) + (showActions ? 1 : 0)
  const rowActions = useRowActions()
  return (
    <Table label={label} className={cn(tableClass, 'table-cards')} onClick={rowActions.onClick}>
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
        <Th className={cn(thClass, 'w-10')}>#</Th>
        <SortHeader sort="customer" current={sort}>
          Customer
        </SortHeader>
        {show.has('email') ? <Th className={thClass}>Customer Email</Th> : null}
        {show.has('product') ? (
          <SortHeader sort="product" current={sort}>
            Product
          </SortHeader>
        ) : null}
        {show.has('createdAt') ? (
          <SortHeader sort="createdAt" current={sort}>
            Purchased Date
          </SortHeader>
        ) : null}
        {show.has('dueDate') ? (
          <SortHeader sort="dueDate" current={sort}>
            Due Date
          </SortHeader>
        ) : null}
        {show.has('activity') ? <Th className={thClass}>Activity Log</Th> : null}
        {show.has('lastTask') ? <Th className={thClass}>Order Status</Th> : null}
        {show.has('projectStatus') ? <Th className={thClass}>Project Status</Th> : null}
        {show.has('contributor') ? <Th className={thClass}>Contributor</Th> : null}
        {showActions ? <Th className={cn(thClass, 'sticky-end')}>Actions</Th> : null}
      </THead>
      <TBody>
        {rows.length === 0 ? (
          <EmptyRow colSpan={columns} />
        ) : (
          rows.map((o, i) => (
            <tr key={o._id} className="hover:bg-gray-50">
              {bulkFormId ? (
                <td data-label="Select">
                  <input type="checkbox" name="ids" value={o._id} form={bulkFormId} aria-label={`Select order of ${o.customer} (${o._id})`} />
                </td>
              ) : null}
              <td className="text-gray-500" data-label="#">
                {rowNumber(offset + i, count, sort.dir)}
              </td>
              <td data-label="Customer">
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
                <RowLink to={`/project/view/${o._id}`} className="font-medium text-brand-700 hover:underline">
                  {o.customer}
                </RowLink>
              </td>
              {show.has('email') ? (
                <td data-label="Customer Email" className="[overflow-wrap:anywhere]">
                  {o.customerEmail}
                </td>
              ) : null}
              {show.has('product') ? <td data-label="Product">{o.product}</td> : null}
              {show.has('createdAt') ? <td data-label="Purchased Date">{listDate(o.createdAt)}</td> : null}
              {show.has('dueDate') ? <td data-label="Due Date">{listDate(o.dueDate)}</td> : null}
              {show.has('activity') ? (
                <td data-label="Activity Log">
                  <RowLink to={`/project/view/${o._id}`} className={rowLinkClass} aria-label={`Open activity log of the order of ${o.customer} (${o._id})`}>
                    Open
                  </RowLink>
                </td>
              ) : null}
              {show.has('lastTask') ? <td data-label="Order Status">{o.lastTask ?? '-'}</td> : null}
              {show.has('projectStatus') ? (
                <td data-label="Project Status">
                  <ProjectStatusBadge status={o.projectStatus} />
                </td>
              ) : null}
              {show.has('contributor') ? <td data-label="Contributor">{o.contributor ?? NO_CONTRIBUTOR}</td> : null}
              {showActions ? (
                <td data-label="Actions" className="sticky-end">
                  <span className="flex flex-wrap gap-2">
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
