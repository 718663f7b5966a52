// The Needs Action table of /orders/view: open orders waiting on the team (ADR 0018), soonest due first,
// with View Order and, for LOGIN_AS_CUSTOMER, 'Login as User' (the customer log-in-as flow).
import { LoginAsButton } from '#app/components/login-as-button'
import { PriorityBadge } from '#app/components/orders/order-settings-form-parts'
import type { OrderSort, SortDir } from '#app/models/orders-list.schema'
import type { OrderListRow } from '#app/models/orders-list.server'
import { NO_CONTRIBUTOR } from '#app/rules/order-tasks'
import { rowNumber } from '#app/rules/orders-list'
import { cn } from '#app/ui/cn'
import { formatDay, formatDayTime } from './orders-list-format'
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
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-xs ring-1 ring-gray-200">
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated: the clicks come from the links and buttons inside, which the keyboard activates too */}
      <table className={tableClass} aria-label="Needs Action" onClick={rowActions.onClick}>
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className={cn(thClass, 'w-12')}>
              #
            </th>
            <SortHeader sort="product" current={sort}>
              Product
            </SortHeader>
            <SortHeader sort="dueDate" current={sort}>
              Due Date
            </SortHeader>
            <SortHeader sort="customer" current={sort}>
              Customer
            </SortHeader>
            <th scope="col" className={thClass}>
              Email
            </th>
            <th scope="col" className={thClass}>
              Contributor
            </th>
            <SortHeader sort="updatedAt" current={sort}>
              Recent Update
            </SortHeader>
            <th scope="col" className={thClass}>
              Priority
            </th>
            <th scope="col" className={thClass}>
              Status
            </th>
            <th scope="col" className={thClass}>
              Customer Last Revision
            </th>
            <th scope="col" className={thClass}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={11} className="px-4 py-8 text-center text-gray-500">
                No Record Found
              </td>
            </tr>
          ) : (
            rows.map((o, i) => (
              <tr key={o._id} className="hover:bg-gray-50">
                <td className="text-gray-500">{rowNumber(offset + i, count, sort.dir)}</td>
                <td>{o.product}</td>
                <td className="whitespace-nowrap">{formatDay(o.dueDate)}</td>
                <td>{o.customer}</td>
                <td>{o.customerEmail}</td>
                <td>{o.contributor ?? NO_CONTRIBUTOR}</td>
                <td className="whitespace-nowrap">{formatDayTime(o.updatedAt)}</td>
                <td>
                  <PriorityBadge priority={o.priority} />
                </td>
                <td>
                  <ProjectStatusBadge status={o.projectStatus} />
                </td>
                <td className="whitespace-nowrap">{formatDayTime(o.customerLastRevisionAt)}</td>
                <td className="whitespace-nowrap">
                  <span className="flex items-start gap-2">
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
        </tbody>
      </table>
    </div>
  )
}
