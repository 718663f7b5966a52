// The open pool: unassigned orders this writer may take, each claimed with one POST (works without JavaScript).
import { Form, useNavigation } from '@remix-run/react'
import type { PoolOrder } from '#app/models/work-list.server'
import { Button } from '#app/ui/button'
import { DueDate, PriorityBadge } from './work-parts'

export function OpenPool({ orders }: { orders: PoolOrder[] }) {
  const navigation = useNavigation()
  const claiming = navigation.formData?.get('intent') === 'claim' ? String(navigation.formData.get('orderId')) : null
  return (
    <section aria-labelledby="open-pool-heading" className="space-y-3">
      <h2 id="open-pool-heading" className="text-lg font-semibold text-gray-900">
        Open pool
      </h2>
      <p className="text-sm text-gray-600">Unassigned orders you may take. The first writer to claim one gets it.</p>
      {orders.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-4 text-sm text-gray-600" data-testid="pool-empty">
          The pool is empty. New unassigned orders for your services show here; check back later.
        </p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
          {orders.map((order) => (
            <li key={order._id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm" data-testid="pool-order">
              <div className="min-w-0 space-y-1">
                <p className="font-medium text-gray-900">{order.productName}</p>
                <p className="flex flex-wrap items-center gap-2 text-gray-600">
                  <PriorityBadge priority={order.priority} />
                  <DueDate dueDate={order.dueDate} />
                  <span>{order.services.join(', ')}</span>
                </p>
              </div>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="claim" />
                <input type="hidden" name="orderId" value={order._id} />
                <Button type="submit" disabled={claiming === order._id} aria-label={`Claim ${order.productName}`}>
                  {claiming === order._id ? 'Claiming…' : 'Claim'}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
