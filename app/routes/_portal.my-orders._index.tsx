// /my-orders on an organisation's host: the signed-in customer's orders, newest first (issue 25, ADR 0060).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { MyOrdersList } from '#app/components/portal/my-orders'
import { listMyOrders } from '#app/models/customer-orders.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  return listMyOrders(t, customer.id)
}

export default function MyOrdersRoute() {
  const { orders, more } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold text-gray-900">My orders</h1>
      <MyOrdersList orders={orders} more={more} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'My orders' }]
