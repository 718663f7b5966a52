// An order's priority as text on its colour with a coloured dot: never emoji (ADR 0071).
import { PRIORITY_STYLE, type OrderPriority } from '#app/rules/order-priority'
import { cn } from '#app/ui/cn'

export function PriorityDot({ priority }: { priority: OrderPriority }) {
  return <span aria-hidden="true" className={cn('inline-block size-2 shrink-0 rounded-full', PRIORITY_STYLE[priority].dot)} />
}

export function PriorityBadge({ priority }: { priority: OrderPriority }) {
  const style = PRIORITY_STYLE[priority]
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset', style.className)}>
      <PriorityDot priority={priority} />
      {style.label}
    </span>
  )
}
