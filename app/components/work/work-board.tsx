// My work as a board (enable_boards): a column per next task, then Done. Dragging a card (JavaScript) and each
// card's move form (no JavaScript) post the same move; the server decides whether it is allowed (ADR 0066).
import { Form, Link, useFetcher } from '@remix-run/react'
import { useState } from 'react'
import type { WorkItem } from '#app/models/work-list.server'
import { workOrderPath } from '#app/rules/contributor'
import { boardColumnOf, boardColumns } from '#app/rules/work-list'
import { Alert } from '#app/ui/alert'
import { Button } from '#app/ui/button'
import { cn } from '#app/ui/cn'
import { DueDate, PriorityBadge, WaitsOn } from './work-parts'

export function WorkBoard({ orders }: { orders: WorkItem[] }) {
  const columns = boardColumns(orders)
  const fetcher = useFetcher<{ error?: string }>({ key: 'board-move' })
  const [over, setOver] = useState<string | null>(null)
  const drop = (to: string, event: React.DragEvent) => {
    event.preventDefault()
    setOver(null)
    const orderId = event.dataTransfer.getData('text/plain')
    if (orderId) fetcher.submit({ intent: 'move', orderId, to }, { method: 'post' })
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-600">
        Moving a card one column to the right marks its current task done. Only a writer&apos;s own tasks move; the customer&apos;s move when they finish.
      </p>
      {fetcher.data?.error ? <Alert tone="danger">{fetcher.data.error}</Alert> : null}
      <div className="flex gap-3 overflow-x-auto pb-2" data-testid="work-board">
        {columns.map((column) => {
          const cards = orders.filter((o) => boardColumnOf(o.nextTask) === column.key)
          return (
            <section
              key={column.key}
              aria-label={column.title}
              data-column={column.key}
              onDragOver={(e) => {
                e.preventDefault()
                setOver(column.key)
              }}
              onDragLeave={() => setOver((c) => (c === column.key ? null : c))}
              onDrop={(e) => drop(column.key, e)}
              className={cn('w-72 shrink-0 space-y-2 rounded-lg bg-gray-100 p-2', over === column.key && 'ring-2 ring-brand-500')}
            >
              <h3 className="px-1 text-sm font-semibold text-gray-800">
                {column.title} <span className="font-normal text-gray-600">({cards.length})</span>
              </h3>
              <ul className="space-y-2">
                {cards.map((order) => (
                  <li
                    key={order._id}
                    draggable
                    onDragStart={(e) => e.dataTransfer.setData('text/plain', order._id)}
                    className="cursor-grab space-y-2 rounded-md bg-white p-3 text-sm shadow-sm ring-1 ring-gray-200"
                    data-testid="board-card"
                  >
                    <Link to={workOrderPath(order._id)} className="font-medium text-gray-900 hover:underline">
                      {order.productName}
                    </Link>
                    <div className="flex flex-wrap items-center gap-2 text-xs text-gray-700">
                      <PriorityBadge priority={order.priority} />
                      <DueDate dueDate={order.dueDate} />
                      <WaitsOn waitsOn={order.waitsOn} />
                    </div>
                    {columns.length > 1 && order.nextTask ? <MoveForm order={order} columns={columns.filter((c) => c.key !== column.key)} /> : null}
                  </li>
                ))}
              </ul>
            </section>
          )
        })}
      </div>
    </div>
  )
}

function MoveForm({ order, columns }: { order: WorkItem; columns: { key: string; title: string }[] }) {
  const id = `move-${order._id}`
  return (
    <Form method="post" preventScrollReset className="flex items-end gap-2">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="orderId" value={order._id} />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-xs text-gray-600">
          Move to
        </label>
        <select id={id} name="to" className="block w-full rounded-md border-gray-300 py-1 text-sm">
          {columns.map((c) => (
            <option key={c.key} value={c.key}>
              {c.title}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" className="py-1" aria-label={`Move ${order.productName}`}>
        Move
      </Button>
    </Form>
  )
}
