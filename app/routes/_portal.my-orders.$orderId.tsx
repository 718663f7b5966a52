// /my-orders/{orderId} on an organisation's host: one of the customer's orders, its progress, team and documents (issue 25, ADR 0060).
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { MyOrderDetails } from '#app/components/portal/my-orders'
import { getMyOrder } from '#app/models/customer-orders.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const order = await getMyOrder(t, customer.id, params.orderId ?? '')
  // Another customer's order, a test or hidden order, or no order at all: the same 404.
  if (!order) throw data('Order not found', { status: 404 })
  return { order }
}

export default function MyOrderRoute() {
  const { order } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <p>
        <Link to="/my-orders" className="text-sm font-medium text-brand-700 hover:underline">
          ← My orders
        </Link>
      </p>
      <h1 className="text-2xl font-semibold text-gray-900">{order.productName}</h1>
      <MyOrderDetails order={order} />
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.order ? `${data.order.productName} · My orders` : 'Order not found' }]
