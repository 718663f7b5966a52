// /messages on an organisation's host (issue 25, ADR 0063): the customer's orders, each a way into its
// conversations with the team and the writer, with the messages they have not read yet.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { messagesPath } from '#app/components/portal/customer-messages'
import { customerUnreadByOrder } from '#app/models/customer-messages.server'
import { listMyOrders } from '#app/models/customer-orders.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { Card } from '#app/ui/card'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const { orders } = await listMyOrders(t, customer.id)
  const unread = await customerUnreadByOrder(
    t,
    customer.id,
    orders.map((o) => o._id),
  )
  return { orders: orders.map((o) => ({ _id: o._id, productName: o.productName, placedAt: o.placedAt, unread: unread[o._id] ?? 0 })) }
}

export default function MessagesRoute() {
  const { orders } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold text-gray-900">Messages</h1>
      <Card>
        {orders.length === 0 ? (
          <p className="text-sm text-gray-700">You have no orders yet, so no conversations either.</p>
        ) : (
          <ul className="divide-y divide-gray-200">
            {orders.map((o) => (
              <li key={o._id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <Link to={messagesPath(o._id, 'team')} className="text-sm font-medium text-brand-700 underline">
                  {o.productName}
                </Link>
                <span className="text-sm text-gray-700" data-testid="unread">
                  {o.unread > 0 ? `${o.unread} unread` : 'No unread messages'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Messages' }]
