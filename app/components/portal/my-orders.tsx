// The customer's orders in the portal (issue 25, ADR 0060): the list, and one order's timeline, team, agreement
// and downloadables. Status and "waiting on" are words, never colour alone; everything works without JavaScript.
import { Link } from '@remix-run/react'
import { OrderDraftSections } from '#app/components/portal/order-drafts'
import type { MyOrder, MyOrderSummary } from '#app/models/customer-orders.server'
import { isCustomerWork, type ModuleState, WAITING_ON_TEXT } from '#app/rules/order-timeline'
import { formatDate } from '#app/rules/format'
import { Card } from '#app/ui/card'
import { OrderMessagesLink } from './customer-messages'

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline'

export function MyOrdersList({ orders, more }: { orders: MyOrderSummary[]; more: boolean }) {
  if (orders.length === 0) {
    return (
      <Card aria-label="Your orders">
        <p className="text-sm text-gray-700">
          You have no orders yet.{' '}
          <Link to="/" className={linkClass}>
            Visit the shop
          </Link>
        </p>
      </Card>
    )
  }
  return (
    <>
      <ul aria-label="Your orders" className="space-y-3">
        {orders.map((o) => (
          <li key={o._id}>
            <Card className="p-4">
              <h2 className="text-base font-semibold text-gray-900">
                <Link to={`/my-orders/${o._id}`} className={linkClass}>
                  {o.productName}
                </Link>
              </h2>
              <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
                <Field label="Status">{o.status}</Field>
                <Field label="Due">{o.dueDate ? formatDate(o.dueDate) : 'Not set yet'}</Field>
                <Field label="Next">{WAITING_ON_TEXT[o.waitingOn]}</Field>
                <Field label="Ordered">{formatDate(o.placedAt)}</Field>
              </dl>
            </Card>
          </li>
        ))}
      </ul>
      {more ? <p className="text-sm text-gray-600">Showing your {orders.length} most recent orders.</p> : null}
    </>
  )
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-2 sm:block">
      <dt className="text-gray-600">{label}</dt>
      <dd className="font-medium text-gray-900">{children}</dd>
    </div>
  )
}

const STATE_TEXT: Record<ModuleState, string> = { done: 'Done', next: 'Next', later: 'Later' }
const STATE_MARK: Record<ModuleState, string> = {
  done: 'border-green-700 bg-green-700',
  next: 'border-brand-700 bg-white ring-2 ring-brand-700',
  later: 'border-gray-400 bg-white',
}

export function MyOrderDetails({ order }: { order: MyOrder }) {
  return (
    <div className="space-y-6">
      <Card aria-label="Summary">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <Field label="Status">{order.status}</Field>
          <Field label="Due">{order.dueDate ? formatDate(order.dueDate) : 'Not set yet'}</Field>
          <Field label="Next">{WAITING_ON_TEXT[order.waitingOn]}</Field>
        </dl>
      </Card>

      <Card aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className="text-lg font-semibold text-gray-900">
          Progress
        </h2>
        {order.modules.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">This order has no steps.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {order.modules.map((m, i) => (
              <li key={`${m.serviceId}:${m.id}:${i}`} className="flex items-start gap-3" aria-current={m.state === 'next' ? 'step' : undefined}>
                <span aria-hidden="true" className={`mt-1 inline-block size-3 shrink-0 rounded-full border-2 ${STATE_MARK[m.state]}`} />
                <div className="text-sm">
                  <p className={m.state === 'next' ? 'font-semibold text-gray-900' : 'text-gray-900'}>
                    {/* The customer's own steps open their task page (read-only once done, ADR 0061). */}
                    {isCustomerWork(m.id) ? (
                      <Link to={`/my-orders/${order._id}/tasks/${m.serviceId}/${m.id}`} className={linkClass}>
                        {m.title}
                      </Link>
                    ) : (
                      m.title
                    )}
                  </p>
                  <p className="text-gray-600">
                    {STATE_TEXT[m.state]}
                    {m.state === 'done' ? '' : m.waitsOn === 'you' ? ' · your part' : ' · the team’s part'}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </Card>

      <OrderDraftSections order={order} />

      <Card aria-labelledby="team-heading">
        <h2 id="team-heading" className="text-lg font-semibold text-gray-900">
          Your team
        </h2>
        {order.team.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">Your team will be assigned soon.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {order.team.map((p) => (
              <li key={p.role}>
                <span className="text-gray-600">{p.role}:</span> <span className="font-medium text-gray-900">{p.name}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <OrderMessagesLink orderId={order._id} />

      <Card aria-labelledby="documents-heading">
        <h2 id="documents-heading" className="text-lg font-semibold text-gray-900">
          Documents
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          {order.hasAgreement ? (
            <li>
              <Link to={`/agreements/${order._id}`} className={linkClass}>
                Signed agreement
              </Link>
            </li>
          ) : null}
          {order.downloadables.map((file) => (
            <li key={file._id}>
              {/* A file download, not a page: reloadDocument so the browser saves it. */}
              <Link to={`/my-orders/${order._id}/downloads/${file._id}`} reloadDocument className={linkClass}>
                {file.title}
              </Link>{' '}
              <span className="text-gray-600">(download)</span>
            </li>
          ))}
        </ul>
        {!order.hasAgreement && order.downloadables.length === 0 ? <p className="mt-2 text-sm text-gray-700">No documents yet.</p> : null}
      </Card>
    </div>
  )
}
