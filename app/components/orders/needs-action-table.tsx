// The Needs Action table of /orders/view: open orders waiting on the team (ADR 0018), soonest due first,
// with View Order and, for LOGIN_AS_CUSTOMER, 'Login as User' (the customer log-in-as flow).
import { LoginAsButton } from '#app/components/login-as-button'
import { PriorityBadge } from '#app/components/orders/priority-badge'
import type { OrderSort, SortDir } from '#app/models/orders-list.names'
import type { OrderListRow } from '#app/models/orders-list.server'
import { NO_CONTRIBUTOR } from '#app/rules/order-tasks'
import { rowNumber } from '#app/rules/orders-list'
import { cn } from '#app/ui/cn'
import { EmptyRow, Table, TBody, Th, THead } from '#app/ui/table'
import { useListDate } from '#app/components/data-table'
import { ProjectStatusBadge, rowLinkClass, SortHeader, tableClass, thClass } from './orders-table'
import { RowLink, useRowActions } from '#app/ui/row-actions'

export function NeedsActionTable({
  rows,
  count,
  offset,
  sort,
  canLoginAs,
}: {
  rows: OrderListRow[]
  count: number
  offset: number
  sort: { sort: OrderSort; dir: SortDir }
  canLoginAs: boolean
}) {
  const rowActions = useRowActions()
  const listDate = useListDate()
  return (
    <Table label="Needs Action" className={cn(tableClass, 'table-cards')} onClick={rowActions.onClick}>
      <THead>
        <Th className={cn(thClass, 'w-12')}>#</Th>
        <SortHeader sort="product" current={sort}>
          Product
        </SortHeader>
        <SortHeader sort="dueDate" current={sort}>
          Due Date
        </SortHeader>
        <SortHeader sort="customer" current={sort}>
          Customer
        </SortHeader>
        <Th className={thClass}>Email</Th>
        <Th className={thClass}>Contributor</Th>
        <SortHeader sort="updatedAt" current={sort}>
          Recent Update
        </SortHeader>
        <Th className={thClass}>Priority</Th>
        <Th className={thClass}>Status</Th>
        <Th className={thClass}>Customer Last Revision</Th>
        <Th className={cn(thClass, 'sticky-end')}>Actions</Th>
      </THead>
      <TBody>
        {rows.length === 0 ? (
          <EmptyRow colSpan={11} />
        ) : (
          rows.map((o, i) => (
            <tr key={o._id} className="hover:bg-gray-50">
              <td className="text-gray-500" data-label="#">
                {rowNumber(offset + i, count, sort.dir)}
              </td>
              <td data-label="Product">{o.product}</td>
              <td data-label="Due Date">{listDate(o.dueDate)}</td>
              <td data-label="Customer">
                <RowLink to={`/project/view/${o._id}`} className="font-medium text-brand-700 hover:underline">
                  {o.customer}
                </RowLink>
              </td>
              <td data-label="Email" className="[overflow-wrap:anywhere]">
                {o.customerEmail}
              </td>
              <td data-label="Contributor">{o.contributor ?? NO_CONTRIBUTOR}</td>
              <td data-label="Recent Update">{listDate(o.updatedAt, true)}</td>
              <td data-label="Priority">
                <PriorityBadge priority={o.priority} />
              </td>
              <td data-label="Status">
                <ProjectStatusBadge status={o.projectStatus} />
              </td>
              <td data-label="Customer Last Revision">{listDate(o.customerLastRevisionAt, true)}</td>
              <td data-label="Actions" className="sticky-end">
                <span className="flex flex-wrap items-start gap-2">
                  <RowLink to={`/project/view/${o._id}`} className={rowLinkClass} aria-label={`View Order of ${o.customer} (${o._id})`}>
                    View Order
                  </RowLink>
                  {canLoginAs && o.customerId ? (
                    <LoginAsButton
                      endpoint="/api/client/autologin/init"
                      body={{ _id: o.customerId, type: 'customer' }}
                      fields={{ intent: 'login-as', id: o.customerId }}
                      label="Login as User"
                      ariaLabel={`Login as User ${o.customer} (${o._id})`}
                    />
                  ) : null}
                </span>
              </td>
            </tr>
          ))
        )}
      </TBody>
    </Table>
  )
}
