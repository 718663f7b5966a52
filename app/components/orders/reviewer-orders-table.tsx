// The reviewer's orders table: product, customer, dates, latest task, project status and contributor.
import { ArchivedToggle, type Column, DataTable, ListDate } from '#app/components/data-table'
import { Badge } from '#app/components/page'
import type { OrderJson } from '#app/models/orders.server'
import { REVIEWER_ORDERS_PAGE_SIZES } from '#app/models/reviewer-orders.schema'
import { NO_CONTRIBUTOR } from '#app/rules/order-tasks'
import { PROJECT_STATUS_TONE } from '#app/rules/project-status'
import type { TableQuery } from '#app/rules/table-query'
import { RowLink } from '#app/ui/row-actions'

// One formatter for the whole table: creating one per cell costs more than the rest of the row.

// Badge has no blue: 'On track' reads as the neutral tone.
const BADGE_TONE = { green: 'green', gray: 'gray', blue: 'gray', amber: 'amber', red: 'red' } as const

export function ReviewerOrdersTable({ orders, count, query, canOpenProject }: { orders: OrderJson[]; count: number; query: TableQuery; canOpenProject: boolean }) {
  const columns: Column<OrderJson>[] = [
    { key: 'n', header: '#', cell: (_, i) => i + 1, className: 'w-12 text-gray-500' },
    { key: 'product', header: 'Product', cell: (o) => o.package.packageName },
    { key: 'customer', header: 'Customer', cell: (o) => o.customer },
    { key: 'email', header: 'Customer Email', cell: (o) => o.customerEmail },
    { key: 'createdAt', header: 'Purchased Date', cell: (o) => <ListDate value={o.createdAt} empty="Not Available" /> },
    { key: 'dueDate', header: 'Due Date', cell: (o) => <ListDate value={o.dueDate} empty="Not Available" /> },
    { key: 'lastTask', header: 'Latest Task', cell: (o) => o.lastTask ?? '-' },
    { key: 'status', header: 'Project Status', cell: (o) => <Badge tone={BADGE_TONE[PROJECT_STATUS_TONE[o.projectStatus]]}>{o.projectStatus}</Badge> },
    { key: 'writer', header: 'Contributor', cell: (o) => o.writer ?? NO_CONTRIBUTOR },
  ]
  if (canOpenProject) {
    columns.push({
      key: 'open',
      header: 'Activity Log',
      cell: (o) => (
        <RowLink to={`/project/view/${o._id}`} aria-label={`Open order of ${o.customer}`} className="font-medium text-brand-600 hover:underline">
          Open
        </RowLink>
      ),
    })
  }
  return (
    <DataTable
      label="Assigned Orders"
      columns={columns}
      rows={orders}
      rowKey={(o) => o._id}
      total={count}
      query={query}
      sizes={REVIEWER_ORDERS_PAGE_SIZES}
      searchable={false}
      empty="No orders are assigned to you for review"
      toolbar={<ArchivedToggle label="Show Archived Orders" />}
    />
  )
}
