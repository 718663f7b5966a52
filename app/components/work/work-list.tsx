// My work as a list: one card per order (product, due date, priority, status, next task per service and whom it waits on), paged.
import { Link, useSearchParams } from '@remix-run/react'
import type { WorkItem } from '#app/models/work-list.server'
import { workOrderPath } from '#app/rules/contributor'
import { tableHref } from '#app/rules/table-query'
import { PageLink } from '#app/ui/page-link'
import { DueDate, PriorityBadge, StatusBadge, WaitsOn } from './work-parts'

export function WorkList({ orders, emptyText }: { orders: WorkItem[]; emptyText: string }) {
  if (orders.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-600" data-testid="work-empty">
        {emptyText}
      </p>
    )
  }
  return (
    <ul className="space-y-3" aria-label="My orders">
      {orders.map((order) => (
        <li key={order._id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="work-order">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="min-w-0 text-base font-semibold text-gray-900">
              <Link to={workOrderPath(order._id)} className="break-words hover:underline">
                {order.productName}
              </Link>
              <span className="ml-2 text-xs font-normal text-gray-500">{order.role === 'reviewer' ? 'Reviewer' : 'Writer'}</span>
            </h3>
            <div className="flex flex-wrap items-center gap-2">
              <PriorityBadge priority={order.priority} />
              <StatusBadge status={order.projectStatus} />
            </div>
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-700">
            <DueDate dueDate={order.dueDate} />
            <span>{order.statusPercentage}% done</span>
            <WaitsOn waitsOn={order.waitsOn} />
          </div>
          {order.nextTasks.length > 0 ? (
            <ul className="mt-2 space-y-1 text-sm text-gray-700" aria-label="Next tasks">
              {order.nextTasks.map((task) => (
                <li key={`${task.serviceId}-${task.taskId}`}>
                  <span className="text-gray-500">{task.serviceName}:</span> next <strong className="font-medium">{task.title}</strong> (
                  {task.waitsOn === 'customer' ? 'the customer' : 'the team'})
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

export function WorkPager({ count, page, size }: { count: number; page: number; size: number }) {
  const [params] = useSearchParams()
  const pages = Math.max(1, Math.ceil(count / size))
  if (count <= size && page === 1) return null
  const first = count === 0 ? 0 : (page - 1) * size + 1
  const last = Math.min(count, page * size)
  return (
    <nav aria-label="My work pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
      <p aria-live="polite">
        {first}–{last} of {count}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <PageLink to={page > 1 ? tableHref(params, { page: page - 1 === 1 ? null : page - 1 }) : null} label="Previous page">
          Previous
        </PageLink>
        <PageLink to={page < pages ? tableHref(params, { page: page + 1 }) : null} label="Next page">
          Next
        </PageLink>
      </div>
    </nav>
  )
}
